import type { PinnedTaskView } from '../../common/views';

/**
 * What a bulk change's progress is judged by: the parts of a task's view
 * that move when main takes the change (pending, queued), and when its first
 * attempt is over (a new snapshot, a queued change, a refusal).
 */
export const viewSignature = (v: PinnedTaskView): string =>
  JSON.stringify([
    v.sync,
    v.pendingPatch,
    v.error?.message ?? null,
    v.snapshot?.updatedAt ?? null,
    v.snapshot?.status ?? null,
  ]);

/**
 * How many of a bulk change's tasks are answered for, from main's events
 * alone (its final answer arrives only once all of them are): a task whose
 * view moved since the change began and is no longer being sent, or that was
 * unpinned meanwhile. A refusal that looks exactly like an earlier one is
 * counted when the final answer comes.
 */
export function answeredCount(
  before: ReadonlyMap<string, string>,
  views: readonly PinnedTaskView[],
  taskIds: readonly string[],
): number {
  const byId = new Map(views.map((v) => [v.id, v]));
  return taskIds.filter((id) => {
    const v = byId.get(id);
    return !v || (v.sync !== 'pending' && viewSignature(v) !== before.get(id));
  }).length;
}

/** Splits ids into batches main accepts (at most `size` in one request), in order. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
