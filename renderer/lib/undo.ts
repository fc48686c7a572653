import type { BulkPatch } from '../hooks/use-change-many';
import type { TaskRowModel } from './task-model';

/** A change just made, and how to take it back (through the same calls a change makes). */
export interface UndoOffer {
  /** What was done, as the toast says it. */
  readonly text: string;
  readonly undo: () => unknown;
}

/** How long a change can be undone: time to notice a slip of the finger and reach for it. */
export const UNDO_MS = 8_000;
/** How long "Undone" stays once it is done. */
export const UNDONE_MS = 3_000;

/** Quoted, short enough that the toast keeps to two lines. */
export const quoted = (title: string): string =>
  `“${title.length > 40 ? `${title.slice(0, 39)}…` : title}”`;

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
