import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appError, SERVICE_ERROR_KINDS } from '../../../common/result';
import type { ErrorKind } from '../../../common/result';
import { backoffDelay, decideRetry, DEFAULT_BACKOFF } from '../../../main/outbox/retry-policy';

const policy = { baseMs: 1000, maxMs: 60_000 };
const half = () => 0.5;

describe('what happens after a change did not land', () => {
  it.each<[ErrorKind, string]>([
    ['network', 'retry'],
    ['timeout', 'retry'],
    ['server', 'retry'],
    ['bad_response', 'retry'],
    ['rate_limited', 'retry'],
    ['unauthorized', 'pause'],
    ['forbidden', 'pause'],
    ['invalid', 'give_up'],
    ['not_found', 'give_up'],
    ['bad_input', 'give_up'],
  ])('%s → %s', (kind, decision) => {
    expect(decideRetry(appError(kind, 'x'), 1, policy, half).kind).toBe(decision);
  });

  it('has a decision for every kind of service failure', () => {
    for (const kind of SERVICE_ERROR_KINDS)
      expect(['retry', 'pause', 'give_up']).toContain(
        decideRetry(appError(kind, 'x'), 1, policy, half).kind,
      );
  });

  it('waits out Retry-After on a 429, and holds every other request too', () => {
    const d = decideRetry(
      appError('rate_limited', 'slow down', { retryAfterMs: 30_000 }),
      1,
      policy,
      half,
    );
    expect(d).toEqual({ kind: 'retry', delayMs: 30_000, holdAll: true });
  });

  it('backs off even when a 429 says "Retry-After: 0"', () => {
    const d = decideRetry(appError('rate_limited', 'x', { retryAfterMs: 0 }), 3, policy, half);
    expect(d).toMatchObject({ kind: 'retry', holdAll: true });
    expect(d.kind === 'retry' && d.delayMs).toBeGreaterThanOrEqual(2000);
  });

  it('a network failure does not hold other tasks back', () => {
    expect(decideRetry(appError('network', 'x'), 1, policy, half)).toMatchObject({
      holdAll: false,
    });
  });
});

describe('backoff', () => {
  it('doubles per failure up to the cap, with jitter in the upper half of each step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (attempt, r) => {
          const step = Math.min(policy.maxMs, policy.baseMs * 2 ** (attempt - 1));
          const d = backoffDelay(attempt, policy, () => r);
          expect(d).toBeGreaterThanOrEqual(Math.floor(step / 2));
          expect(d).toBeLessThanOrEqual(step);
        },
      ),
    );
  });

  it('spreads clients that failed together', () => {
    const delays = [0, 0.25, 0.5, 0.75, 1].map((r) => backoffDelay(4, policy, () => r));
    expect(new Set(delays).size).toBe(5);
  });

  it('stays finite and capped for absurd attempt counts and random sources', () => {
    for (const attempt of [0, -3, 1e9, Number.MAX_SAFE_INTEGER])
      for (const r of [-1, 2, Number.NaN])
        expect(backoffDelay(attempt, DEFAULT_BACKOFF, () => r)).toBeLessThanOrEqual(
          DEFAULT_BACKOFF.maxMs,
        );
  });
});
