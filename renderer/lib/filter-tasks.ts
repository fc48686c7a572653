import type { TaskRowModel } from './task-model';

/**
 * Type-to-filter: every word typed must appear somewhere in what the row
 * shows (title, id, vendor/risk, priority, status), in any order, any case.
 */
export function matchesFilter(row: TaskRowModel, query: string): boolean {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    row.title,
    row.id,
    row.entityType ?? '',
    row.priorityLabel ?? '',
    row.statusLabel,
  ]
    .join(' ')
    .toLocaleLowerCase();
  return words.every((w) => haystack.includes(w));
}

export const filterRows = (rows: readonly TaskRowModel[], query: string): TaskRowModel[] =>
  rows.filter((r) => matchesFilter(r, query));
