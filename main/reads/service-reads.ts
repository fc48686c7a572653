import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { Task } from '../../common/task';
import type { ServiceClient } from '../service/client';
import type { ZodType } from 'zod';
import {
  ActivitySchema,
  MeSchema,
  PAGE_LIMIT,
  PeopleSchema,
  RisksPageSchema,
  TaskPageSchema,
  VendorsSchema,
  entityFromActivity,
} from './read-schemas';
import type { EntityKey } from './read-schemas';

/**
 * The real service's reads beyond the interface, each one page or list at a
 * time through the client (and so through its timeout, redirect refusal and
 * redaction). Only the query parameters the service knows are sent: it
 * answers 400 to any other, so no cache-buster ever goes out.
 */

/** A task list longer than this is not read to its end: 50 pages of 100. */
export const MAX_PAGES = 50;

const checked = <T>(answer: Result<unknown>, schema: ZodType<T>, what: string): Result<T> => {
  if (!answer.ok) return answer;
  const parsed = schema.safeParse(answer.value);
  return parsed.success
    ? ok(parsed.data)
    : err(appError('bad_response', `The service's answer is not ${what}.`));
};

/** Waits its turn before each request: the pacer decides. False: the reads were stopped (quit, sign-out). */
export type Turn = () => Promise<boolean>;

export interface ServiceReads {
  /** Every task item of one vendor or risk, oldest first (the only order with a tie-breaker). */
  entityTasks(entity: EntityKey, filter?: { assigneeId?: string }): Promise<Result<Task[]>>;
  /** The vendor or risk a task belongs to, from its activity; null when no row names one. */
  taskEntity(taskId: string): Promise<Result<EntityKey | null>>;
  vendors(): Promise<Result<{ id: string; name: string }[]>>;
  risks(): Promise<Result<{ id: string; title: string }[]>>;
  people(): Promise<Result<Person[]>>;
  /** With a session: the member ids it has, by organization (an API key has none). */
  me(): Promise<Result<{ organizationId: string; memberId: string }[]>>;
}

export interface Person {
  readonly id: string;
  readonly name: string | null;
  readonly email: string | null;
  readonly role: string | null;
}

/**
 * @param hold told how long to stand back when the service answers 429, so
 *   no read goes out before its Retry-After.
 */
export function createServiceReads(
  client: ServiceClient,
  turn: Turn,
  hold: (ms: number) => void = () => undefined,
): ServiceReads {
  const read = async (...args: Parameters<ServiceClient['read']>) => {
    if (!(await turn()))
      return err(appError('not_connected', 'Reading from the service was stopped.'));
    const answer = await client.read(...args);
    if (!answer.ok && answer.error.kind === 'rate_limited')
      hold(answer.error.retryAfterMs ?? 60_000);
    return answer;
  };

  return {
    async entityTasks(entity, filter = {}) {
      const tasks: Task[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = checked(
          await read('/v1/task-management', {
            entityId: entity.entityId,
            entityType: entity.entityType,
            page: String(page),
            limit: String(PAGE_LIMIT),
            // No tie-breaker on the other sorts: pages could repeat or skip a task.
            sortBy: 'createdAt',
            sortOrder: 'asc',
            ...(filter.assigneeId !== undefined ? { assigneeId: filter.assigneeId } : {}),
          }),
          TaskPageSchema,
          'a page of task items',
        );
        if (!answer.ok) return answer;
        tasks.push(...answer.value.data);
        if (page >= answer.value.meta.totalPages || answer.value.data.length === 0) break;
      }
      return ok(tasks);
    },

    async taskEntity(taskId) {
      const rows = checked(
        await read(`/v1/task-management/${encodeURIComponent(taskId)}/activity`),
        ActivitySchema,
        "a task's activity",
      );
      return rows.ok ? ok(entityFromActivity(rows.value)) : rows;
    },

    async vendors() {
      const answer = checked(await read('/v1/vendors'), VendorsSchema, 'a list of vendors');
      return answer.ok ? ok(answer.value.data.map((v) => ({ id: v.id, name: v.name }))) : answer;
    },

    async risks() {
      const risks: { id: string; title: string }[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = checked(
          await read('/v1/risks', { page: String(page), perPage: '250' }),
          RisksPageSchema,
          'a page of risks',
        );
        if (!answer.ok) return answer;
        risks.push(...answer.value.data.map((r) => ({ id: r.id, title: r.title })));
        const pages = answer.value.pageCount ?? 1;
        if (page >= pages || answer.value.data.length === 0) break;
      }
      return ok(risks);
    },

    async me() {
      const answer = checked(await read('/v1/auth/me'), MeSchema, 'who you are');
      if (!answer.ok) return answer;
      return ok(
        (answer.value.organizations ?? []).flatMap((o) =>
          o.id && o.memberId ? [{ organizationId: o.id, memberId: o.memberId }] : [],
        ),
      );
    },

    async people() {
      const answer = checked(await read('/v1/people'), PeopleSchema, 'a list of people');
      return answer.ok
        ? ok(
            answer.value.data.map((p) => ({
              id: p.id,
              name: p.user?.name ?? null,
              email: p.user?.email ?? null,
              role: p.role ?? null,
            })),
          )
        : answer;
    },
  };
}
