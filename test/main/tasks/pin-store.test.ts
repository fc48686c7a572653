import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSettingsStore } from '../../../main/settings/settings-store';
import { memoryPinStore, settingsPinStore } from '../../../main/tasks/pin-store';
import type { PinStore } from '../../../main/tasks/pin-store';
import type { PinnedTask } from '../../../main/tasks/pinned-view';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

const pin = (taskId: string): PinnedTask => ({
  taskId,
  ref: { organizationId: 'org_a1' },
  snapshot: null,
  error: null,
  pinnedAt: '2026-11-01T10:00:00.000Z',
});
const refused = { kind: 'not_found' as const, message: 'Task item not found' };

describe.each([
  [
    'settings file',
    async (dir: string): Promise<PinStore> => {
      const settings = createSettingsStore({ filePath: join(dir, 'settings.json') });
      await settings.load();
      return settingsPinStore(settings, 'profile_1');
    },
  ],
  ['memory (demo)', async (): Promise<PinStore> => memoryPinStore()],
])('pins kept in the %s', (_, open) => {
  const tempDir = useTempDirs('task-tray-pins-');

  it('an answer that arrives while the person unpins does not bring the task back', async () => {
    const store = await open(await tempDir());
    unwrap(await store.put(pin('tski_a')));
    // The unpin is asked first; the service's answer is recorded right behind it.
    const [removed, recorded] = await Promise.all([
      store.remove('tski_a'),
      store.modify('tski_a', (p) => ({ ...p, error: refused })),
    ]);
    unwrap(removed);
    expect(unwrap(recorded)).toBeNull();
    expect(store.list()).toEqual([]);
  });

  it('changes the pin as it is at write time, keeping what changed meanwhile', async () => {
    const store = await open(await tempDir());
    unwrap(await store.put(pin('tski_a')));
    unwrap(await store.put(pin('tski_b')));
    const [first, second] = await Promise.all([
      store.modify('tski_a', (p) => ({ ...p, error: refused })),
      store.modify('tski_a', (p) => ({ ...p, ref: { ...p.ref, entityType: 'risk' } })),
    ]);
    unwrap(first);
    expect(unwrap(second)).toMatchObject({ error: refused, ref: { entityType: 'risk' } });
    expect(store.list().map((p) => p.taskId)).toEqual(['tski_a', 'tski_b']);
    expect(store.list()[0]).toMatchObject({ error: refused, ref: { entityType: 'risk' } });
  });

  it('changes several pins in one go, skipping a task unpinned meanwhile and leaving the others as they were', async () => {
    const store = await open(await tempDir());
    for (const id of ['tski_a', 'tski_b', 'tski_c']) unwrap(await store.put(pin(id)));
    unwrap(await store.remove('tski_c'));
    unwrap(
      await store.modifyMany(
        new Map([
          ['tski_a', (p: PinnedTask) => ({ ...p, error: refused })],
          ['tski_c', (p: PinnedTask) => ({ ...p, error: refused })],
        ]),
      ),
    );
    expect(store.list().map((p) => [p.taskId, p.error])).toEqual([
      ['tski_a', refused],
      ['tski_b', null],
    ]);
  });

  it('finds a pin by task as it is now: changed, unpinned, pinned again', async () => {
    const store = await open(await tempDir());
    expect(store.get('tski_a')).toBeUndefined();
    unwrap(await store.put(pin('tski_a')));
    unwrap(await store.put(pin('tski_b')));
    expect(store.get('tski_b')).toEqual(pin('tski_b'));
    unwrap(await store.modify('tski_a', (p) => ({ ...p, error: refused })));
    expect(store.get('tski_a')?.error).toEqual(refused);
    unwrap(await store.remove('tski_a'));
    expect(store.get('tski_a')).toBeUndefined();
    expect(store.list().map((p) => p.taskId)).toEqual(['tski_b']);
    unwrap(await store.put(pin('tski_a')));
    expect(store.get('tski_a')).toEqual(pin('tski_a'));
  });
});

describe('pins of several profiles in one settings file', () => {
  const tempDir = useTempDirs('task-tray-pins-');

  it('each profile finds only its own pins, also after the other changes them', async () => {
    const settings = createSettingsStore({ filePath: join(await tempDir(), 'settings.json') });
    await settings.load();
    const first = settingsPinStore(settings, 'profile_1');
    const second = settingsPinStore(settings, 'profile_2');
    unwrap(await first.put(pin('tski_a')));
    unwrap(await second.put({ ...pin('tski_b'), error: refused }));
    expect(first.get('tski_b')).toBeUndefined();
    expect(second.get('tski_a')).toBeUndefined();
    unwrap(await second.modify('tski_b', (p) => ({ ...p, error: null })));
    expect(first.list().map((p) => p.taskId)).toEqual(['tski_a']);
    expect(second.get('tski_b')?.error).toBeNull();
  });
});
