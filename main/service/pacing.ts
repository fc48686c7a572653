import type { Scheduler } from '../scheduler/scheduler';

/**
 * Client-side pacing, so the app never trips the service's limit (about 100
 * requests per 60 s per client address) in the first place — not even with a
 * bulk change of every pinned task.
 *
 * A token bucket, sized so that it can never put more than the limit into any
 * window the service might count: tokens taken in any span T are at most
 * capacity + refill·T. With capacity C and refill (B − C) / (1.1·W), any span
 * of 1.1 windows holds at most B requests, B being the limit minus a small
 * reserve. The 10 % margin absorbs network jitter (the service counts arrival
 * times, we count departures); the reserve leaves room for the organization
 * reads the app makes outside the bucket (connect, start, wake-up). Half the
 * budget is a burst, so a bulk change of a few dozen tasks goes out at once.
 */

export interface RateLimit {
  /** At most this many requests… */
  readonly limit: number;
  /** …in any window of this many milliseconds. */
  readonly windowMs: number;
}

export interface TokenBucket {
  readonly capacity: number;
  readonly refillPerMs: number;
}

export interface BucketState {
  readonly tokens: number;
  readonly at: number;
}

/** Jitter margin: the bucket keeps to the limit over windows 10 % longer than the service's. */
export const WINDOW_MARGIN = 1.1;

/**
 * @param burstShare the share of the budget that may go at once (half by
 *   default); the rest refills. A smaller share keeps more for a steady pace.
 */
export function bucketFor(rate: RateLimit, burstShare = 0.5): TokenBucket {
  const limit = Math.max(1, Math.floor(rate.limit));
  const windowMs = Math.max(1, rate.windowMs);
  // 5 % (at least one request, when there is more than one) for the reads outside the bucket.
  const reserve = limit > 1 ? Math.max(1, Math.floor(limit / 20)) : 0;
  const budget = Math.max(1, limit - reserve);
  const capacity = Math.max(1, Math.min(budget, Math.ceil(budget * burstShare)));
  // With a budget of 1 there is nothing left to refill with; one token per 1.1 windows still keeps to it.
  const refill = Math.max(1, budget - capacity);
  return { capacity, refillPerMs: refill / (windowMs * WINDOW_MARGIN) };
}

/** A full bucket: the app has sent nothing yet. */
export const fullBucket = (bucket: TokenBucket, now: number): BucketState => ({
  tokens: bucket.capacity,
  at: now,
});

export const refill = (state: BucketState, bucket: TokenBucket, now: number): BucketState => {
  const elapsed = Math.max(0, now - state.at);
  return {
    tokens: Math.min(bucket.capacity, state.tokens + elapsed * bucket.refillPerMs),
    at: now,
  };
};

export type Take =
  | { readonly taken: true; readonly state: BucketState }
  | { readonly taken: false; readonly state: BucketState; readonly waitMs: number };

/** Takes one token if there is one; otherwise says how long until there is. */
export function takeToken(state: BucketState, bucket: TokenBucket, now: number): Take {
  const s = refill(state, bucket, now);
  if (s.tokens >= 1) return { taken: true, state: { tokens: s.tokens - 1, at: now } };
  // The division can round across a whole millisecond either way (7 a minute: refilling for
  // the 44,000 ms it gives makes 0.9999999999999999 tokens, and the pacer would wake again a
  // millisecond later). The wait is the first millisecond at which a take, the same sum,
  // finds a token.
  // Rounding moves it by a millisecond at most; a few steps bound the search whatever the rate.
  const hasToken = (ms: number) => refill(s, bucket, now + ms).tokens >= 1;
  let waitMs = Math.max(1, Math.ceil((1 - s.tokens) / bucket.refillPerMs));
  for (let step = 0; step < 3 && !hasToken(waitMs); step++) waitMs += 1;
  for (let step = 0; step < 3 && waitMs > 1 && hasToken(waitMs - 1); step++) waitMs -= 1;
  return { taken: false, state: s, waitMs };
}

export interface RequestPacer {
  /**
   * Waits for a token, first come first served. Resolves true when the caller
   * may send one request, false when the pacer was disposed meanwhile.
   */
  acquire(): Promise<boolean>;
  /** Nobody sends before `atMs` (the service answered 429 with Retry-After). */
  holdUntil(atMs: number): void;
  setRate(rate: RateLimit): void;
  /** Callers waiting for a token. */
  waiting(): number;
  /** About how long until every caller waiting now has its token (ms); 0 when none waits. */
  drainMs(): number;
  dispose(): void;
}

/** The bucket above as a queue of waiters, woken by one scheduler timer at a time (never a loop). */
export function createRequestPacer(rate: RateLimit, scheduler: Scheduler): RequestPacer {
  let bucket = bucketFor(rate);
  let state = fullBucket(bucket, scheduler.now());
  let heldUntil = 0;
  let cancelTimer: (() => void) | null = null;
  let disposed = false;
  const queue: ((granted: boolean) => void)[] = [];

  const wakeIn = (ms: number) => {
    cancelTimer?.();
    cancelTimer = scheduler.after(
      ms,
      () => {
        cancelTimer = null;
        serve();
      },
      'pacing',
    );
  };

  function serve(): void {
    while (queue.length > 0 && !disposed) {
      const now = scheduler.now();
      if (now < heldUntil) return wakeIn(heldUntil - now);
      const take = takeToken(state, bucket, now);
      state = take.state;
      if (!take.taken) return wakeIn(take.waitMs);
      queue.shift()?.(true);
    }
  }

  return {
    acquire() {
      if (disposed) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        queue.push(resolve);
        // With a timer set, the waiters ahead are being served in turn: this one waits its turn.
        if (!cancelTimer) serve();
      });
    },
    holdUntil(atMs) {
      if (atMs <= heldUntil) return;
      heldUntil = atMs;
      if (queue.length > 0) wakeIn(Math.max(0, heldUntil - scheduler.now()));
    },
    setRate(next) {
      // Tokens already earned are kept, up to the new capacity (refill caps them).
      bucket = bucketFor(next);
      state = refill(state, bucket, scheduler.now());
      cancelTimer?.();
      cancelTimer = null;
      serve();
    },
    waiting: () => queue.length,
    drainMs() {
      if (queue.length === 0) return 0;
      const now = scheduler.now();
      const from = Math.max(now, heldUntil);
      const s = refill(state, bucket, from);
      const short = queue.length - Math.floor(s.tokens);
      return (
        from - now + (short > 0 ? Math.ceil((short - (s.tokens % 1)) / bucket.refillPerMs) : 0)
      );
    },
    dispose() {
      disposed = true;
      cancelTimer?.();
      cancelTimer = null;
      for (const resolve of queue.splice(0)) resolve(false);
    },
  };
}
