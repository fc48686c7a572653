import type { Scheduler } from '../../main/scheduler/scheduler';

/**
 * A clock for long stretches of virtual time: timers fire in the order they
 * are due, the clock set to each one's due time, and only when the benchmark
 * moves the clock on (`runUntil`, `during`); between them, main's real work
 * (requests on loopback, file writes) runs in real time and `settle` waits
 * for it. A week of a tray app's timers then takes seconds. (virtual-clock.ts
 * fires every timer at the next turn instead: enough for one paced task.)
 */
export function createSteppedClock(settle: () => Promise<void>, start = Date.now()) {
  let at = start;
  let ids = 0;
  let fired = 0;
  let scheduled = 0;
  let cancelled = 0;
  const firedByLabel: Record<string, number> = {};
  const timers = new Map<number, { due: number; run: () => void; label: string }>();

  const nextDue = (until: number) => {
    let best: [number, { due: number; run: () => void; label: string }] | null = null;
    for (const entry of timers)
      if (entry[1].due <= until && (!best || entry[1].due < best[1].due)) best = entry;
    return best;
  };
  /** Fires the earliest timer due by `until`, if any; false when there is none. */
  const fireNext = async (until: number): Promise<boolean> => {
    const next = nextDue(until);
    if (!next) return false;
    const [id, t] = next;
    timers.delete(id);
    at = Math.max(at, t.due);
    fired += 1;
    firedByLabel[t.label] = (firedByLabel[t.label] ?? 0) + 1;
    t.run();
    await settle();
    return true;
  };

  const scheduler: Scheduler = {
    now: () => at,
    after(ms, run, label) {
      const id = ++ids;
      scheduled += 1;
      timers.set(id, { due: at + Math.max(0, ms), run, label });
      return () => {
        if (timers.delete(id)) cancelled += 1;
      };
    },
    stats() {
      const pendingByLabel: Record<string, number> = {};
      for (const t of timers.values()) pendingByLabel[t.label] = (pendingByLabel[t.label] ?? 0) + 1;
      return {
        pending: timers.size,
        pendingByLabel,
        scheduled,
        fired,
        cancelled,
        firedByLabel: { ...firedByLabel },
      };
    },
    dispose: () => timers.clear(),
  };

  return {
    scheduler,
    now: () => at,
    /** Lets virtual time pass until `until`, firing every timer due by then, in order. */
    async runUntil(until: number): Promise<void> {
      await settle();
      while (await fireNext(until));
      at = Math.max(at, until);
    },
    /**
     * Waits for `work`, moving the clock on to the timers it waits for (its
     * pacing) when it has nothing else going on, up to `horizonMs` ahead.
     */
    async during<T>(work: Promise<T>, horizonMs = 5 * 60_000): Promise<T> {
      let done = false;
      const watched = work.finally(() => {
        done = true;
      });
      const start = at;
      while (!done) {
        await settle();
        if (done) break;
        if (!(await fireNext(start + horizonMs)))
          await new Promise((resolve) => setTimeout(resolve, 1));
      }
      return watched;
    },
  };
}
