import type { Task } from '../../common/task';
import type { TaskCreate } from '../../common/task-create';
import type { PinnedTaskView } from '../../common/views';

/** A task being made here, as the outbox holds it (outbox.ts's WaitingCreate). */
export interface CreatingTask {
  readonly taskId: string;
  readonly create: TaskCreate;
  readonly createdAt: string;
  readonly sync: 'pending' | 'queued';
}

/** What its row says while it waits: on the wire, or held until the service can be reached. */
export const CREATING_WORDS = {
  pending: 'Creating…',
  queued: 'Creating… It is kept here and sent once the service can be reached.',
} as const;

/** Its row is the outbox's: it goes when the task is made (then pinned) or refused. */
export const STILL_CREATING =
  'A new task stays in the list until the service has made it: unpin it then.';

/**
 * A task being created, as a row among the pins: what it will be once made
 * (the service's defaults, todo and medium, where the person chose none),
 * under its local id until the service gives it its own.
 */
export function creatingRow(c: CreatingTask): PinnedTaskView {
  const { create } = c;
  const snapshot: Task = {
    id: c.taskId,
    title: create.title,
    description: create.description ?? null,
    status: create.status ?? 'todo',
    priority: create.priority ?? 'medium',
    entityId: create.entityId,
    entityType: create.entityType,
    assignee: create.assigneeId ? { id: create.assigneeId, user: null } : null,
    createdBy: null,
    updatedBy: null,
    createdAt: c.createdAt,
    updatedAt: null,
    warnings: [],
  };
  return {
    id: c.taskId,
    ref: { entityType: create.entityType, entityId: create.entityId },
    snapshot,
    pendingPatch: null,
    sync: c.sync,
    error: null,
    pinnedAt: c.createdAt,
    readNote: CREATING_WORDS[c.sync],
  };
}
