import { TASK_STATUSES } from '../../common/task';
import type { TaskStatus } from '../../common/task';

/** The status after `current` in the five-way cycle: every run makes a real change. */
export function nextStatus(current: string | undefined): TaskStatus {
  const at = TASK_STATUSES.indexOf(current as TaskStatus);
  return TASK_STATUSES[(at + 1) % TASK_STATUSES.length] as TaskStatus;
}
