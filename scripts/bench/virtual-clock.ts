import type { Scheduler } from '../../main/scheduler/scheduler';

/**
 * A scheduler on a clock that jumps over waits: a timer fires on the next
 * turn of the event loop and the clock moves to its due time. Work that only
 * waits on its pacing (one timer at a time, as a paced build does) then takes
 * its real time plus the waits as scheduled, without sitting through them.
 * The service's pacing reads the same clock, so it counts what it would.
 */
export function createVirtualClock() {
  let offset = 0;
  const now = () => Date.now() + offset;
  let fired = 0;
  // A cancelled timer still runs its turn here (and does nothing): it counts as pending until then.
  const pendingByLabel: Record<string, number> = {};
  const count = (label: string, by: number) => {
    const n = (pendingByLabel[label] ?? 0) + by;
    if (n === 0) delete pendingByLabel[label];
    else pendingByLabel[label] = n;
  };
  const scheduler: Scheduler = {
    now,
    after(ms, run, label) {
      const due = now() + Math.max(0, ms);
      let cancelled = false;
      count(label, 1);
      setImmediate(() => {
        count(label, -1);
        if (cancelled) return;
        if (now() < due) offset += due - now();
        fired += 1;
        run();
      });
      return () => {
        cancelled = true;
      };
    },
    stats: () => {
      const pending = Object.values(pendingByLabel).reduce((sum, n) => sum + n, 0);
      return {
        pending,
        pendingByLabel: { ...pendingByLabel },
        scheduled: fired + pending,
        fired,
        cancelled: 0,
        firedByLabel: {},
      };
    },
    dispose: () => undefined,
  };
  return {
    scheduler,
    now,
    date: () => new Date(now()),
    /** Lets time pass at once (a pause between two runs: the pacing's bucket refills). */
    advance: (ms: number) => {
      offset += ms;
    },
  };
}
