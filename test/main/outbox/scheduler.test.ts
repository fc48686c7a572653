import { describe, expect, it } from 'vitest';
import { clampDelay, createScheduler, MAX_DELAY_MS } from '../../../main/scheduler/scheduler';

const tick = (scheduler: ReturnType<typeof createScheduler>, ms: number, label = 'test') =>
  new Promise<void>((resolve) => scheduler.after(ms, resolve, label));

describe('the scheduler', () => {
  it('runs a task once, and counts it as a wake-up under its label', async () => {
    const s = createScheduler();
    let runs = 0;
    s.after(5, () => runs++, 'outbox retry');
    expect(s.stats()).toMatchObject({ pending: 1, scheduled: 1, fired: 0 });
    expect(s.stats().pendingByLabel).toEqual({ 'outbox retry': 1 });
    await tick(s, 20, 'pacing');
    expect(runs).toBe(1);
    expect(s.stats()).toMatchObject({
      pending: 0,
      scheduled: 2,
      fired: 2,
      firedByLabel: { 'outbox retry': 1, pacing: 1 },
    });
    expect(s.stats().pendingByLabel).toEqual({});
  });

  it('never runs a cancelled task, and a late cancel does nothing', async () => {
    const s = createScheduler();
    let runs = 0;
    const cancel = s.after(5, () => runs++, 'x');
    cancel();
    cancel();
    const later = s.after(1, () => runs++, 'y');
    expect(s.stats().pendingByLabel).toEqual({ y: 1 });
    await tick(s, 20);
    later();
    expect(runs).toBe(1);
    expect(s.stats()).toMatchObject({ pending: 0, cancelled: 1, firedByLabel: { y: 1 } });
    expect(s.stats().pendingByLabel).toEqual({});
  });

  it('dispose cancels everything pending', async () => {
    const s = createScheduler();
    let runs = 0;
    s.after(1, () => runs++, 'a');
    s.after(2, () => runs++, 'b');
    s.after(3, () => runs++, 'b');
    expect(s.stats().pendingByLabel).toEqual({ a: 1, b: 2 });
    s.dispose();
    expect(s.stats().pending).toBe(0);
    expect(s.stats().pendingByLabel).toEqual({});
    await new Promise((r) => setTimeout(r, 20));
    expect(runs).toBe(0);
  });

  it('reports a task that throws instead of letting it escape', async () => {
    const seen: string[] = [];
    const s = createScheduler({ onError: (label, e) => seen.push(`${label}: ${String(e)}`) });
    s.after(
      1,
      () => {
        throw new Error('boom');
      },
      'bad',
    );
    await tick(s, 20);
    expect(seen).toEqual(['bad: Error: boom']);
  });

  it('clamps delays a timer cannot hold', () => {
    expect(clampDelay(-5)).toBe(0);
    expect(clampDelay(Number.NaN)).toBe(MAX_DELAY_MS);
    expect(clampDelay(Number.POSITIVE_INFINITY)).toBe(MAX_DELAY_MS);
    expect(clampDelay(2 ** 40)).toBe(MAX_DELAY_MS);
    expect(clampDelay(1.2)).toBe(2);
  });
});
