import type { Organization } from '../../common/organization';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { Task } from '../../common/task';
import type { TaskPatch } from '../../common/task-patch';
import { parseBaseUrl, serviceUrl } from './base-url';
import type { Operation } from './error-mapping';
import { createSecretGuard } from '../secrets/secret-guard';
import { errorFromFetchFailure, errorFromResponse } from './error-mapping';
import type { ServiceAuth } from './request-validation';
import { authHeaders, secretsOf, validatePatch, validateTaskId } from './request-validation';
import { readBodyCapped } from './read-body';
import { createConditionalMemory } from './conditional-memory';
import type { ConditionalStats } from './conditional-memory';
import { parseJsonAnswer, parseOrganizationResponse, parseTaskResponse } from './response-parsing';

export { parseBaseUrl } from './base-url';
export type { ServiceAuth } from './request-validation';
export type { ConditionalStats } from './conditional-memory';

/**
 * The HTTP client for the two operations of the interface. Every call
 * resolves to a Result, whatever happens: bad input, a refusal, a dead
 * network, a timeout, an answer that is not what the interface promises.
 * It sends no Origin header, follows no redirect (either could take the key
 * somewhere it should not go) and puts no credential in any message.
 */
export interface ServiceClient {
  getOrganization(): Promise<Result<Organization>>;
  updateTask(id: string, patch: TaskPatch): Promise<Result<Task>>;
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

export interface ServiceClientOptions {
  readonly baseUrl: string;
  readonly auth: ServiceAuth;
  /** Electron's net.fetch in the app (system proxy, OS certificates); Node's fetch in tests. */
  readonly fetch: typeof fetch;
  readonly timeoutMs?: number;
  /** False: `readIfChanged` never sends If-None-Match (a benchmark's "without 304s"). Default true. */
  readonly conditional?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_TIMEOUT_MS = 10 * 60_000;

interface Sent {
  readonly operation: Operation;
  readonly method: 'GET' | 'PUT';
  /** Path and query, already encoded. */
  readonly path: string;
  readonly body?: string;
  readonly taskId?: string;
  /** An ETag to send as If-None-Match: a 304 then answers, with no body. */
  readonly ifNoneMatch?: string | null;
}

interface Answered {
  readonly status: number;
  readonly text: string;
  readonly etag: string | null;
}

const withQuery = (path: string, query: Readonly<Record<string, string>>): string => {
  const search = new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
};

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const { auth } = options;
  // Bounded: AbortSignal.timeout throws on values past 2^32 ms, and a call must never throw.
  const timeoutMs =
    typeof options.timeoutMs === 'number' &&
    Number.isFinite(options.timeoutMs) &&
    options.timeoutMs > 0
      ? Math.min(options.timeoutMs, MAX_TIMEOUT_MS)
      : DEFAULT_TIMEOUT_MS;
  // Checked now, reported on each call: construction never throws.
  const base = parseBaseUrl(options.baseUrl);
  // Redacts before anything is cut or quoted: a message cut at 300 characters must not keep
  // the first part of a key (docs/ARCHITECTURE.md, invariant 1).
  const guard = createSecretGuard(secretsOf(auth));
  const memory = createConditionalMemory();
  const safe = <T>(r: Result<T>): Result<T> =>
    r.ok ? r : err({ ...r.error, message: guard.text(r.error.message) });

  /** Sends one request; on a 2xx answer (or a 304 to a conditional one) returns its body text. */
  const send = async (req: Sent): Promise<Result<Answered>> => {
    if (!base.ok) return base;
    const headers = authHeaders(auth);
    if (!headers.ok) return headers;
    const url = serviceUrl(base.value, req.path);
    // A controller and a plain timer, cleared once the body is read: AbortSignal.timeout costs
    // several times more per request (its signal is made transferable and watched for GC), which
    // shows when a bulk change sends hundreds of requests at once.
    const controller = new AbortController();
    const { signal } = controller;
    const timer = setTimeout(
      () => controller.abort(new DOMException('The request timed out.', 'TimeoutError')),
      timeoutMs,
    );
    // As with AbortSignal.timeout, a request's timer alone does not keep a process running.
    timer.unref();
    const failed = (e: unknown) =>
      err(
        errorFromFetchFailure(e, {
          operation: req.operation,
          timedOut: signal.aborted,
          timeoutMs,
          host: base.value.host,
        }),
      );
    let response: Response;
    let body: Result<string>;
    try {
      response = await options.fetch(url, {
        method: req.method,
        headers: {
          Accept: 'application/json',
          ...(req.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          // fetch adds Cache-Control: no-cache to a request with If-None-Match unless one is
          // given, and the service (Express's fresh()) then sends the whole body again.
          ...(req.ifNoneMatch
            ? { 'If-None-Match': req.ifNoneMatch, 'Cache-Control': 'max-age=0' }
            : {}),
          ...headers.value,
        },
        ...(req.body !== undefined ? { body: req.body } : {}),
        redirect: 'manual',
        // Electron's net.fetch would otherwise use the default session's cookie jar: send none from
        // it and save none to it (a refreshed session cookie would land on disk). The session cookie
        // we send is the explicit header, from the keychain.
        credentials: 'omit',
        ...{ cache: 'no-store' }, // names and emails stay off disk; spread: Node's type lacks `cache`
        signal,
      });
      // Inside the same try and under the same signal: a body can stall too.
      body = await readBodyCapped(response);
    } catch (e) {
      return failed(e);
    } finally {
      clearTimeout(timer);
    }
    if (!body.ok) return body;
    const text = body.value;
    const answered =
      response.type !== 'opaqueredirect' &&
      ((response.status >= 200 && response.status <= 299) ||
        (response.status === 304 && Boolean(req.ifNoneMatch)));
    if (answered) return ok({ status: response.status, text, etag: response.headers.get('etag') });
    return err(
      errorFromResponse(
        {
          status: response.type === 'opaqueredirect' ? 0 : response.status,
          retryAfter: response.headers.get('retry-after'),
          contentType: response.headers.get('content-type'),
          bodyText: guard.text(text),
        },
        {
          operation: req.operation,
          authKind: auth?.kind === 'session' ? 'session' : 'api-key',
          ...(req.taskId !== undefined ? { taskId: req.taskId } : {}),
          nowMs: Date.now(),
        },
      ),
    );
  };

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

    async read(path, query = {}) {
      const body = await send({ operation: 'read', method: 'GET', path: withQuery(path, query) });
      if (!body.ok) return safe(body);
      return safe(parseJsonAnswer(body.value.text));
    },

    readIfChanged: (path, query = {}) => readConditionally(withQuery(path, query), true),

    conditionalStats: () => memory.stats(),
  };
}
