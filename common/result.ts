import type { SignInEnd } from './sign-in-end';

/** Results are values, not exceptions: every fallible call across a boundary returns one. */
export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err<E> = { readonly ok: false; readonly error: E };
export type Result<T, E = AppError> = Ok<T> | Err<E>;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const err = <E>(error: E): Err<E> => ({ ok: false, error });

/** Failures that come from talking to the service. */
export const SERVICE_ERROR_KINDS = [
  'unauthorized',
  'forbidden',
  'not_found',
  'invalid',
  'rate_limited',
  'server',
  'network',
  'timeout',
  'bad_response',
] as const;
export type ServiceErrorKind = (typeof SERVICE_ERROR_KINDS)[number];

/** Failures the app itself decides, before or without the network. */
export const APP_ERROR_KINDS = [
  'bad_input',
  'not_connected',
  'keychain_unavailable',
  'storage',
  'internal',
] as const;
export type AppErrorKind = (typeof APP_ERROR_KINDS)[number];

export type ErrorKind = ServiceErrorKind | AppErrorKind;

export interface AppError {
  readonly kind: ErrorKind;
  /** A sentence a person can act on. Never contains a secret. */
  readonly message: string;
  /** HTTP status when the service answered. */
  readonly status?: number;
  /** For rate_limited: how long to wait before trying again. */
  readonly retryAfterMs?: number;
  /** For a web sign-in that ended without a session: why, so the popup can offer another way in. */
  readonly signInEnded?: SignInEnd;
}

/**
 * One problem that says two: the first's kind, both messages in order. Either
 * may be missing (then the other stands alone), so neither is ever lost.
 */
export const bothProblems = (first: AppError | null, then: AppError | null): AppError | null =>
  first && then ? { ...first, message: `${first.message} ${then.message}` } : (first ?? then);

export const appError = (
  kind: ErrorKind,
  message: string,
  extra: Partial<AppError> = {},
): AppError => ({
  kind,
  message,
  ...extra,
});
