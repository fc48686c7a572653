import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../../main/scheduler/scheduler';
import { manualClock } from '../../helpers/manual-clock';
import {
  bucketFor,
  createRequestPacer,
  fullBucket,
  takeToken,
  WINDOW_MARGIN,
} from '../../../main/service/pacing';
import type { BucketState, RateLimit, TokenBucket } from '../../../main/service/pacing';

/** Sends as fast as the bucket lets it, at the given moments; returns when each request went. */
function sendTimes(rate: RateLimit, asks: readonly number[]): number[] {
  const bucket = bucketFor(rate);
  let state: BucketState = fullBucket(bucket, 0);
  const sent: number[] = [];
  let clock = 0;
  for (const ask of [...asks].sort((a, b) => a - b)) {
    clock = Math.max(clock, ask);
    for (;;) {
      const take = takeToken(state, bucket, clock);
      state = take.state;
      if (take.taken) break;
      clock += take.waitMs;
    }
    sent.push(clock);
  }
  return sent;
}

/** The most requests that fall in any half-open window [t, t + span). */
const busiest = (times: readonly number[], span: number): number => {
  let most = 0;
  for (let i = 0; i < times.length; i++) {
    let n = 0;
    for (let j = i; j < times.length && (times[j] as number) < (times[i] as number) + span; j++)
      n++;
    most = Math.max(most, n);
  }
  return most;
};

/**
 * The service's window made 10 % longer, without the noise of 1.1 in floating
 * point: 100 × 1.1 is 110.00000000000001, which would count a request sent
 * exactly at 110 ms, where the bucket's refill lands, as inside the window.
 */
const longer = (windowMs: number): number => Math.round(windowMs * WINDOW_MARGIN * 1e6) / 1e6;

const rates = fc.record({
  limit: fc.integer({ min: 1, max: 300 }),
  windowMs: fc.integer({ min: 100, max: 120_000 }),
});

/** A full bucket at time 0 with every token taken at once. */
const emptied = (bucket: TokenBucket): BucketState => {
  let state = fullBucket(bucket, 0);
  for (let i = 0; i < bucket.capacity; i++) {
    const t = takeToken(state, bucket, 0);
    if (!t.taken) throw new Error('a full bucket refused');
    state = t.state;
  }
  return state;
};

describe('the token bucket', () => {
  it('never puts more than the limit into any window of the service, even 10 % longer', () => {
    fc.assert(
      fc.property(
        rates,
        fc.array(fc.integer({ min: 0, max: 600_000 }), { minLength: 1, maxLength: 400 }),
        (rate, asks) => {
          const sent = sendTimes(rate, asks);
          expect(busiest(sent, rate.windowMs)).toBeLessThanOrEqual(rate.limit);
          expect(busiest(sent, longer(rate.windowMs))).toBeLessThanOrEqual(rate.limit);
        },
      ),
    );
  });

  it('keeps a few requests of every window free for organization reads', () => {
    // 100 a minute: at most 95 changes in any minute, so connect/wake-up reads never hit the limit.
    const sent = sendTimes(
      { limit: 100, windowMs: 60_000 },
      Array.from({ length: 500 }, () => 0),
    );
    expect(busiest(sent, 60_000)).toBeLessThanOrEqual(95);
    expect(busiest(sent, longer(60_000))).toBeLessThanOrEqual(95);
    // …and still sends steadily: 500 changes go out in well under ten minutes.
    expect(sent.at(-1)).toBeLessThan(12 * 60_000);
  });

  it('lets a bulk change of half the budget go out at once', () => {
    fc.assert(
      fc.property(rates, (rate) => {
        const bucket = bucketFor(rate);
        const sent = sendTimes(
          rate,
          Array.from({ length: bucket.capacity }, () => 0),
        );
        expect(sent.every((t) => t === 0)).toBe(true);
        expect(bucket.capacity).toBeGreaterThanOrEqual(Math.floor(rate.limit * 0.45));
      }),
    );
  });

  it('has the token there after exactly the wait it said, where floating point rounds the refill down', () => {
    // Found by the property below: 7 requests over 2 minutes refilled 0.9999999999999999 tokens
    // in the 44,000 ms it said to wait.
    const bucket = bucketFor({ limit: 7, windowMs: 120_000 });
    const refused = takeToken(emptied(bucket), bucket, 0);
    if (refused.taken) throw new Error('an empty bucket gave a token');
    expect(refused.waitMs).toBeGreaterThanOrEqual(44_000);
    expect(refused.waitMs).toBeLessThanOrEqual(44_001);
    expect(takeToken(refused.state, bucket, refused.waitMs).taken).toBe(true);
    expect(takeToken(refused.state, bucket, refused.waitMs - 1).taken).toBe(false);
  });

  it('says how long to wait, and a token is there after that wait', () => {
    fc.assert(
      fc.property(rates, fc.integer({ min: 0, max: 1000 }), (rate, extra) => {
        const bucket = bucketFor(rate);
        const refused = takeToken(emptied(bucket), bucket, 0);
        expect(refused.taken).toBe(false);
        if (refused.taken) return;
        expect(refused.waitMs).toBeGreaterThan(0);
        expect(takeToken(refused.state, bucket, refused.waitMs + extra).taken).toBe(true);
        expect(takeToken(refused.state, bucket, refused.waitMs - 1).taken).toBe(false);
      }),
    );
  });
});

