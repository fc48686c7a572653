import { appError } from '../../common/result';
import type { AppError } from '../../common/result';
import { ServiceErrorBodySchema, serviceErrorText } from './service-error';

/**
 * From what went wrong on the wire to an AppError a person can act on. Pure:
 * no fetch, no clock of its own. Every message here is built from the status,
 * the service's own words and the operation, never from credentials; the
 * client redacts the body before it gets here (secret-guard.ts), in case a
 * server echoes one back, so no cut below can keep part of a secret.
 */

/** `read`: a GET beyond the interface, which main/reads/ judges (absent, scope missing, …). */
export type Operation = 'getOrganization' | 'updateTask' | 'read';

/**
 * Whether the service refused for a missing scope or permission (not an
 * Origin or a proxy): the 403 messages above name it, in the service's words
 * or ours. The reads, the connection state and the connect check all ask this.
 */
export const isMissingPermission = (e: AppError): boolean =>
  e.kind === 'forbidden' && /scope|permission/i.test(e.message);

/** What every task-management route of the real service needs (SERVICE.md): the key needs all four. */
export const TASK_SCOPES = ['task:create', 'task:read', 'task:update', 'task:delete'] as const;
const TASK_SCOPES_TEXT = TASK_SCOPES.join(', ');

export interface ErrorContext {
  readonly operation: Operation;
  readonly authKind: 'api-key' | 'session';
  /** The task the update was for. */
  readonly taskId?: string;
  readonly nowMs: number;
}

export interface HttpFailure {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly contentType: string | null;
  readonly bodyText: string;
}

/** The real service counts about 100 requests a minute: without Retry-After, wait out the window. */
export const DEFAULT_RETRY_AFTER_MS = 60_000;
/** A Retry-After further away than this is treated as this: a broken header must not park the app for days. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;
const MAX_SERVER_TEXT = 300;

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export const parseRetryAfter = (value: string | null, nowMs: number): number | undefined => {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Math.min(Number(v) * 1000, MAX_RETRY_AFTER_MS);
  if (!/[a-z]/i.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - nowMs), MAX_RETRY_AFTER_MS);
};

const tidy = (s: string): string => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > MAX_SERVER_TEXT ? `${one.slice(0, MAX_SERVER_TEXT)}…` : one;
};

/**
 * The service's own words: `message` (joined when a list) from its JSON error
 * body, or a short plain-text body. HTML error pages from proxies say nothing useful.
 */
export const serverText = (bodyText: string, contentType: string | null): string | undefined => {
  const body = bodyText.trim();
  if (body === '') return undefined;
  try {
    const parsed = ServiceErrorBodySchema.safeParse(JSON.parse(body));
    if (parsed.success) {
      const text = serviceErrorText(parsed.data);
      return text ? tidy(text) : undefined;
    }
    return undefined;
  } catch {
    // Not JSON: fall through to plain text.
  }
  if (/html/i.test(contentType ?? '') || /^<!?[a-z]/i.test(body)) return undefined;
  return body.length <= MAX_SERVER_TEXT ? tidy(body) : undefined;
};

const said = (text: string | undefined): string => (text ? ` The service said: "${text}".` : '');
const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

// Redirects are not followed: they could carry the key to another host.
const REDIRECTED =
  'The service redirected the request elsewhere. Check the base URL (https rather than http, the exact host and path).';

/**
 * Electron's net.fetch rejects a redirect under redirect: 'manual' instead of
 * returning it; Node's, under 'error' (a streamed upload), says so in the cause.
 */
const REDIRECT_REFUSED = /redirect was cancelled|redirect mode|unexpected redirect/i;
const isCancelledRedirect = (error: unknown): boolean =>
  error instanceof Error &&
  (REDIRECT_REFUSED.test(error.message) ||
    (error.cause instanceof Error && REDIRECT_REFUSED.test(error.cause.message)));

