import { deepFreeze, isFrozenData } from '../lib/deep-freeze';
import type { Task } from '../../common/task';

/** Tasks that are TaskSchema's own output, frozen since: parsed again, each would come back equal. */
const settled = new WeakSet<object>();

/**
 * Freezes a task that TaskSchema (or its twin, the quick parse) has just
 * made, and remembers it as such. A pin that keeps it is then not parsed
 * again field by field when settings are written (settings/schema.ts), and
 * the secret guard, having found it clean once, does not walk it again in
 * the next event, write or answer: a bulk change's 200 answers were parsed
 * and walked once more each in the settings write that keeps them.
 */
export const settleTask = (task: Task): Task => {
  deepFreeze(task);
  // Only plain data all the way down: a boxed string, say, which TaskSchema lets through in a
  // description, reads differently once its snapshot is parsed again (withoutSecretKeys).
  if (isFrozenData(task)) settled.add(task);
  return task;
};

/** Whether settleTask was given this task and found it plain data: TaskSchema's output, unchanged since. */
export const isSettledTask = (value: unknown): value is Task =>
  typeof value === 'object' && value !== null && settled.has(value);
