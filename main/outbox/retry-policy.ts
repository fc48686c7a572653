import type { AppError } from '../../common/result';

/**
 * What to do after a change did not land, from the kind of failure. Pure:
 * the caller passes the attempt number and the random source.
 */

export interface BackoffPolicy {
  /** The wait after the first failure; each further failure doubles it… */
  readonly baseMs: number;
  /** …up to this. */
  readonly maxMs: number;
}

/** Slow enough not to hammer a struggling service, quick enough that a blip passes unnoticed. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, maxMs: 5 * 60_000 };

export type RetryDecision =
  /** Try again after `delayMs`; `holdAll`: the service asked every request to wait (429). */
  | { readonly kind: 'retry'; readonly delayMs: number; readonly holdAll: boolean }
  /** The account is refused (401/403): stop this profile's queue until the person reconnects. */
  | { readonly kind: 'pause' }
  /** The service refused this change itself (400/404…): sending it again cannot help. */
  | { readonly kind: 'give_up' };

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half is
 * random, so many clients (or many tasks) that failed together do not come
 * back together, and no wait collapses to nothing.
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number): number {
  const n = Math.max(1, Math.floor(attempt));
  // 2^30 is far past any sane maxMs; the cap keeps the power finite.
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(n - 1, 30));
  const drawn = random();
  const r = Number.isFinite(drawn) ? Math.min(1, Math.max(0, drawn)) : 0.5;
  return Math.round(step / 2 + (step / 2) * r);
}

export function decideRetry(
  error: AppError,
  attempt: number,
  policy: BackoffPolicy,
  random: () => number,
): RetryDecision {
  switch (error.kind) {
    case 'unauthorized':
    case 'forbidden':
      return { kind: 'pause' };
    case 'invalid':
    case 'not_found':
    case 'bad_input':
      return { kind: 'give_up' };
    case 'rate_limited':
      // The service's own word on when to come back, but never sooner than the backoff: "Retry-After: 0" in a storm.
      return {
        kind: 'retry',
        delayMs: Math.max(error.retryAfterMs ?? 0, backoffDelay(attempt, policy, random)),
        holdAll: true,
      };
    default:
      // network, timeout, server (5xx), bad_response (a garbled answer, a redirect): the change may
      // or may not have landed; sending the same values again is harmless, losing them is not.
      return { kind: 'retry', delayMs: backoffDelay(attempt, policy, random), holdAll: false };
  }
}
