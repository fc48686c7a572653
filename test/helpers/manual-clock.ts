import type { Scheduler } from '../../main/scheduler/scheduler';

type Clock = Pick<Scheduler, 'now' | 'after'>;

/**
 * main's scheduler with time that moves only when a test says so: the same
 * shape (now, after), so what runs on it (the notification rules, the update
 * controller) runs as in the app, deterministically.
 */
export function manualClock(start = Date.parse('2026-03-02T09:00:00Z')) {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();

  const clock: Clock & {
    /** Moves time forward, running each timer due on the way at its own time. */
    advance(ms: number): void;
    readonly pending: number;
  } = {
    now: () => now,
    after(ms, run) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), run });
      return () => void timers.delete(id);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        let first: [number, { at: number; run: () => void }] | null = null;
        for (const entry of timers) if (!first || entry[1].at < first[1].at) first = entry;
        if (!first || first[1].at > until) break;
        timers.delete(first[0]);
        now = first[1].at;
        first[1].run();
      }
      now = until;
    },
    get pending() {
      return timers.size;
    },
  };
  return clock;
}
