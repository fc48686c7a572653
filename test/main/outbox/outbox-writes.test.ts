import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../common/result';
import { createLogger } from '../../../main/log/logger';
import { addChange, laneKey, removeEntry } from '../../../main/outbox/outbox-entry';
import type { HeldEntry, OutboxEntry } from '../../../main/outbox/outbox-entry';
import { createOutboxFile } from '../../../main/outbox/outbox-file';
import type { OutboxStore } from '../../../main/outbox/outbox-file';
import { createOutboxWrites, durableEntries } from '../../../main/outbox/outbox-writes';
import type { ListChange } from '../../../main/outbox/outbox-writes';
import { useTempDirs } from '../../helpers/temp-dir';

const PROFILE = 'profile_0123456789abcdef';
const key = (taskId: string) => laneKey(PROFILE, taskId);

let n = 0;
/** Adds a change of status to a task, as enqueue does. */
const add =
  (taskId: string, durable = true): ListChange =>
  (es) =>
    addChange(es, { profileId: PROFILE, taskId, patch: { status: 'done' }, durable }, null, {
      id: `e${n++}`,
      createdAt: '2026-01-01T00:00:00.000Z',
    }).entries;

const heldEntry = (taskId: string): HeldEntry => ({
  id: `e_${taskId}`,
  profileId: PROFILE,
  taskId,
  patch: { status: 'done' },
  createdAt: '2026-01-01T00:00:00.000Z',
  durable: true,
});

/** The real file, each save recorded; `hold()` keeps the next saves from starting until let go. */
function recordingStore(inner: OutboxStore) {
  const saved: (readonly OutboxEntry[])[] = [];
  let gate: Promise<void> | null = null;
  const store: OutboxStore = {
    load: () => inner.load(),
    async save(entries): Promise<Result<null>> {
      saved.push(entries);
      if (gate) await gate;
      return inner.save(entries);
    },
  };
  return {
    store,
    saved,
    hold(): () => void {
      let letGo = () => {};
      gate = new Promise((r) => (letGo = r));
      return () => {
        gate = null;
        letGo();
      };
    },
  };
}

