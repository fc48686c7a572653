import type { Task } from '../../common/task';
import { listedTask } from '../reads/bounded-list';
import { isOpen, orderAssigned } from './assigned-order';

/** Open ids counted past the kept list; beyond this the count stops growing (a hostile service's). */
const MAX_COUNTED = 100_000;

/**
 * "Assigned to me" gathered over many lists, bounded in total
 * (docs/ARCHITECTURE.md, invariant 8): the `max` most pressing open tasks
 * are kept, without their descriptions; the others are only counted, once
 * each. The most pressing of all are the most pressing of the kept ones and
 * each new list, so nothing is lost by cutting after every list.
 */
export function createGathering(max: number) {
  let kept: Task[] = [];
  const counted = new Set<string>();
  return {
    add(tasks: readonly Task[]): void {
      const byId = new Map(kept.map((t) => [t.id, t]));
      for (const task of tasks) {
        if (!isOpen(task)) continue;
        if (counted.size < MAX_COUNTED) counted.add(task.id);
        byId.set(task.id, listedTask(task));
      }
      kept = orderAssigned([...byId.values()]).slice(0, max);
    },
    /** The kept tasks, most pressing first, and how many more open ones were met. */
    result: (): { tasks: Task[]; more: number } => ({
      tasks: kept,
      more: Math.max(0, counted.size - kept.length),
    }),
  };
}
