import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { Task } from '../../common/task';
import type { TaskCreate } from '../../common/task-create';
import { descriptionText } from '../../common/description';
import { PAGE_LIMIT, TaskPageSchema } from '../reads/read-schemas';
import type { ServiceClient } from '../service/client';
import { MAX_SEEN_IDS } from './outbox-entry';
import type { HeldEntry } from './outbox-entry';

/**
 * How far the service's clock may be behind this computer's: a task it made
 * for our create carries its own createdAt, compared with when we first sent.
 */
export const CLOCK_SKEW_MS = 10 * 60_000;

/**
 * Whether a listed task is the one a create made: not one of those its
 * vendor or risk listed under that title just before the create first went
 * (`seenIds`), the same title, description, priority and assignee as sent,
 * made no earlier than it was first sent (allowing for the clocks). Without
 * the list of those seen, a colleague's task of the same name made a moment
 * before could pass for ours, and ours would never be made.
 */
export function madeBy(
  create: TaskCreate,
  sent: { readonly sentAt: string; readonly seenIds: readonly string[] },
  task: Task,
): boolean {
  const made = Date.parse(task.createdAt ?? '');
  return (
    !sent.seenIds.includes(task.id) &&
    task.title === create.title &&
    descriptionText(task.description).trim() === descriptionText(create.description).trim() &&
    (task.priority ?? 'medium') === (create.priority ?? 'medium') &&
    (task.assignee?.id ?? null) === (create.assigneeId ?? null) &&
    Number.isFinite(made) &&
    made >= Date.parse(sent.sentAt) - CLOCK_SKEW_MS
  );
}

/** The create's vendor or risk, newest first (the list is sorted by when tasks were made). */
async function newestOf(create: TaskCreate, client: ServiceClient): Promise<Result<Task[]>> {
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
  return ok(page.data.data);
}

/**
 * Looks in the create's vendor or risk for the task a lost answer may have
 * made. Ok(null) when it is not there, so the create may go again.
 */
export async function findMade(
  create: TaskCreate,
  sent: { readonly sentAt: string; readonly seenIds: readonly string[] },
  client: ServiceClient,
): Promise<Result<Task | null>> {
  const listed = await newestOf(create, client);
  if (!listed.ok) return listed;
  return ok(listed.value.find((t) => madeBy(create, sent, t)) ?? null);
}

/**
 * Sends a create. The first time, it notes the tasks of that title its
 * vendor or risk already has, and writes down (durably) that a request may
 * carry it, with those, before it leaves; any later time — a timeout, a cut
 * connection, a restart — the task is looked for first, among the others,
 * so a lost answer never makes two tasks (the service has no idempotency
 * key) and never takes a colleague's task for ours.
 */
export async function sendCreate(
  entry: HeldEntry,
  client: ServiceClient,
  markSent: (sentAt: string, seenIds: readonly string[]) => Promise<boolean>,
  now: () => Date,
): Promise<Result<Task>> {
  const create = entry.patch as TaskCreate;
  if (entry.sentAt !== undefined) {
    const sent = { sentAt: entry.sentAt, seenIds: entry.seenIds ?? [] };
    const found = await findMade(create, sent, client);
    if (!found.ok) return found;
    if (found.value) return ok(found.value);
  } else {
    // Offline, this read fails and nothing goes: the create waits as any change does.
    const before = await newestOf(create, client);
    if (!before.ok) return before;
    const seenIds = before.value
      .filter((t) => t.title === create.title)
      .map((t) => t.id)
      .slice(0, MAX_SEEN_IDS);
    if (!(await markSent(now().toISOString(), seenIds)))
      return err(appError('internal', 'The new task could not be written down; it was not sent.'));
  }
  return client.createTask(create);
}
