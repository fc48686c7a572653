import { z } from 'zod';
import { BOUNDS } from './bounds';
import { TaskPrioritySchema, TaskStatusSchema } from './task';

/** A title the app sends: never empty, and no longer than the app keeps (BOUNDS.title). */
export const TaskTitleSchema = z
  .string()
  .trim()
  .min(1, 'A title cannot be empty.')
  .max(BOUNDS.title, `A title can be at most ${BOUNDS.title.toLocaleString('en')} characters.`);

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
    title: TaskTitleSchema.optional(),
    description: z
      .string()
      .max(
        BOUNDS.description,
        `A description can be at most ${BOUNDS.description.toLocaleString('en')} characters.`,
      )
      .optional(),
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
