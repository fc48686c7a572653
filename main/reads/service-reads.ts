import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { Task } from '../../common/task';
import type { ReadAnswer, ServiceClient } from '../service/client';
import { readRoute } from './read-budget';
import { changesSince } from './changes-since';
import type { ChangeCursor, ChangesSince } from './changes-since';
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
import { BOUNDS } from '../../common/bounds';
import { MEMBER_ID_PATTERN } from '../../common/task-values';
import { boundedList, listedTask, taskListLimits } from './bounded-list';
import type { Listed } from './bounded-list';

export type { Listed } from './bounded-list';

/**
 * The real service's reads beyond the interface, each one page or list at a
 * time through the client (and so through its timeout, redirect refusal and
 * redaction). Only the query parameters the service knows are sent: it
 * answers 400 to any other, so no cache-buster ever goes out.
 */

/** A task list longer than this is not read to its end: 50 pages of 100. */
export const MAX_PAGES = 50;
/** Lists kept for `recentMs` (a few pasted links' vendors and risks). */
const MAX_RECENT_LISTS = 8;

/**
 * An answer checked against its schema once: a 304 hands back the very value
 * checked before (service/conditional-memory.ts), whose check is kept here.
 */
const checkedBefore = new WeakMap<object, { schema: ZodType; data: unknown }>();

const checked = <T>(answer: Result<ReadAnswer>, schema: ZodType<T>, what: string): Result<T> => {
  if (!answer.ok) return answer;
  const raw = answer.value.value;
  const before = raw !== null && typeof raw === 'object' ? checkedBefore.get(raw) : undefined;
  if (answer.value.unchanged && before?.schema === schema) return ok(before.data as T);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return err(appError('bad_response', `The service's answer is not ${what}.`));
  if (raw !== null && typeof raw === 'object')
    checkedBefore.set(raw, { schema, data: parsed.data });
  return ok(parsed.data);
};

/**
 * Waits its turn before each request on its route (read-budget.ts decides).
 * False: the reads were stopped (quit, sign-out, another account shown).
 */
export type Turn = (route: string) => Promise<boolean>;

/** Lists being read now, by what they list: a second ask for the same one joins the first. */
export type ReadJoins = Pick<Map<string, Promise<Result<Listed<Task>>>>, 'get' | 'set' | 'delete'>;

/**
 * Every list is bounded in total (bounded-list.ts): a vendor's or risk's
 * tasks by BOUNDS.listedTasks and listBytes, vendors and risks by
 * listedEntities, each paged list by listTimeMs; `more` says it was cut.
 */
