import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOUNDS } from '../../../common/bounds';
import { TaskSchema } from '../../../common/task';
import type { Settings } from '../../../main/settings/schema';
import { createSettingsStore } from '../../../main/settings/settings-store';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

const snapshot = (taskId: string, description: unknown) =>
  TaskSchema.parse({ id: taskId, title: `Task ${taskId}`, status: 'todo', description });

const pin = (taskId: string, description: unknown): Settings['pinned'][number] => ({
  profileId: 'prof_1',
  taskId,
  ref: {},
  snapshot: snapshot(taskId, description),
  error: null,
  pinnedAt: '2026-01-02T03:04:05.000Z',
});

/** What a pin keeps in settings.json is bounded: 200 pins of 60 KB descriptions made it 12.6 MB (issue 34, finding 8). */
describe('what a pin keeps in the settings file', () => {
  const tempDir = useTempDirs('task-tray-pin-size-');

  it('200 pins with 60 KB descriptions: a small file, each description kept as its readable start', async () => {
    const filePath = join(await tempDir(), 'settings.json');
    const store = createSettingsStore({ filePath });
    await store.load();
    const long = `Start here. ${'x'.repeat(60 * 1024)}`;
    const rich = JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Short and rich' }] }],
    });
    unwrap(
      await store.update((s) => ({
        ...s,
        pinned: [
          pin('tski_rich', rich),
          ...Array.from({ length: 200 }, (_, i) => pin(`tski_n${i}`, long)),
        ],
      })),
    );
    // In memory the pins keep what the service said.
    expect(store.get().pinned[1]?.snapshot?.description).toBe(long);

    const size = (await stat(filePath)).size;
    expect(size).toBeLessThan(200 * (BOUNDS.keptDescription + 1_000));

    const again = createSettingsStore({ filePath });
    const { settings, problem } = await again.load();
    expect(problem).toBeNull();
    expect(settings.pinned).toHaveLength(201);
    // A description small enough is kept as it came, rich text and all.
    expect(settings.pinned[0]?.snapshot?.description).toBe(rich);
    const kept = settings.pinned[1]?.snapshot?.description;
    expect(typeof kept).toBe('string');
    expect((kept as string).startsWith('Start here.')).toBe(true);
    expect((kept as string).length).toBeLessThanOrEqual(BOUNDS.keptDescription);
    expect(settings.pinned[1]?.snapshot?.title).toBe('Task tski_n0');
  });
});
