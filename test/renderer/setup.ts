import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// Vitest runs without globals here, so Testing Library cannot register its
// own cleanup: unmount after every test so screens do not pile up. The pure
// helpers' tests run in plain Node (no document): nothing to clean there.
// The popup fetches its later parts (renderer/components/later.ts) when idle, a local file a
// millisecond away; here their first import transforms a score of modules, which would outlast a
// findBy's wait. Imported once before the tests, as the idle popup has them. test/e2e covers a key
// pressed before they are there.
beforeAll(async () => {
  if (typeof document === 'undefined') return;
  await import('../../renderer/components/home-later');
});

afterEach(() => {
  if (typeof document === 'undefined') return;
  cleanup();
  delete document.documentElement.dataset.theme;
});
