import { describe, expect, it } from 'vitest';
import { initialSyncState, stepSync, syncPhase } from '../../../main/sync/sync-state';
import type { PauseReason, SyncEvent, SyncState } from '../../../main/sync/sync-state';
import { followConnection } from '../../../main/sync/sync-power';

const MIN = 60_000;

/** Feeds events in order at the times given; returns every step. */
const run = (s: SyncState, events: [number, SyncEvent][]) => {
  const steps = [];
  for (const [at, e] of events) {
    const step = stepSync(s, e, at);
    s = step.state;
    steps.push(step);
  }
  return steps;
};

describe('the sync state machine', () => {
  it('waits one interval, runs a round, then waits an interval from its end', () => {
    const s0 = initialSyncState(2 * MIN);
    const start = stepSync(s0, { kind: 'interval', intervalMs: 2 * MIN }, 0);
    expect(start).toMatchObject({ run: false, wakeAt: 2 * MIN });
    const timer = stepSync(start.state, { kind: 'timer' }, 2 * MIN);
    expect(timer).toMatchObject({ run: true, wakeAt: null });
    expect(syncPhase(timer.state)).toBe('running');
    const over = stepSync(timer.state, { kind: 'round-over' }, 2 * MIN + 5_000);
    expect(over).toMatchObject({ run: false, wakeAt: 4 * MIN + 5_000 });
    expect(syncPhase(over.state)).toBe('due');
  });

  it('has no timer at all with "only when I open Task Tray"', () => {
    const s = initialSyncState(null);
    expect(stepSync(s, { kind: 'interval', intervalMs: null }, 0)).toMatchObject({
      run: false,
      wakeAt: null,
    });
    expect(stepSync(s, { kind: 'timer' }, 0)).toMatchObject({ run: false, wakeAt: null });
    expect(stepSync(s, { kind: 'unpause', reason: 'locked' }, 0).run).toBe(false);
    expect(syncPhase(s)).toBe('idle');
  });

  it('asleep or locked: no timer, no round; the pause lifting runs one catch-up round at once', () => {
    const steps = run(initialSyncState(2 * MIN), [
      [0, { kind: 'interval', intervalMs: 2 * MIN }],
      [MIN, { kind: 'pause', reason: 'suspended' }],
      [3 * MIN, { kind: 'timer' }],
      [4 * MIN, { kind: 'pause', reason: 'locked' }],
      [5 * MIN, { kind: 'unpause', reason: 'suspended' }],
      [6 * MIN, { kind: 'unpause', reason: 'locked' }],
    ]);
    expect(steps.map((s) => [s.run, s.wakeAt])).toEqual([
      [false, 2 * MIN],
      [false, null],
      [false, null],
      [false, null],
      // Still locked: nothing yet.
      [false, null],
      [true, null],
    ]);
    expect(syncPhase(steps[3]!.state)).toBe('paused');
  });

  it('offline: the timer only looks at the network each interval, and a round runs once it is back', () => {
    const steps = run(initialSyncState(2 * MIN), [
      [0, { kind: 'interval', intervalMs: 2 * MIN }],
      [2 * MIN, { kind: 'pause', reason: 'offline' }],
      [4 * MIN, { kind: 'timer' }],
      [5 * MIN, { kind: 'unpause', reason: 'offline' }],
    ]);
    expect(steps.map((s) => [s.run, s.wakeAt])).toEqual([
      [false, 2 * MIN],
      [false, 4 * MIN],
      [false, 6 * MIN],
      [true, null],
    ]);
  });

  it('a round asked for while one runs runs once after it, not twice at once', () => {
    const steps = run(initialSyncState(MIN), [
      [0, { kind: 'timer' }],
      [1_000, { kind: 'timer' }],
      [2_000, { kind: 'timer' }],
      [3_000, { kind: 'round-over' }],
      [4_000, { kind: 'round-over' }],
    ]);
    expect(steps.map((s) => s.run)).toEqual([true, false, false, true, false]);
    expect(steps[4]!.wakeAt).toBe(4_000 + MIN);
  });

  it('a shorter interval chosen wakes sooner, never sooner than now', () => {
    const [, over, changed] = run(initialSyncState(15 * MIN), [
      [0, { kind: 'timer' }],
      [1_000, { kind: 'round-over' }],
      [10 * MIN, { kind: 'interval', intervalMs: MIN }],
    ]);
    expect(over!.wakeAt).toBe(1_000 + 15 * MIN);
    expect(changed!.wakeAt).toBe(10 * MIN);
  });
});

describe('the account shown', () => {
  it('signed out or refused: no timer and no round; connected again: one round at once', () => {
    const calls: string[] = [];
    let s = stepSync(initialSyncState(2 * MIN), { kind: 'interval', intervalMs: 2 * MIN }, 0).state;
    const sync = {
      pause: (reason: PauseReason) => {
        const step = stepSync(s, { kind: 'pause', reason }, MIN);
        s = step.state;
        calls.push(`pause ${String(step.wakeAt)} ${String(step.run)}`);
      },
      unpause: (reason: PauseReason) => {
        const step = stepSync(s, { kind: 'unpause', reason }, 9 * MIN);
        s = step.state;
        calls.push(`unpause ${String(step.wakeAt)} ${String(step.run)}`);
      },
    };
    followConnection(sync, 'signed-out');
    followConnection(sync, 'unauthorized');
    expect(stepSync(s, { kind: 'timer' }, 3 * MIN)).toMatchObject({ run: false, wakeAt: null });
    followConnection(sync, 'online');
    expect(calls).toEqual(['pause null false', 'pause null false', 'unpause null true']);
  });

  it('its key refused while other accounts are signed in: their rounds go on', () => {
    const calls: string[] = [];
    const sync = {
      pause: (reason: PauseReason) => void calls.push(`pause ${reason}`),
      unpause: (reason: PauseReason) => void calls.push(`unpause ${reason}`),
    };
    followConnection(sync, 'unauthorized', true);
    followConnection(sync, 'signed-out', true);
    expect(calls).toEqual(['unpause signed-out', 'pause signed-out']);
  });
});