describe('the request pacer', () => {
  it('serves waiters first come, first served, and only as fast as the bucket allows', async () => {
    const scheduler = createScheduler();
    const rate = { limit: 4, windowMs: 200 };
    const pacer = createRequestPacer(rate, scheduler);
    const order: number[] = [];
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        pacer.acquire().then((granted) => {
          expect(granted).toBe(true);
          order.push(i);
          times.push(scheduler.now());
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(busiest(times, rate.windowMs)).toBeLessThanOrEqual(rate.limit);
    // It waited on the scheduler's timers, one at a time, and left none behind.
    expect(scheduler.stats().firedByLabel.pacing).toBeGreaterThan(0);
    expect(scheduler.stats().pending).toBe(0);
    pacer.dispose();
  });

  it('holds everyone back until a Retry-After has passed', async () => {
    const scheduler = createScheduler();
    const pacer = createRequestPacer({ limit: 100, windowMs: 60_000 }, scheduler);
    const until = scheduler.now() + 150;
    pacer.holdUntil(until);
    await pacer.acquire();
    expect(scheduler.now()).toBeGreaterThanOrEqual(until);
    pacer.dispose();
  });

  it('answers every waiter "no" when disposed, and leaves no timer', async () => {
    const scheduler = createScheduler();
    const pacer = createRequestPacer({ limit: 1, windowMs: 60_000 }, scheduler);
    expect(await pacer.acquire()).toBe(true);
    const waiting = [pacer.acquire(), pacer.acquire()];
    expect(pacer.waiting()).toBe(2);
    pacer.dispose();
    expect(await Promise.all(waiting)).toEqual([false, false]);
    expect(await pacer.acquire()).toBe(false);
    expect(scheduler.stats().pending).toBe(0);
  });

  it('follows a new rate at once', async () => {
    const scheduler = createScheduler();
    const pacer = createRequestPacer({ limit: 1, windowMs: 3_600_000 }, scheduler);
    expect(await pacer.acquire()).toBe(true);
    const next = pacer.acquire();
    // At one an hour the next would wait an hour; at a thousand a second it goes now.
    pacer.setRate({ limit: 1000, windowMs: 1000 });
    expect(await next).toBe(true);
    pacer.dispose();
  });
});

describe("the pacer's estimate of the wait", () => {
  it('says about how long until a bulk change of 300 has gone out, and it comes true', async () => {
    const clock = manualClock();
    const pacer = createRequestPacer({ limit: 60, windowMs: 60_000 }, clock as never);
    expect(pacer.drainMs()).toBe(0);
    let sent = 0;
    for (let i = 0; i < 300; i++) void pacer.acquire().then(() => (sent += 1));
    await new Promise((resolve) => setImmediate(resolve));
    const estimate = pacer.drainMs();
    // Half the budget at once, the rest at the refill rate: minutes, not seconds.
    expect(estimate).toBeGreaterThan(4 * 60_000);
    clock.advance(estimate - 1_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBeLessThan(300);
    clock.advance(1_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBe(300);
    expect(pacer.drainMs()).toBe(0);
    pacer.dispose();
  });
});
