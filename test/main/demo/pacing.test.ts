import { describe, expect, it } from 'vitest';
import { createPacer } from '../../../main/demo/pacing';

describe('per-client pacing', () => {
  it('allows the limit in a window, then refuses with the seconds left in it', () => {
    const pacer = createPacer({ limit: 3, windowMs: 60_000 });
    const t0 = 1_000_000;
    expect([0, 10, 20].map((dt) => pacer.check('10.0.0.1', t0 + dt).allowed)).toEqual([
      true,
      true,
      true,
    ]);
    expect(pacer.check('10.0.0.1', t0 + 30_500)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(pacer.check('10.0.0.1', t0 + 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('opens a new window once the old one has passed', () => {
    const pacer = createPacer({ limit: 1, windowMs: 1_000 });
    expect(pacer.check('a', 0).allowed).toBe(true);
    expect(pacer.check('a', 999).allowed).toBe(false);
    expect(pacer.check('a', 1_000).allowed).toBe(true);
  });

  it('counts each client on its own', () => {
    const pacer = createPacer({ limit: 1, windowMs: 60_000 });
    expect(pacer.check('a', 0).allowed).toBe(true);
    expect(pacer.check('b', 0).allowed).toBe(true);
    expect(pacer.check('a', 1).allowed).toBe(false);
  });
});