describe('the outbox’s writes', () => {
  const tempDir = useTempDirs('task-tray-outbox-writes-');

  async function rig(opts: { filePath?: string } = {}) {
    const filePath = opts.filePath ?? join(await tempDir(), 'outbox.json');
    const recorded = recordingStore(createOutboxFile({ filePath }));
    const logged: string[] = [];
    let list: readonly HeldEntry[] = [];
    let batches = 0;
    const writes = createOutboxWrites({
      store: recorded.store,
      log: createLogger(
        (level, text) => void logged.push(`${level}: ${text}`),
        () => [],
      ),
      current: () => list,
      commit: (next) => void (list = next),
      onWritten: () => void (batches += 1),
    });
    return {
      writes,
      ...recorded,
      logged,
      filePath,
      list: () => list,
      batches: () => batches,
      /** What the file holds now: its entries' task ids. */
      onDisk: async () =>
        (JSON.parse(await readFile(filePath, 'utf8')) as { entries: OutboxEntry[] }).entries.map(
          (e) => e.taskId,
        ),
    };
  }

  it('writes the changes asked for in one run of code in one save', async () => {
    const r = await rig();
    const ids = Array.from({ length: 50 }, (_, i) => `tski_bulk${i}`);
    const answers = await Promise.all(ids.map((id) => r.writes.mutate([key(id)], add(id), false)));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(r.saved).toHaveLength(1);
    expect(await r.onDisk()).toEqual(ids);
    expect(r.list().map((e) => e.taskId)).toEqual(ids);
    expect(r.batches()).toBe(1);
  });

  it('writes what arrives during a save together in the next one', async () => {
    const r = await rig();
    const letGo = r.hold();
    const first = r.writes.mutate([key('tski_first')], add('tski_first'), false);
    // The first save has started and waits: these queue behind it.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(r.saved).toHaveLength(1);
    const later = ['tski_b', 'tski_c', 'tski_d'].map((id) =>
      r.writes.mutate([key(id)], add(id), false),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(r.saved).toHaveLength(1);
    letGo();
    await Promise.all([first, ...later]);
    expect(r.saved.map((s) => s.length)).toEqual([1, 4]);
    expect(await r.onDisk()).toEqual(['tski_first', 'tski_b', 'tski_c', 'tski_d']);
  });

  it('keeps a change out of memory until its batch is written', async () => {
    const r = await rig();
    const letGo = r.hold();
    const done = r.writes.mutate([key('tski_a')], add('tski_a'), false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(r.writes.busy()).toBe(true);
    expect(r.list()).toEqual([]);
    letGo();
    await done;
    expect(r.list().map((e) => e.taskId)).toEqual(['tski_a']);
    expect(r.writes.busy()).toBe(false);
  });

  it('holds back only the lanes whose next state is being written', async () => {
    const r = await rig();
    const letGo = r.hold();
    const done = r.writes.mutate([key('tski_a')], add('tski_a'), false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const order: string[] = [];
    const a = r.writes.writtenFor(key('tski_a')).then(() => order.push('a'));
    const b = r.writes.writtenFor(key('tski_b')).then(() => order.push('b'));
    await b;
    expect(order).toEqual(['b']);
    letGo();
    await Promise.all([a, done]);
    expect(order).toEqual(['b', 'a']);
    // Lane a's wait ended with its entry already in the list.
    expect(r.list().map((e) => e.taskId)).toEqual(['tski_a']);
  });

  it('writes nothing for a change that leaves the file as it is (a demo change)', async () => {
    const r = await rig();
    expect((await r.writes.mutate([key('tski_a')], add('tski_a', false), false)).ok).toBe(true);
    // Nothing written before: the first save of an empty list still happens, once.
    expect(r.saved).toEqual([[]]);
    expect((await r.writes.mutate([key('tski_b')], add('tski_b', false), false)).ok).toBe(true);
    expect(r.saved).toEqual([[]]);
    expect(r.list().map((e) => e.taskId)).toEqual(['tski_a', 'tski_b']);
    expect(r.batches()).toBe(2);
  });

  it('does not write an empty list to a file known to be empty', async () => {
    const r = await rig();
    r.writes.fileHolds([]);
    await r.writes.mutate([key('tski_a')], add('tski_a', false), false);
    expect(r.saved).toEqual([]);
  });

  it('puts in the file the durable entries only, without what memory alone knows', () => {
    const entries: HeldEntry[] = [
      {
        id: 'e_kept',
        profileId: PROFILE,
        taskId: 'tski_a',
        patch: { status: 'done' },
        createdAt: '2026-01-01T00:00:00.000Z',
        durable: true,
        piece: 'e_whole',
      },
      {
        id: 'e_demo',
        profileId: PROFILE,
        taskId: 'tski_b',
        patch: { status: 'todo' },
        createdAt: '2026-01-01T00:00:00.000Z',
        durable: false,
      },
    ];
    expect(durableEntries(entries)).toEqual([
      {
        id: 'e_kept',
        profileId: PROFILE,
        taskId: 'tski_a',
        patch: { status: 'done' },
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
  });

  it('on a failed save, refuses the changes that may wait and applies those that must', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'blocker'), '');
    // A path under a file: every save fails.
    const r = await rig({ filePath: join(dir, 'blocker', 'outbox.json') });
    const landed = heldEntry('tski_landed');
    await r.writes.mutate([key('tski_landed')], () => [landed], true);
    expect(r.list()).toEqual([landed]);
    const [kept, removed] = await Promise.all([
      r.writes.mutate([key('tski_new')], add('tski_new'), false),
      r.writes.mutate([key('tski_landed')], (es) => removeEntry(es, landed.id), true),
    ]);
    expect(kept).toMatchObject({ ok: false, error: { kind: 'storage' } });
    expect(removed.ok).toBe(true);
    // The new change is not held (nothing on disk would back it); the landed entry is gone.
    expect(r.list()).toEqual([]);
    expect(
      r.logged.filter((l) => l.startsWith('warn: The outbox could not be saved')),
    ).toHaveLength(2);
  });
});
