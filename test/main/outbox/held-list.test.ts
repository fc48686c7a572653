import { describe, expect, it } from 'vitest';
import { createHeldList } from '../../../main/outbox/held-list';
import { laneKey } from '../../../main/outbox/outbox-entry';
import type { HeldEntry } from '../../../main/outbox/outbox-entry';

const A = 'profile_a';
const B = 'profile_b';

const entry = (id: string, profileId: string, taskId: string, more: Partial<HeldEntry> = {}) =>
  ({
    id,
    profileId,
    taskId,
    patch: { status: 'done' },
    createdAt: '2026-01-01T00:00:00.000Z',
    durable: true,
    ...more,
  }) as HeldEntry;

describe('the list the outbox holds in memory', () => {
  it('shows a row what is on its way, skipping what the service took already', () => {
    const list = createHeldList();
    list.replace([
      entry('e1', A, 'tski_a', { patch: { status: 'in_progress' } }),
      entry('e2', A, 'tski_a', { patch: { priority: 'low' } }),
      entry('e3', A, 'tski_b'),
    ]);
    expect(list.first(laneKey(A, 'tski_a'))?.id).toBe('e1');
    list.markLanded('e1');
    expect(list.waitingPatch(laneKey(A, 'tski_a'))).toEqual({ priority: 'low' });
    list.markLanded('e2');
    expect(list.waitingPatch(laneKey(A, 'tski_a'))).toBeNull();
    // Counted until the file no longer holds them.
    expect(list.pendingTasks(A)).toBe(2);
  });

  it('counts tasks per profile, or the tasks of every profile kept on disk', () => {
    const list = createHeldList();
    list.replace([
      entry('e1', A, 'tski_a'),
      entry('e2', A, 'tski_a'),
      entry('e3', B, 'tski_a'),
      entry('e4', B, 'tski_b', { durable: false }),
    ]);
    expect(list.pendingTasks(A)).toBe(1);
    expect(list.pendingTasks(B)).toBe(2);
    expect(list.pendingTasks(null)).toBe(2);
  });

  it('keeps a piece’s refusal for its siblings only while one of them waits', () => {
    const list = createHeldList();
    const key = laneKey(A, 'tski_a');
    const [p1, p2] = [
      entry('p1', A, 'tski_a', { piece: 'whole' }),
      entry('p2', A, 'tski_a', { piece: 'whole' }),
    ] as [HeldEntry, HeldEntry];
    list.replace([p1, p2]);
    expect(list.morePieces(p1, key)).toBe(true);
    list.markRefused(p1);
    list.replace([p2]);
    expect(list.refusedSibling(p2)).toBe(true);
    expect(list.morePieces(p2, key)).toBe(false);
    list.replace([]);
    // Forgotten with its last piece.
    expect(list.refusedSibling(p2)).toBe(false);
  });
});
