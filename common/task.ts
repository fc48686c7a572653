import { z } from 'zod';
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
