import { z } from 'zod';
import { BOUNDS } from './bounds';
import { TaskPrioritySchema, TaskStatusSchema } from './task';
import { ENTITY_TYPES } from './task-values';
import { LOCAL_TASK_ID_PATTERN } from './local-task-id';
import { AssigneeIdSchema, TaskDescriptionSchema, TaskTitleSchema } from './task-patch';

export { LOCAL_TASK_ID_PATTERN, isLocalTaskId } from './local-task-id';
export const LocalTaskIdSchema = z
  .string()
  .regex(LOCAL_TASK_ID_PATTERN, 'A task being created has an id of "new_" and letters and digits.');

const ENTITY_ID: Record<(typeof ENTITY_TYPES)[number], RegExp> = {
  vendor: /^vnd_[A-Za-z0-9]{1,64}$/,
  risk: /^rsk_[A-Za-z0-9]{1,64}$/,
};

/**
 * The body of POST /v1/task-management as the app sends it: a title that is
 * not blank, the vendor or risk it belongs to, and what the person chose of
 * the rest. An assignee of null (an edit that unassigned it while it waited)
 * and an empty description are left out of the request.
 */
export const TaskCreateSchema = z
  .strictObject({
    title: TaskTitleSchema,
    entityType: z.enum(ENTITY_TYPES),
    entityId: z.string().max(BOUNDS.id),
    description: TaskDescriptionSchema.optional(),
    status: TaskStatusSchema.optional(),
    priority: TaskPrioritySchema.optional(),
    assigneeId: AssigneeIdSchema.optional(),
  })
  .superRefine((c, ctx) => {
    if (!ENTITY_ID[c.entityType].test(c.entityId))
      ctx.addIssue({
        code: 'custom',
        path: ['entityId'],
        message: `That is not a ${c.entityType} id ("${c.entityType === 'vendor' ? 'vnd_' : 'rsk_'}…").`,
      });
  });
export type TaskCreate = z.infer<typeof TaskCreateSchema>;

/** Whether a change is a create (it names its vendor or risk) rather than an update. */
export const isTaskCreate = (patch: object): patch is TaskCreate => 'entityId' in patch;

/** The JSON the service is sent: nothing null or empty that it would refuse or store oddly. */
export const createBody = (c: TaskCreate): Record<string, string> => {
  const body: Record<string, string> = {
    title: c.title,
    entityId: c.entityId,
    entityType: c.entityType,
  };
  if (c.description) body.description = c.description;
  if (c.status) body.status = c.status;
  if (c.priority) body.priority = c.priority;
  if (c.assigneeId) body.assigneeId = c.assigneeId;
  return body;
};