export const errorFromResponse = (failure: HttpFailure, ctx: ErrorContext): AppError => {
  const { status } = failure;
  const text = serverText(failure.bodyText, failure.contentType);
  const extra = { status };
  const isUpdate = ctx.operation === 'updateTask';

  if (status === 401) {
    const lead =
      ctx.authKind === 'api-key'
        ? 'The service rejected the API key. Check that it is copied whole and still exists, or create a new one in the web app.'
        : 'The service did not accept your web session: it may have expired. Sign in again.';
    return appError('unauthorized', `${lead}${said(text)}`, extra);
  }
  if (status === 403) {
    if (text && /no longer supported/i.test(text) && ctx.authKind === 'api-key') {
      return appError(
        'forbidden',
        `The service no longer accepts this API key: it was made without scopes. Create a new key in the web app with the ${TASK_SCOPES_TEXT} scopes and connect with it.`,
        extra,
      );
    }
    if (text && /scope|permission/i.test(text)) {
      return appError(
        'forbidden',
        ctx.operation === 'getOrganization'
          ? ctx.authKind === 'session'
            ? 'Your account lacks the permission to read this organization. Ask an owner of the organization.'
            : 'The API key lacks a permission: reading the organization needs the organization:read scope. Create a key with it in the web app and connect with it.'
          : ctx.authKind === 'session'
            ? 'Your account lacks the permission to change tasks here: with a web session, only owners and admins of the organization can. Ask an owner, or connect with an API key.'
            : `The API key lacks the task permissions: every task operation needs all four task scopes, ${TASK_SCOPES_TEXT}. Create a key with them in the web app and connect with it.`,
        extra,
      );
    }
    return appError(
      'forbidden',
      'The service refused this request (403 Forbidden). It refuses changes that carry a browser ' +
        'Origin it does not trust: if you connect through a proxy, it may be adding one.' +
        said(text),
      extra,
    );
  }
  if (status === 404) {
    const task = ctx.taskId ? `task ${ctx.taskId}` : 'such task';
    return isUpdate
      ? appError(
          'not_found',
          `There is no ${task} in this organization. Check the id or link, and that you are connected to the organization the task belongs to.`,
          extra,
        )
      : appError(
          'not_found',
          'Nothing answers at this address as the service: check the base URL (and any path after the host).',
          extra,
        );
  }
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(failure.retryAfter, ctx.nowMs) ?? DEFAULT_RETRY_AFTER_MS;
    return appError(
      'rate_limited',
      `The service is limiting how often the app may ask: retry after ${seconds(retryAfterMs)} s.`,
      { status, retryAfterMs },
    );
  }
  if (status === 413) {
    return appError('invalid', 'The change is too large for the service to accept.', extra);
  }
  if (status === 400 || status === 409 || status === 422) {
    const lead = isUpdate ? 'The service refused this change' : 'The service refused the request';
    return appError('invalid', text ? `${lead}: ${sentence(text)}` : `${lead} as invalid.`, extra);
  }
  if (status >= 500 && status <= 599) {
    return appError(
      'server',
      `The service had a problem (HTTP ${status}). Try again in a moment.${said(text)}`,
      extra,
    );
  }
  if ((status >= 300 && status <= 399) || status === 0) {
    return appError('bad_response', REDIRECTED, extra);
  }
  return appError(
    'bad_response',
    `The service answered with an unexpected HTTP ${status}.${said(text)}`,
    extra,
  );
};

export interface FetchFailureContext {
  readonly operation: Operation;
  /** The client's own timer fired (not some other abort). */
  readonly timedOut: boolean;
  readonly timeoutMs: number;
  readonly host: string;
}

/** A short reason from Node's (`cause.code`) or Electron's (`net::ERR_…`) network errors. */
const networkReason = (error: unknown): string | undefined => {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
    const message = (e as { message?: unknown }).message;
    const net = typeof message === 'string' ? /net::ERR_[A-Z0-9_]+/.exec(message)?.[0] : undefined;
    if (net) return net;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

export const errorFromFetchFailure = (error: unknown, ctx: FetchFailureContext): AppError => {
  if (ctx.timedOut) {
    const wait = `The service did not answer within ${seconds(ctx.timeoutMs)} s.`;
    return appError(
      'timeout',
      ctx.operation === 'updateTask'
        ? `${wait} The change may or may not have been saved; it will be checked when the service answers again.`
        : `${wait} It may be slow or unreachable; try again in a moment.`,
    );
  }
  if (isCancelledRedirect(error)) return appError('bad_response', REDIRECTED);
  const reason = networkReason(error);
  return appError(
    'network',
    // No advice here: whoever shows it knows whether this computer is online (connection.ts).
    `Could not reach the service at ${ctx.host}${reason ? ` (${reason})` : ''}.`,
  );
};
