import { err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import { parseBaseUrl, serviceUrl } from './base-url';
import type { ErrorContext, HttpFailure, Operation } from './error-mapping';
import { createSecretGuard } from '../secrets/secret-guard';
import { errorFromFetchFailure, errorFromResponse } from './error-mapping';
import type { ServiceAuth } from './request-validation';
import { authHeaders, secretsOf } from './request-validation';
import { readBodyCapped } from './read-body';

/**
 * One request to the service and its answer's text, for every client of a
 * route family (client.ts: the interface and the reads; compliance-client.ts:
 * compliance tasks). It sends no Origin header, follows no redirect (either
 * could take the key somewhere it should not go), reads the answer within a
 * cap and under the same timer, and puts no credential in any message.
 */

export interface TransportOptions {
  readonly baseUrl: string;
  readonly auth: ServiceAuth;
  /** Electron's net.fetch in the app (system proxy, OS certificates); Node's fetch in tests. */
  readonly fetch: typeof fetch;
  readonly timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_TIMEOUT_MS = 10 * 60_000;
/** A streamed upload of 100 MB on a slow link: its own timer may run this long. */
const MAX_UPLOAD_TIMEOUT_MS = 60 * 60_000;

/** A body sent as it is read (evidence: base64 made chunk by chunk), never whole in memory. */
export interface StreamedBody {
  readonly stream: ReadableStream<Uint8Array>;
}

export interface Sent {
  readonly operation: Operation;
  readonly method: 'GET' | 'PUT' | 'PATCH' | 'POST';
  /** Path and query, already encoded. */
  readonly path: string;
  readonly body?: string | StreamedBody;
  readonly taskId?: string;
  /** This request's own timer (a streamed upload's), up to an hour; else the transport's. */
  readonly timeoutMs?: number;
  /** Aborts the request from outside (an upload that stopped moving). */
  readonly signal?: AbortSignal;
  /** The answer's cap in bytes, when a route's answers are larger than one task's (read-body.ts). */
  readonly maxBytes?: number;
  /** An ETag to send as If-None-Match: a 304 then answers, with no body. */
  readonly ifNoneMatch?: string | null;
}

/** A 2xx answer (or a 304 to a conditional request): its status, text and ETag. */
export interface Answered {
  readonly status: number;
  readonly text: string;
  readonly etag: string | null;
}

/** How a family of routes names an HTTP failure (error-mapping.ts's errorFromResponse by default). */
export type ResponseErrorMapper = (failure: HttpFailure, ctx: ErrorContext) => AppError;

export interface Transport {
  /** Sends one request; on a 2xx answer its body text. Never throws. */
  send(req: Sent): Promise<Result<string>>;
  /** As `send`, with the status and ETag: a 304 to a conditional request is an answer too. */
  exchange(req: Sent): Promise<Result<Answered>>;
  /** A result with any secret redacted from its message. */
  safe<T>(r: Result<T>): Result<T>;
}

export function createTransport(
  options: TransportOptions,
  mapError: ResponseErrorMapper = errorFromResponse,
): Transport {
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
  const safe = <T>(r: Result<T>): Result<T> =>
    r.ok ? r : err({ ...r.error, message: guard.text(r.error.message) });

  const exchange = async (req: Sent): Promise<Result<Answered>> => {
    if (!base.ok) return base;
    const headers = authHeaders(auth);
    if (!headers.ok) return headers;
    const url = serviceUrl(base.value, req.path);
    // A controller and a plain timer, cleared once the body is read: AbortSignal.timeout costs
    // several times more per request (its signal is made transferable and watched for GC), which
    // shows when a bulk change sends hundreds of requests at once.
    const controller = new AbortController();
    const { signal } = controller;
    const limit =
      req.timeoutMs !== undefined && req.timeoutMs > 0
        ? Math.min(req.timeoutMs, MAX_UPLOAD_TIMEOUT_MS)
        : timeoutMs;
    const timer = setTimeout(
      () => controller.abort(new DOMException('The request timed out.', 'TimeoutError')),
      limit,
    );
    const outside = () => controller.abort(req.signal?.reason);
    req.signal?.addEventListener('abort', outside, { once: true });
    // As with AbortSignal.timeout, a request's timer alone does not keep a process running.
    timer.unref();
    const failed = (e: unknown) =>
      err(
        errorFromFetchFailure(e, {
          operation: req.operation,
          timedOut: signal.aborted,
          timeoutMs: limit,
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
        // A stream goes with duplex 'half' (fetch's rule for a streamed request body).
        ...(typeof req.body === 'string'
          ? { body: req.body }
          : req.body
            ? { body: req.body.stream, duplex: 'half' }
            : {}),
        // A streamed body: 'error', as 'manual' makes Node's fetch clone the request, and the
        // clone's tee holds every chunk sent until the answer (a 100 MB upload's 140 MB, measured
        // in bench item 15). A redirect is a failed request either way: neither follows one.
        redirect: req.body !== undefined && typeof req.body !== 'string' ? 'error' : 'manual',
        // Electron's net.fetch would otherwise use the default session's cookie jar: send none from
        // it and save none to it (a refreshed session cookie would land on disk). The session cookie
        // we send is the explicit header, from the keychain.
        credentials: 'omit',
        ...{ cache: 'no-store' }, // names and emails stay off disk; spread: Node's type lacks `cache`
        signal,
      });
      // Inside the same try and under the same signal: a body can stall too.
      body = await readBodyCapped(response, req.maxBytes);
    } catch (e) {
      return failed(e);
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', outside);
    }
    if (!body.ok) return body;
    const text = body.value;
    const answered =
      response.type !== 'opaqueredirect' &&
      ((response.status >= 200 && response.status <= 299) ||
        (response.status === 304 && Boolean(req.ifNoneMatch)));
    if (answered) return ok({ status: response.status, text, etag: response.headers.get('etag') });
    return err(
      mapError(
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

  const send = async (req: Sent): Promise<Result<string>> => {
    const answer = await exchange(req);
    return answer.ok ? ok(answer.value.text) : answer;
  };

  return { send, exchange, safe };
}
