import { displayText } from '../../common/display-text';
import type { TaskRef } from '../../common/task-ref';
import type { PersonView } from '../../common/views';

/** A person as a line: their name, else their email, else their member id. */
export const personLabel = (p: PersonView): string =>
  displayText(p.name?.trim() || p.email?.trim() || p.id);

/** The people search: every typed word in the name or email, any order, any case. */
export function filterPeople(people: readonly PersonView[], query: string): readonly PersonView[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const sorted = [...people].sort((a, b) =>
    personLabel(a).localeCompare(personLabel(b), undefined, { sensitivity: 'base' }),
  );
  if (words.length === 0) return sorted;
  return sorted.filter((p) => {
    const text = `${p.name ?? ''} ${p.email ?? ''}`.toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** What the build says while it runs; `showing` when a kept list is on screen meanwhile. */
export function progressText(
  progress: { readonly done: number; readonly total: number } | null,
  showing: boolean,
): string {
  if (!progress || progress.total === 0)
    return showing ? 'Checking for changes…' : 'Finding your tasks…';
  const what = `${progress.done} of ${progress.total} vendors and risks read`;
  return showing ? `Checking for changes: ${what}…` : `Finding your tasks: ${what}…`;
}

/** How many open tasks the list holds: "the N most pressing … of M" when main kept only the first. */
export function openCount(shown: number, more: number): string {
  if (more > 0)
    return `${shown.toLocaleString('en-US')} most pressing open tasks shown, of ${(shown + more).toLocaleString('en-US')} assigned to you`;
  return `${shown} open task${shown === 1 ? '' : 's'}`;
}

/** How a listed task is pinned: with its vendor or risk where the list says it. */
export function listedRef(
  task: { readonly entityType?: string | null; readonly entityId?: string | null } | undefined,
  taskId: string,
): TaskRef {
  return task?.entityType === 'vendor' || task?.entityType === 'risk'
    ? { taskId, entityType: task.entityType, ...(task.entityId ? { entityId: task.entityId } : {}) }
    : { taskId };
}
