import type { BulkPatch } from '../hooks/use-change-many';
import type { TaskRowModel } from './task-model';

// Apart from lib/undo.ts: only the bulk bar's code (loaded on first use) needs it.
/**
 * A bulk change taken back: each task given what it had before, grouped by
 * that value so a bulk change is undone in a few bulk changes. Tasks whose
 * value was unknown (a status the service never said) are left as they are.
 */
export function bulkUndo(
  rows: readonly TaskRowModel[],
  taskIds: readonly string[],
  patch: BulkPatch,
): { readonly taskIds: string[]; readonly patch: BulkPatch }[] {
  const chosen = new Set(taskIds);
  const groups = new Map<string, { taskIds: string[]; patch: BulkPatch }>();
  for (const r of rows) {
    if (!chosen.has(r.id)) continue;
    const back: BulkPatch | null =
      'status' in patch
        ? r.status && { status: r.status }
        : 'priority' in patch
          ? r.priority && { priority: r.priority }
          : { assigneeId: r.assigneeId };
    if (!back) continue;
    const key = JSON.stringify(back);
    const group = groups.get(key) ?? { taskIds: [], patch: back };
    group.taskIds.push(r.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}
