import { deepFreeze } from './deep-freeze';
import type { Task } from './task';

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
  settled.add(task);
  return task;
};

/** Whether this is a task settleTask was given: TaskSchema's output, unchanged since. */
export const isSettledTask = (value: unknown): value is Task =>
  typeof value === 'object' && value !== null && settled.has(value);
