import type { BulkPatch } from '../hooks/use-change-many';
import type { TaskRowModel } from './task-model';

// Apart from lib/undo.ts: only the bulk bar's code (loaded on first use) needs it.

/**
 * A bulk change taken back: each task given what it had before (`back`),
 * grouped by that value so a bulk change is undone in a few bulk changes.
 * Tasks with nothing to go back to (`back` gives null) are left as they are.
 */
export function undoGroups<R extends { readonly id: string }, P>(
  rows: readonly R[],
  taskIds: readonly string[],
  back: (row: R) => P | null,
): { readonly taskIds: string[]; readonly patch: P }[] {
  const chosen = new Set(taskIds);
  const groups = new Map<string, { taskIds: string[]; patch: P }>();
  for (const r of rows) {
    if (!chosen.has(r.id)) continue;
    const patch = back(r);
    if (!patch) continue;
    const key = JSON.stringify(patch);
    const group = groups.get(key) ?? { taskIds: [], patch };
    group.taskIds.push(r.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** A task item's bulk change taken back; a status the service never said is left as it is. */
export const bulkUndo = (
  rows: readonly TaskRowModel[],
  taskIds: readonly string[],
  patch: BulkPatch,
) =>
  undoGroups<TaskRowModel, BulkPatch>(rows, taskIds, (r) =>
    'status' in patch
      ? r.status && { status: r.status }
      : 'priority' in patch
        ? r.priority && { priority: r.priority }
        : { assigneeId: r.assigneeId },
  );
