import { BOUNDS } from './bounds';

/**
 * The task values every process needs, with no zod: the renderer imports
 * these, so its bundle does not carry the schema library (issue 7's budget).
 */
export const TASK_STATUSES = ['todo', 'in_progress', 'in_review', 'done', 'canceled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const ENTITY_TYPES = ['vendor', 'risk'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  in_review: 'In review',
  done: 'Done',
  canceled: 'Canceled',
};

export const PRIORITY_LABELS: Record<TaskPriority, string> = {
  urgent: 'Urgent',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

export const isTaskStatus = (v: unknown): v is TaskStatus =>
  typeof v === 'string' && (TASK_STATUSES as readonly string[]).includes(v);
export const isTaskPriority = (v: unknown): v is TaskPriority =>
  typeof v === 'string' && (TASK_PRIORITIES as readonly string[]).includes(v);
export const isEntityType = (v: unknown): v is EntityType =>
  typeof v === 'string' && (ENTITY_TYPES as readonly string[]).includes(v);

/**
 * A task id goes into a URL path, and the service does not check its format:
 * we do. `tski_` and an alphanumeric suffix, bounded so a paste of a novel is refused.
 */
export const TASK_ID_PATTERN = /^tski_[A-Za-z0-9]{1,64}$/;
export const isTaskId = (v: unknown): v is string =>
  typeof v === 'string' && TASK_ID_PATTERN.test(v);

/** A member id as the service writes it (`mem_` and letters or digits): an assignee, "me". */
export const MEMBER_ID_PATTERN = /^mem_[A-Za-z0-9]{1,64}$/;

/**
 * Why a title (already trimmed) cannot be sent, or null: never empty, no
 * longer than the app keeps. TaskTitleSchema in main and the title field in
 * the popup say the same.
 */
export function titleProblem(title: string): string | null {
  if (title.length === 0) return 'A title cannot be empty.';
  if (title.length > BOUNDS.title)
    return `A title can be at most ${BOUNDS.title.toLocaleString('en')} characters.`;
  return null;
}
