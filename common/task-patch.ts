import { z } from 'zod';
import { TaskPrioritySchema, TaskStatusSchema } from './task';

/**
 * The body of PUT /v1/task-management/{id}. Strict: the service answers 400
 * to any other field, and 500 to a null title/status/priority or an empty
 * assigneeId, so none of those ever leave the app. An empty patch is refused
 * too: the service would still count it as an update.
 */
/** Count defined values, not keys: `{ title: undefined }` serialises to `{}`, an empty update. */
export const hasChanges = (patch: object): boolean =>
  Object.values(patch).some((v) => v !== undefined);

export const TaskPatchSchema = z
  .strictObject({
    title: z.string().trim().min(1, 'A title cannot be empty.').max(10_000).optional(),
    description: z.string().max(1_000_000).optional(),
    status: TaskStatusSchema.optional(),
    priority: TaskPrioritySchema.optional(),
    assigneeId: z
      .string()
      .regex(/^mem_[A-Za-z0-9]{1,64}$/, 'An assignee is a member id ("mem_…").')
      .nullable()
      .optional(),
  })
  .refine(hasChanges, 'Nothing to change: the update is empty.');
export type TaskPatch = z.infer<typeof TaskPatchSchema>;
export const TASK_PATCH_FIELDS = [
  'title',
  'description',
  'status',
  'priority',
  'assigneeId',
] as const;
