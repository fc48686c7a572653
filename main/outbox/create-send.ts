import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { Task } from '../../common/task';
import type { TaskCreate } from '../../common/task-create';
import { PAGE_LIMIT, TaskPageSchema } from '../reads/read-schemas';
import type { ServiceClient } from '../service/client';
import type { HeldEntry } from './outbox-entry';

/**
 * How far the service's clock may be behind this computer's: a task it made
 * for our create carries its own createdAt, compared with when we first sent.
 */
export const CLOCK_SKEW_MS = 10 * 60_000;

/**
 * Whether a listed task is the one a create made: the same title, the same
 * priority and assignee as sent, made no earlier than the create was first
 * sent (allowing for the clocks). The title alone could be an older task of
 * the same name; the rest makes a stranger's coincidence unlikely.
 */
export function madeBy(create: TaskCreate, sentAt: string, task: Task): boolean {
  const made = Date.parse(task.createdAt ?? '');
  return (
    task.title === create.title &&
    (task.priority ?? 'medium') === (create.priority ?? 'medium') &&
    (task.assignee?.id ?? null) === (create.assigneeId ?? null) &&
    Number.isFinite(made) &&
    made >= Date.parse(sentAt) - CLOCK_SKEW_MS
  );
}

/**
 * Looks in the create's vendor or risk for the task a lost answer may have
 * made: the newest page (the list is sorted by when tasks were made). Ok(null)
 * when it is not there, so the create may go again.
 */
export async function findMade(
  create: TaskCreate,
  sentAt: string,
  client: ServiceClient,
): Promise<Result<Task | null>> {
  const answer = await client.read('/v1/task-management', {
    entityId: create.entityId,
    entityType: create.entityType,
    page: '1',
    limit: String(PAGE_LIMIT),
    sortBy: 'createdAt',
    sortOrder: 'desc',
  });
  if (!answer.ok) return answer;
  const page = TaskPageSchema.safeParse(answer.value);
  if (!page.success)
    return err(
      appError(
        'bad_response',
        'The service’s list of tasks could not be read to find the new one.',
      ),
    );
  return ok(page.data.data.find((t) => madeBy(create, sentAt, t)) ?? null);
}

/**
 * Sends a create. The first time, `markSent` writes down (durably) that a
 * request may carry it before it leaves; any later time — a timeout, a cut
 * connection, a restart — the task is looked for first, so a lost answer
 * never makes two tasks (the service has no idempotency key).
 */
export async function sendCreate(
  entry: HeldEntry,
  client: ServiceClient,
  markSent: (sentAt: string) => Promise<boolean>,
  now: () => Date,
): Promise<Result<Task>> {
  const create = entry.patch as TaskCreate;
  if (entry.sentAt !== undefined) {
    const found = await findMade(create, entry.sentAt, client);
    if (!found.ok) return found;
    if (found.value) return ok(found.value);
  } else if (!(await markSent(now().toISOString()))) {
    return err(appError('internal', 'The new task could not be written down; it was not sent.'));
  }
  return client.createTask(create);
}
