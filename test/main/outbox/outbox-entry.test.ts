import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../../common/task';
import type { TaskPatch } from '../../../common/task-patch';
import {
  addChange,
  foldAllLanes,
  foldLane,
  laneKey,
  lanePatch,
  splitEntry,
} from '../../../main/outbox/outbox-entry';
import type { HeldEntry } from '../../../main/outbox/outbox-entry';

const patchArb: fc.Arbitrary<TaskPatch> = fc
  .record(
    {
      status: fc.constantFrom(...TASK_STATUSES),
      priority: fc.constantFrom(...TASK_PRIORITIES),
      title: fc.string({ minLength: 1, maxLength: 8 }).filter((t) => t.trim() !== ''),
    },
    { requiredKeys: [] },
  )
  .filter((p) => Object.keys(p).length > 0);

/** What the service ends with after receiving these patches one by one. */
const applyAll = (start: Record<string, unknown>, patches: readonly object[]) =>
  patches.reduce<Record<string, unknown>>((task, p) => ({ ...task, ...p }), start);

let n = 0;
const fresh = () => ({ id: `e${n++}`, createdAt: '2026-01-01T00:00:00.000Z' });
const change = (taskId: string, patch: TaskPatch, profileId = 'profile_a') => ({
  profileId,
  taskId,
  patch,
  durable: true,
});

describe('outbox entries', () => {
  it('merges a change into the task’s waiting entry: last value per field wins', () => {
    let es: HeldEntry[] = [];
    es = addChange(es, change('tski_a', { status: 'done' }), null, fresh()).entries;
    es = addChange(es, change('tski_a', { priority: 'low' }), null, fresh()).entries;
    es = addChange(es, change('tski_a', { status: 'todo' }), null, fresh()).entries;
    expect(es).toHaveLength(1);
    expect(es[0]?.patch).toEqual({ status: 'todo', priority: 'low' });
  });

  it('never adds to a request already on the wire: the change waits behind it', () => {
    let es: HeldEntry[] = [];
    const first = addChange(es, change('tski_a', { status: 'done' }), null, fresh());
    es = first.entries;
    const second = addChange(es, change('tski_a', { status: 'todo' }), first.entryId, fresh());
    expect(second.entryId).not.toBe(first.entryId);
    expect(second.entries.map((e) => e.patch)).toEqual([{ status: 'done' }, { status: 'todo' }]);
    // A third one joins the waiting entry, not the one in flight.
    const third = addChange(
      second.entries,
      change('tski_a', { priority: 'high' }),
      first.entryId,
      fresh(),
    );
    expect(third.entryId).toBe(second.entryId);
    expect(third.entries).toHaveLength(2);
  });

  it('keeps tasks and profiles apart', () => {
    let es: HeldEntry[] = [];
    es = addChange(es, change('tski_a', { status: 'done' }), null, fresh()).entries;
    es = addChange(es, change('tski_b', { status: 'todo' }), null, fresh()).entries;
    es = addChange(es, change('tski_a', { status: 'todo' }, 'profile_b'), null, fresh()).entries;
    expect(es).toHaveLength(3);
    expect(lanePatch(es, laneKey('profile_a', 'tski_a'))).toEqual({ status: 'done' });
    expect(lanePatch(es, laneKey('profile_b', 'tski_a'))).toEqual({ status: 'todo' });
    expect(lanePatch(es, laneKey('profile_b', 'tski_b'))).toBeNull();
  });

  it('folding a lane ends where sending its changes one by one would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('tski_a', 'tski_b', 'tski_c'), patchArb), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
        (changes, sendingFlags) => {
          let es: HeldEntry[] = [];
          changes.forEach(([taskId, patch], i) => {
            // Sometimes the lane's first entry is on the wire, so entries pile up instead of merging.
            const first = es.find((e) => e.taskId === taskId);
            const sending = sendingFlags[i] && first ? first.id : null;
            es = addChange(es, change(taskId, patch), sending, fresh()).entries;
          });
          for (const taskId of ['tski_a', 'tski_b', 'tski_c']) {
            const key = laneKey('profile_a', taskId);
            const asked = changes.filter(([t]) => t === taskId).map(([, p]) => p);
            const folded = foldLane(es, key).filter((e) => e.taskId === taskId);
            if (asked.length === 0) {
              expect(folded).toEqual([]);
              continue;
            }
            expect(folded).toHaveLength(1);
            const start = { status: 'todo', title: 'x' };
            expect(applyAll(start, [folded[0]!.patch])).toEqual(applyAll(start, asked));
            expect(lanePatch(es, key)).toEqual(folded[0]!.patch);
          }
          expect(foldAllLanes(es).length).toBe(new Set(changes.map(([t]) => t)).size);
        },
      ),
    );
  });

  it('splits an entry into one per field, in its place and order, and ends where it would', () => {
    let es: HeldEntry[] = [];
    es = addChange(
      es,
      change('tski_a', { status: 'done', priority: 'high' }),
      null,
      fresh(),
    ).entries;
    es = addChange(es, change('tski_b', { status: 'done' }), null, fresh()).entries;
    const split = splitEntry(es, es[0]!.id, () => fresh().id);
    expect(split.map((e) => [e.taskId, e.patch])).toEqual([
      ['tski_a', { status: 'done' }],
      ['tski_a', { priority: 'high' }],
      ['tski_b', { status: 'done' }],
    ]);
    expect(new Set(split.map((e) => e.id)).size).toBe(3);
    expect(split[0]?.createdAt).toBe(es[0]?.createdAt);
    expect(lanePatch(split, laneKey('profile_a', 'tski_a'))).toEqual(es[0]?.patch);
    // An entry no longer there: nothing changes.
    expect(splitEntry(es, 'gone', () => fresh().id)).toEqual(es);
    // The pieces are folded with nothing, and a change merged into one is no piece any more.
    expect(foldLane(split, laneKey('profile_a', 'tski_a'))).toEqual(split);
    const merged = addChange(split, change('tski_a', { title: 'T' }), null, fresh());
    expect(merged.entries[1]).toMatchObject({ patch: { priority: 'high', title: 'T' } });
    expect(merged.entries[1]).not.toHaveProperty('piece');
    expect(split[0]?.piece).toBe(es[0]?.id);
  });

  it('a folded lane keeps its first entry’s place, id and age', () => {
    let es: HeldEntry[] = [];
    const a = addChange(es, change('tski_a', { status: 'done' }), null, fresh());
    es = addChange(a.entries, change('tski_b', { status: 'done' }), null, fresh()).entries;
    es = addChange(es, change('tski_a', { title: 'T' }), a.entryId, fresh()).entries;
    const folded = foldLane(es, laneKey('profile_a', 'tski_a'));
    expect(folded.map((e) => [e.id, e.taskId])).toEqual([
      [a.entryId, 'tski_a'],
      [es[1]!.id, 'tski_b'],
    ]);
    expect(folded[0]?.patch).toEqual({ status: 'done', title: 'T' });
  });
});
