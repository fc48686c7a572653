/**
 * Per-client pacing like the real service's throttler: a fixed window of
 * `windowMs` per client address with at most `limit` requests in it. Pure:
 * the caller passes the clock, so it is tested without waiting.
 */

export interface RateLimit {
  readonly limit: number;
  readonly windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { limit: 100, windowMs: 60_000 };

export type PacingDecision =
  { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export interface Pacer {
  check(client: string, nowMs: number): PacingDecision;
}

export const createPacer = (rate: RateLimit): Pacer => {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    check(client, nowMs) {
      let w = windows.get(client);
      if (!w || nowMs - w.start >= rate.windowMs) {
        w = { start: nowMs, count: 0 };
        windows.set(client, w);
      }
      w.count += 1;
      if (w.count <= rate.limit) return { allowed: true };
      // Whole seconds, never 0: "Retry-After: 0" would invite an immediate retry.
      const retryAfterSeconds = Math.max(1, Math.ceil((w.start + rate.windowMs - nowMs) / 1000));
      return { allowed: false, retryAfterSeconds };
    },
  };
};
