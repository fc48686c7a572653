import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals here, so Testing Library cannot register its
// own cleanup: unmount after every test so screens do not pile up. The pure
// helpers' tests run in plain Node (no document): nothing to clean there.
afterEach(() => {
  if (typeof document === 'undefined') return;
  cleanup();
  delete document.documentElement.dataset.theme;
});
