import { describe, expect, it } from 'vitest';
import {
  checkDueAfterWake,
  decideRestart,
  mayCheck,
  nextCheckDelay,
  UPDATE_TIMING,
} from '../../../main/update/update-policy';
import type { UpdateState } from '../../../main/update/update-state';

const HOUR = 60 * 60_000;
const ready: UpdateState = { kind: 'ready', version: '1.2.0' };
const failed: UpdateState = { kind: 'error', problem: 'server', during: 'check' };

describe('when to check for updates', () => {
  it('first shortly after start, then every few hours', () => {
    expect(UPDATE_TIMING.startDelayMs).toBeGreaterThanOrEqual(5_000);
    expect(UPDATE_TIMING.startDelayMs).toBeLessThanOrEqual(60_000);
    expect(UPDATE_TIMING.intervalMs).toBeGreaterThanOrEqual(2 * HOUR);
    expect(UPDATE_TIMING.intervalMs).toBeLessThanOrEqual(8 * HOUR);
    expect(nextCheckDelay({ kind: 'up-to-date' }, 0)).toBe(UPDATE_TIMING.intervalMs);
  });

  it('not again while one runs, a download is under way or one waits to be installed', () => {
    expect(mayCheck({ kind: 'up-to-date' }, false)).toBe(true);
    expect(mayCheck({ kind: 'up-to-date' }, true)).toBe(false);
    expect(mayCheck({ kind: 'downloading', version: '1.2.0', percent: 30 }, false)).toBe(false);
    expect(mayCheck(ready, false)).toBe(false);
    expect(mayCheck({ kind: 'installing', version: '1.2.0' }, false)).toBe(false);
    expect(mayCheck({ kind: 'off', reason: 'unpackaged' }, false)).toBe(false);
  });

  it('keeps checking where a new version is announced for a manual update: a newer one may follow', () => {
    const deb: UpdateState = {
      kind: 'available-manual',
      version: '1.2.0',
      reason: 'deb',
      url: 'https://github.com/tasktray/task-tray/releases/tag/v1.2.0',
    };
    expect(nextCheckDelay(deb, 0)).toBe(UPDATE_TIMING.intervalMs);
  });

  it('no next check planned once an update is ready or under way', () => {
    expect(nextCheckDelay(ready, 0)).toBeNull();
    expect(nextCheckDelay({ kind: 'downloading', version: null, percent: 0 }, 0)).toBeNull();
  });

  it('backs off after failures in a row: sooner than the interval at first, never longer', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 50].map((n) => nextCheckDelay(failed, n) ?? -1);
    expect(delays[0]).toBe(UPDATE_TIMING.retryBaseMs);
    expect(delays[0]).toBeLessThan(UPDATE_TIMING.intervalMs);
    for (let i = 1; i < delays.length; i++) {
      expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
      expect(delays[i]).toBeLessThanOrEqual(UPDATE_TIMING.intervalMs);
    }
    expect(delays.at(-1)).toBe(UPDATE_TIMING.intervalMs);
  });

  it('after the computer wakes, only when the last check is older than the interval', () => {
    const t = 1_000_000_000;
    expect(checkDueAfterWake(null, t)).toBe(false);
    expect(checkDueAfterWake(t - HOUR, t)).toBe(false);
    expect(checkDueAfterWake(t - UPDATE_TIMING.intervalMs, t)).toBe(true);
  });
});

describe('"Restart to update"', () => {
  it('restarts now when no change is waiting to be sent', () => {
    expect(decideRestart(ready, 0)).toEqual({ kind: 'restart' });
  });

  it('never restarts while changes wait; it waits for them', () => {
    expect(decideRestart(ready, 2)).toEqual({ kind: 'wait-for-changes', waiting: 2 });
    expect(decideRestart(ready, 1)).toEqual({ kind: 'wait-for-changes', waiting: 1 });
  });

  it('has nothing to do before a download is ready', () => {
    for (const state of [
      { kind: 'idle' },
      { kind: 'downloading', version: '1.2.0', percent: 90 },
      { kind: 'installing', version: '1.2.0' },
      failed,
    ] as UpdateState[]) {
      expect(decideRestart(state, 0)).toEqual({ kind: 'nothing-to-install' });
    }
  });
});
