import { describe, expect, it } from 'vitest';
import { appError } from '../../../common/result';
import type { PinnedTaskView } from '../../../common/views';
import { answeredCount, batches, viewSignature } from '../../../renderer/lib/bulk-progress';
import { task, view } from '../fixtures';

const before = (vs: PinnedTaskView[]) => new Map(vs.map((v) => [v.id, viewSignature(v)]));

describe('bulk progress', () => {
  const a = view({ id: 'tski_a', task: { id: 'tski_a' } });
  const b = view({ id: 'tski_b', task: { id: 'tski_b' } });
  const ids = ['tski_a', 'tski_b'];

  it('nothing is answered while main has not moved, or is still sending', () => {
    expect(answeredCount(before([a, b]), [a, b], ids)).toBe(0);
    const sending = { ...a, sync: 'pending' as const, pendingPatch: { status: 'done' as const } };
    expect(answeredCount(before([a, b]), [sending, b], ids)).toBe(0);
  });

  it('landed (new snapshot), queued and refused each count once', () => {
    const landedA = {
      ...a,
      snapshot: task({ id: 'tski_a', status: 'done', updatedAt: '2026-03-10T13:00:00Z' }),
    };
    const queuedB = { ...b, sync: 'queued' as const, pendingPatch: { status: 'done' as const } };
    expect(answeredCount(before([a, b]), [landedA, b], ids)).toBe(1);
    expect(answeredCount(before([a, b]), [landedA, queuedB], ids)).toBe(2);
    const refusedB = { ...b, sync: 'failed' as const, error: appError('invalid', 'No.') };
    expect(answeredCount(before([a, b]), [a, refusedB], ids)).toBe(1);
  });

  it('a task unpinned meanwhile is answered for: there is nothing left to wait for', () => {
    expect(answeredCount(before([a, b]), [b], ids)).toBe(1);
  });

  it('batches keep order and size', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 3)).toEqual([]);
  });
});
