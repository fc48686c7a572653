import { TASK_PRIORITIES, TASK_STATUSES } from '../../common/task-values';
import type { TaskPriority, TaskStatus } from '../../common/task-values';

/** Where typing goes into a field: the task keys are left to it. A row's checkbox is not. */
export const isTextEntry = (el: EventTarget | null): boolean =>
  (el instanceof HTMLInputElement && el.type !== 'checkbox' && el.type !== 'radio') ||
  (el instanceof HTMLElement && (el.tagName === 'TEXTAREA' || el.isContentEditable));

type KeyLike = Pick<KeyboardEvent, 'key' | 'code' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>;

/**
 * The keys that change a task, the same in the list and in the task view:
 * 1–5 its status, Shift+1–4 its priority (by the key's place: Shift+digit
 * types a sign). The status keys come first: where a digit itself needs
 * Shift (AZERTY), those keys stay statuses.
 */
export function taskKey(
  e: KeyLike,
): { readonly status: TaskStatus } | { readonly priority: TaskPriority } | null {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  if (/^[1-5]$/.test(e.key)) return { status: TASK_STATUSES[Number(e.key) - 1]! };
  const p = e.shiftKey ? /^Digit([1-4])$/.exec(e.code) : null;
  return p ? { priority: TASK_PRIORITIES[Number(p[1]) - 1]! } : null;
}