export interface ServiceReads {
  /** The task items of one vendor or risk, oldest first (the only order with a tie-breaker). */
  entityTasks(
    entity: EntityKey,
    filter?: {
      assigneeId?: string;
      /** Kept without their descriptions, so the bytes cap counts what is kept. */
      withoutDescriptions?: boolean;
      /**
       * A list read this recently (ms) serves as it is: a pin made just
       * after others of the same vendor (pasted links) is filled from the
       * read made for them.
       */
      recentMs?: number;
    },
  ): Promise<Result<Listed<Task>>>;
  /**
   * What task items changed across the organization since `cursor` (one
   * request, the audit log; needs app:read), newest first; `unavailable` when
   * the key lacks the scope or the service the route, so the caller reads
   * each entity instead.
   */
  changesSince(cursor: ChangeCursor | null): Promise<Result<ChangesSince>>;
  /** The vendor or risk a task belongs to, from its activity; null when no row names one. */
  taskEntity(taskId: string): Promise<Result<EntityKey | null>>;
  vendors(): Promise<Result<Listed<{ id: string; name: string }>>>;
  risks(): Promise<Result<Listed<{ id: string; title: string }>>>;
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
 * @param now the clock a paged list's time bound is kept by.
 */
export function createServiceReads(
  client: ServiceClient,
  turn: Turn,
  hold: (route: string, ms: number) => void = () => undefined,
  now: () => number = Date.now,
  joins: ReadJoins = new Map(),
): ServiceReads {
  const entityLimits = () => ({
    maxItems: BOUNDS.listedEntities,
    maxBytes: null,
    timeMs: BOUNDS.listTimeMs,
    now,
  });
  const read = async (...args: Parameters<ServiceClient['read']>): Promise<Result<ReadAnswer>> => {
    const route = readRoute(args[0]);
    if (!(await turn(route)))
      return err(appError('not_connected', 'Reading from the service was stopped.'));
    const answer = await client.readIfChanged(...args);
    if (!answer.ok && answer.error.kind === 'rate_limited')
      hold(route, answer.error.retryAfterMs ?? 60_000);
    return answer;
  };

  /** The last few lists read, by when: what `recentMs` may take instead of a read. */
  const recent = new Map<string, { at: number; listed: Result<Listed<Task>> }>();
  const entityTasks: ServiceReads['entityTasks'] = (entity, filter = {}) => {
    const key = [
      entity.entityType,
      entity.entityId,
      filter.assigneeId ?? '',
      filter.withoutDescriptions ? 'short' : 'whole',
    ].join(' ');
    const running = joins.get(key);
    if (running) return running;
    const kept = recent.get(key);
    if (kept && filter.recentMs !== undefined && now() - kept.at <= filter.recentMs)
      return Promise.resolve(kept.listed);
    const started = readEntityTasks(entity, filter);
    joins.set(key, started);
    void started.then((listed) => {
      if (joins.get(key) === started) joins.delete(key);
      recent.delete(key);
      if (!listed.ok) return;
      recent.set(key, { at: now(), listed });
      for (const old of recent.keys()) if (recent.size > MAX_RECENT_LISTS) recent.delete(old);
    });
    return started;
  };

  const readEntityTasks: ServiceReads['entityTasks'] = async (entity, filter = {}) => {
    const tasks = boundedList<Task>(taskListLimits(now));
    for (let page = 1; page <= MAX_PAGES; page++) {
      if (!tasks.inTime()) return ok(tasks.done(true));
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
      const last = page >= answer.value.meta.totalPages || answer.value.data.length === 0;
      const items = filter.withoutDescriptions
        ? answer.value.data.map(listedTask)
        : answer.value.data;
      if (!tasks.add(items) || last) return ok(tasks.done(!last));
    }
    return ok(tasks.done(true));
  };

  return {
    entityTasks,

    changesSince: (cursor) => changesSince(read, cursor),

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
      if (!answer.ok) return answer;
      const vendors = boundedList<{ id: string; name: string }>(entityLimits());
      vendors.add(answer.value.data.map((v) => ({ id: v.id, name: v.name })));
      return ok(vendors.done(false));
    },

    async risks() {
      const risks = boundedList<{ id: string; title: string }>(entityLimits());
      for (let page = 1; page <= MAX_PAGES; page++) {
        if (!risks.inTime()) return ok(risks.done(true));
        const answer = checked(
          await read('/v1/risks', { page: String(page), perPage: '250' }),
          RisksPageSchema,
          'a page of risks',
        );
        if (!answer.ok) return answer;
        const pages = answer.value.pageCount ?? 1;
        const last = page >= pages || answer.value.data.length === 0;
        const room = risks.add(answer.value.data.map((r) => ({ id: r.id, title: r.title })));
        if (!room || last) return ok(risks.done(!last));
      }
      return ok(risks.done(true));
    },

    async me() {
      const answer = checked(await read('/v1/auth/me'), MeSchema, 'who you are');
      if (!answer.ok) return answer;
      // A member id goes into every read's query, every event and the kept list: one that is
      // not shaped like one (10,000 characters of markup and ../) is no answer at all.
      return ok(
        (answer.value.organizations ?? []).flatMap((o) =>
          o.id && o.id.length <= BOUNDS.id && o.memberId && MEMBER_ID_PATTERN.test(o.memberId)
            ? [{ organizationId: o.id, memberId: o.memberId }]
            : [],
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
