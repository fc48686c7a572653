import { z } from 'zod';
import { BOUNDS } from './bounds';
import { TaskPrioritySchema, TaskStatusSchema } from './task';
import { MEMBER_ID_PATTERN, titleProblem } from './task-values';

/** A title the app sends: never empty, and no longer than the app keeps (BOUNDS.title). */
export const TaskTitleSchema = z
  .string()
  .trim()
  .superRefine((title, ctx) => {
    const problem = titleProblem(title);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * The body of PUT /v1/task-management/{id}. Strict: the service answers 400
 * to any other field, and 500 to a null title/status/priority or an empty
 * assigneeId, so none of those ever leave the app. An empty patch is refused
 * too: the service would still count it as an update.
 */
/** Count defined values, not keys: `{ title: undefined }` serialises to `{}`, an empty update. */
export const hasChanges = (patch: object): boolean =>
  Object.values(patch).some((v) => v !== undefined);

/** A description the app sends, no longer than it keeps. */
export const TaskDescriptionSchema = z
  .string()
  .max(
    BOUNDS.description,
    `A description can be at most ${BOUNDS.description.toLocaleString('en')} characters.`,
  );

/** An assignee: a member id, or null for nobody. */
export const AssigneeIdSchema = z
  .string()
  .regex(MEMBER_ID_PATTERN, 'An assignee is a member id ("mem_…").')
  .nullable();

export const TaskPatchSchema = z
  .strictObject({
    title: TaskTitleSchema.optional(),
    description: TaskDescriptionSchema.optional(),
    status: TaskStatusSchema.optional(),
    priority: TaskPrioritySchema.optional(),
    assigneeId: AssigneeIdSchema.optional(),
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
