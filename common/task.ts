import { z } from 'zod';
import { BOUNDS, boundedJson, clip } from './bounds';
import { clipped } from './bounded-string';
import { descriptionText } from './description';
import {
  TASK_ID_PATTERN,
  TASK_PRIORITIES,
  TASK_STATUSES,
  isEntityType,
  isTaskPriority,
  isTaskStatus,
} from './task-values';

export * from './task-values';

export const TaskStatusSchema = z.enum(TASK_STATUSES);
export const TaskPrioritySchema = z.enum(TASK_PRIORITIES);
export const TaskIdSchema = z
  .string()
  .regex(TASK_ID_PATTERN, 'A task id is "tski_" followed by letters and digits.');
export type TaskId = z.infer<typeof TaskIdSchema>;

/** An id or enum-like value: one longer than any id is no id, and the answer is refused. */
const Id = z.string().max(BOUNDS.id);

/**
 * A description as kept: as it came when it is small and shallow enough to
 * save and send across IPC, otherwise its readable text (docs/ARCHITECTURE.md, invariant 8).
 */
export function boundDescription(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string')
    return value.length <= BOUNDS.description
      ? value
      : clip(descriptionText(value), BOUNDS.descriptionText);
  if (typeof value !== 'object') return value;
  return boundedJson(value, BOUNDS.depth, BOUNDS.description) !== null
    ? value
    : clip(descriptionText(value), BOUNDS.descriptionText);
}

/**
 * The interface lists `user` without its fields; the real one has these, all
 * treated as optional. Fields the app does not use are not kept: anything
 * kept is saved and sent to the popup, so it is what the app shows, bounded.
 */
export const UserSchema = z.object({
  id: Id.nullish(),
  name: clipped(BOUNDS.name).nullish(),
  email: clipped(BOUNDS.name).nullish(),
  image: clipped(BOUNDS.url).nullish(),
});
export type User = z.infer<typeof UserSchema>;

/** assignee / createdBy / updatedBy: a member with a user; the whole thing may be null. */
export const MemberSchema = z.object({
  id: Id,
  user: UserSchema.nullish(),
});
export type Member = z.infer<typeof MemberSchema>;

/**
 * A task as the service returns it. Liberal where the interface is silent;
 * status/priority/entityType are kept as given and flagged in `warnings`
 * when they are not values we know, so a new server value never crashes us.
 * Only the interface's fields are kept, each bounded (docs/ARCHITECTURE.md, invariant 8).
 */
export const TaskSchema = z
  .object({
    id: Id,
    title: clipped(BOUNDS.title).nullish(),
    // Plain string, TipTap JSON string, object, or null: see descriptionText().
    description: z.unknown().transform(boundDescription).optional(),
    status: Id,
    priority: Id.nullish(),
    entityId: Id.nullish(),
    entityType: Id.nullish(),
    assignee: MemberSchema.nullish(),
    createdBy: MemberSchema.nullish(),
    updatedBy: MemberSchema.nullish(),
    createdAt: Id.nullish(),
    updatedAt: Id.nullish(),
  })
  .transform((t) => ({ ...t, warnings: taskWarnings(t) }));
export type Task = z.output<typeof TaskSchema>;

/** What a task holds that the app does not know: said on the row, never refused. */
export function taskWarnings(t: {
  readonly status: string;
  readonly priority?: string | null | undefined;
  readonly entityType?: string | null | undefined;
}): string[] {
  const warnings: string[] = [];
  if (!isTaskStatus(t.status)) warnings.push(`Unknown status "${t.status}"`);
  if (t.priority != null && !isTaskPriority(t.priority))
    warnings.push(`Unknown priority "${t.priority}"`);
  if (t.entityType != null && !isEntityType(t.entityType))
    warnings.push(`Unknown entity type "${t.entityType}"`);
  return warnings;
}
