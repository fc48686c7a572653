import { z } from 'zod';

export const TASK_STATUSES = ['todo', 'in_progress', 'in_review', 'done', 'canceled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TaskStatusSchema = z.enum(TASK_STATUSES);

export const TASK_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TaskPrioritySchema = z.enum(TASK_PRIORITIES);

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
export const TaskIdSchema = z
  .string()
  .regex(TASK_ID_PATTERN, 'A task id is "tski_" followed by letters and digits.');
export type TaskId = z.infer<typeof TaskIdSchema>;
export const isTaskId = (v: unknown): v is TaskId =>
  typeof v === 'string' && TASK_ID_PATTERN.test(v);

/** The interface lists `user` without its fields; the real one has these, all treated as optional. */
export const UserSchema = z.looseObject({
  id: z.string().nullish(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  image: z.string().nullish(),
});
export type User = z.infer<typeof UserSchema>;

/** assignee / createdBy / updatedBy: a member with a user; the whole thing may be null. */
export const MemberSchema = z.looseObject({
  id: z.string(),
  user: UserSchema.nullish(),
});
export type Member = z.infer<typeof MemberSchema>;

/**
 * A task as the service returns it. Liberal where the interface is silent;
 * status/priority/entityType are kept as given and flagged in `warnings`
 * when they are not values we know, so a new server value never crashes us.
 */
export const TaskSchema = z
  .looseObject({
    id: z.string(),
    title: z.string().nullish(),
    // Plain string, TipTap JSON string, object, or null: see descriptionText().
    description: z.unknown().optional(),
    status: z.string(),
    priority: z.string().nullish(),
    entityId: z.string().nullish(),
    entityType: z.string().nullish(),
    assignee: MemberSchema.nullish(),
    createdBy: MemberSchema.nullish(),
    updatedBy: MemberSchema.nullish(),
    createdAt: z.string().nullish(),
    updatedAt: z.string().nullish(),
  })
  .transform((t) => {
    const warnings: string[] = [];
    if (!isTaskStatus(t.status)) warnings.push(`Unknown status "${t.status}"`);
    if (t.priority != null && !isTaskPriority(t.priority))
      warnings.push(`Unknown priority "${t.priority}"`);
    if (t.entityType != null && !isEntityType(t.entityType))
      warnings.push(`Unknown entity type "${t.entityType}"`);
    return { ...t, warnings };
  });
export type Task = z.output<typeof TaskSchema>;
