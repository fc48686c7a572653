import type { Task } from '../../common/task';
import { TASK_PRIORITIES } from '../../common/task-values';

/** Statuses that need nothing more of anyone: "assigned to me" leaves them out. */
const CLOSED = new Set(['done', 'canceled']);

export const isOpen = (task: Task): boolean => !CLOSED.has(task.status ?? '');

const rank = (priority: string | null | undefined): number => {
  const at = (TASK_PRIORITIES as readonly string[]).indexOf(priority ?? '');
  return at === -1 ? TASK_PRIORITIES.length : at;
};
const time = (iso: string | null | undefined): number => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? 0 : t;
};

/**
 * The person's open tasks, most pressing first: by priority (urgent before
 * low, unknown last), then the most recently changed, then by id so the
 * order never flickers between two reads of the same data.
 */
export function orderAssigned(tasks: readonly Task[]): Task[] {
  return tasks
    .filter(isOpen)
    .sort(
      (a, b) =>
        rank(a.priority) - rank(b.priority) ||
        time(b.updatedAt) - time(a.updatedAt) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}
