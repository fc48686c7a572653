import type { AuditLog } from './audit-log';
import type { AuthContext } from './auth';
import type { DemoResponse } from './responses';
import { errorResponse, jsonResponse } from './responses';
import type { DemoStore } from './store';
import type { TaskUpdateBody } from './validation';
import { taskToWire } from './wire';

/** What the database refuses, worded as the real service reports it (a 500). */
const databaseRefusal = (update: TaskUpdateBody): string | undefined => {
  for (const field of ['title', 'status', 'priority'] as const) {
    if (field in update && update[field] === null) {
      return `Failed to update task item: Argument \`${field}\` must not be null.`;
    }
  }
  // "" slips past the member check (it is falsy) and fails the foreign key.
  if (update.assigneeId === '') {
    return 'Failed to update task item: Foreign key constraint violated on the constraint: `TaskItem_assigneeId_fkey`';
  }
  return undefined;
};

/** A timestamp later than `previous`, so two updates in one millisecond still move updatedAt. */
const nextTimestamp = (now: Date, previous: string): string => {
  const prev = Date.parse(previous);
  const t = Number.isNaN(prev) ? now.getTime() : Math.max(now.getTime(), prev + 1);
  return new Date(t).toISOString();
};

/**
 * The service logic after the body passed validation: the task must be in the
 * caller's organization (else 404, which hides other organizations' ids), an
 * assignee must be an active member, then the write. An empty update still
 * writes: it bumps updatedAt and updatedBy, as the real service does.
 */
export const updateTask = (
  store: DemoStore,
  context: AuthContext,
  taskId: string,
  update: TaskUpdateBody,
  now: Date,
  audit?: AuditLog,
): DemoResponse => {
  const task = store.task(context.organizationId, taskId);
  if (!task) return errorResponse(404, 'Task item not found');

  const assigneeId = update.assigneeId;
  if (typeof assigneeId === 'string' && assigneeId !== '') {
    const member = store.member(assigneeId);
    if (!member || member.organizationId !== context.organizationId || member.deactivated) {
      return errorResponse(400, 'Assignee is not a member of this organization');
    }
  }
  const refusal = databaseRefusal(update);
  if (refusal) return errorResponse(500, refusal);

  const before: Record<string, unknown> = Object.fromEntries(
    Object.keys(update).map((k) => [k, (task as unknown as Record<string, unknown>)[k]]),
  );
  if (typeof update.title === 'string') task.title = update.title;
  // The real service stores an empty description as null.
  if ('description' in update) task.description = update.description || null;
  if (typeof update.status === 'string') task.status = update.status;
  if (typeof update.priority === 'string') task.priority = update.priority;
  if ('assigneeId' in update) task.assigneeId = (update.assigneeId as string | null) ?? null;
  task.updatedById = context.actorMemberId;
  task.updatedAt = nextTimestamp(now, task.updatedAt);
  audit?.record({ action: 'updated', task, context, update, before, at: task.updatedAt });
  return jsonResponse(taskToWire(store, task));
};
