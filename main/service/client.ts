import type { Organization } from '../../common/organization';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { Task } from '../../common/task';
import type { TaskPatch } from '../../common/task-patch';
import { TaskCreateSchema, createBody } from '../../common/task-create';
import type { TaskCreate } from '../../common/task-create';
import { validatePatch, validateTaskId } from './request-validation';
import { createConditionalMemory } from './conditional-memory';
import type { ConditionalStats } from './conditional-memory';
import { createTransport } from './transport';
import type { TransportOptions } from './transport';
import {
  parseCreatedTaskResponse,
  parseJsonAnswer,
  parseOrganizationResponse,
  parseTaskResponse,
} from './response-parsing';

export { parseBaseUrl } from './base-url';
export type { ServiceAuth } from './request-validation';
export type { ConditionalStats } from './conditional-memory';
export { DEFAULT_TIMEOUT_MS } from './transport';

/**
 * The HTTP client for the two operations of the interface. Every call
 * resolves to a Result, whatever happens: bad input, a refusal, a dead
 * network, a timeout, an answer that is not what the interface promises.
 * The wire is transport.ts's: no Origin header, no redirect followed, no
 * credential in any message.
 */
export interface ServiceClient {
  getOrganization(): Promise<Result<Organization>>;
  updateTask(id: string, patch: TaskPatch): Promise<Result<Task>>;
  /**
   * POST /v1/task-management. No idempotency key: an answer lost on the way
   * may still have made the task (main/outbox/create-send.ts looks first).
   */
  createTask(create: TaskCreate): Promise<Result<Task>>;
  /**
   * A GET beyond the interface (task lists, vendors, risks, people): its JSON,
   * unparsed, for main/reads/ to check. The path is the app's own, never the
   * renderer's; query values are encoded here.
   */
  read(path: ReadPath, query?: Readonly<Record<string, string>>): Promise<Result<unknown>>;
  /**
   * As `read`, but conditional: when an answer to this URL is kept, it asks
   * with If-None-Match, and a 304 gives `unchanged: true` with the kept value
   * (the same object, not parsed again). Counted in `conditionalStats`.
   */
  readIfChanged(
    path: ReadPath,
    query?: Readonly<Record<string, string>>,
  ): Promise<Result<ReadAnswer>>;
  conditionalStats(): ConditionalStats;
}

/** A conditional read's answer: the service said nothing changed (304), or sent a body. */
export interface ReadAnswer {
  readonly unchanged: boolean;
  readonly value: unknown;
}

/** The read routes the app knows; anything else is not sent. */
export type ReadPath =
  | '/v1/task-management'
  | `/v1/task-management/${string}/activity`
  | '/v1/vendors'
  | '/v1/risks'
  | '/v1/people'
  | '/v1/auth/me'
  | '/v1/audit-logs';

export interface ServiceClientOptions extends TransportOptions {
  /** False: `readIfChanged` never sends If-None-Match (a benchmark's "without 304s"). Default true. */
  readonly conditional?: boolean;
}

const withQuery = (path: string, query: Readonly<Record<string, string>>): string => {
  const search = new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
};

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const { auth } = options;
  const { exchange: send, safe } = createTransport(options);
  const memory = createConditionalMemory();

  const expectedOrganization = (): string | undefined => {
    const id = auth?.organizationId;
    return typeof id === 'string' && id.trim() !== '' ? id.trim() : undefined;
  };

  const readConditionally = async (url: string, again: boolean): Promise<Result<ReadAnswer>> => {
    const tag = options.conditional === false ? null : memory.etagFor(url);
    memory.sent(tag !== null);
    const body = await send({ operation: 'read', method: 'GET', path: url, ifNoneMatch: tag });
    if (!body.ok) {
      memory.forget(url);
      return safe(body);
    }
    if (body.value.status === 304) {
      const kept = memory.unchanged(url);
      if (kept !== undefined) return ok({ unchanged: true, value: kept });
      // Forgotten meanwhile (the memory is bounded): ask once more, without a tag, for the body.
      return again
        ? readConditionally(url, false)
        : err(appError('bad_response', 'The service said nothing changed, but nothing was kept.'));
    }
    const parsed = parseJsonAnswer(body.value.text);
    if (!parsed.ok) {
      memory.forget(url);
      return safe(parsed);
    }
    memory.fresh(url, body.value.etag, parsed.value, body.value.text.length);
    return ok({ unchanged: false, value: parsed.value });
  };

  return {
    async getOrganization() {
      const body = await send({
        operation: 'getOrganization',
        method: 'GET',
        path: '/v1/organization',
      });
      if (!body.ok) return safe(body);
      return safe(parseOrganizationResponse(body.value.text, expectedOrganization()));
    },

    async updateTask(id, patch) {
      const taskId = validateTaskId(id);
      if (!taskId.ok) return safe(taskId);
      const valid = validatePatch(patch);
      if (!valid.ok) return safe(valid);
      const body = await send({
        operation: 'updateTask',
        method: 'PUT',
        // Already [A-Za-z0-9_] only; encoded anyway so a future looser id cannot change the path.
        path: `/v1/task-management/${encodeURIComponent(taskId.value)}`,
        body: JSON.stringify(valid.value),
        taskId: taskId.value,
      });
      if (!body.ok) return safe(body);
      return safe(parseTaskResponse(body.value.text, taskId.value));
    },

    async createTask(create) {
      const valid = TaskCreateSchema.safeParse(create);
      if (!valid.success)
        return err(appError('bad_input', valid.error.issues.map((i) => i.message).join(' ')));
      const body = await send({
        // Worded as a change: a timeout "may or may not have been saved", and is checked.
        operation: 'updateTask',
        method: 'POST',
        path: '/v1/task-management',
        body: JSON.stringify(createBody(valid.data)),
      });
      if (!body.ok) return safe(body);
      return safe(parseCreatedTaskResponse(body.value.text, valid.data));
    },

    async read(path, query = {}) {
      const body = await send({ operation: 'read', method: 'GET', path: withQuery(path, query) });
      if (!body.ok) return safe(body);
      return safe(parseJsonAnswer(body.value.text));
    },

    readIfChanged: (path, query = {}) => readConditionally(withQuery(path, query), true),

    conditionalStats: () => memory.stats(),
  };
}
