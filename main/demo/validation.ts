import { TASK_PRIORITIES, TASK_STATUSES } from '../../common/task';

/**
 * The body check of PUT /v1/task-management/{id}, as the real service's
 * validation pipe does it (whitelist + forbidNonWhitelisted, every field
 * @IsOptional). @IsOptional lets null through for every field: a null title,
 * status or priority is caught only by the database, as a 500 (task-update.ts).
 */

export const UPDATE_FIELDS = ['title', 'description', 'status', 'priority', 'assigneeId'] as const;
type UpdateField = (typeof UPDATE_FIELDS)[number];

/** Fields as sent, after the pipe: present keys only, values not yet trusted beyond the checks. */
export type TaskUpdateBody = Partial<Record<UpdateField, unknown>>;

export type BodyValidation =
  | { readonly ok: true; readonly update: TaskUpdateBody }
  | { readonly ok: false; readonly messages: readonly string[] };

const absent = (v: unknown): boolean => v === null || v === undefined;
const oneOf = (field: string, values: readonly string[]): string =>
  `${field} must be one of the following values: ${values.join(', ')}`;

export const validateTaskUpdateBody = (body: unknown): BodyValidation => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, messages: ['an unknown value was passed to the validate function'] };
  }
  const record = body as Record<string, unknown>;
  const messages: string[] = [];
  for (const key of Object.keys(record)) {
    if (!(UPDATE_FIELDS as readonly string[]).includes(key)) {
      messages.push(`property ${key} should not exist`);
    }
  }
  const { title, description, status, priority, assigneeId } = record;
  if (!absent(title)) {
    if (typeof title !== 'string') messages.push('title must be a string');
    else if (title === '') messages.push('title should not be empty');
  }
  if (!absent(description) && typeof description !== 'string') {
    messages.push('description must be a string');
  }
  if (!absent(status) && !(TASK_STATUSES as readonly unknown[]).includes(status)) {
    messages.push(oneOf('status', TASK_STATUSES));
  }
  if (!absent(priority) && !(TASK_PRIORITIES as readonly unknown[]).includes(priority)) {
    messages.push(oneOf('priority', TASK_PRIORITIES));
  }
  if (!absent(assigneeId) && typeof assigneeId !== 'string') {
    messages.push('assigneeId must be a string');
  }
  if (messages.length > 0) return { ok: false, messages };

  const update: TaskUpdateBody = {};
  for (const field of UPDATE_FIELDS) {
    if (field in record) update[field] = record[field];
  }
  return { ok: true, update };
};
