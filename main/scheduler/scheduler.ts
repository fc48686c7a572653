/**
 * Every timer main sets for its own work (backoff and pacing waits, gathered
 * notifications, update checks) goes through one scheduler, so it can be
 * counted: an idle app with the popup hidden must not wake up on its own, and
 * a benchmark and the tests read these numbers to prove it. One-shot timers
 * only: nothing here repeats, so there is no loop to forget to stop.
 */

export interface SchedulerStats {
  /** Timers set and not yet fired or cancelled. */
  readonly pending: number;
  /** The pending ones by what they are for: which part of the app will wake it next. */
  readonly pendingByLabel: Readonly<Record<string, number>>;
  /** Timers ever set. */
  readonly scheduled: number;
  /** Timers that fired: the app's own wake-ups. */
  readonly fired: number;
  readonly cancelled: number;
  /** Wake-ups by what they were for ("outbox retry", "pacing"…). */
  readonly firedByLabel: Readonly<Record<string, number>>;
}

export interface Scheduler {
  /** Milliseconds, the clock every delay here is measured on. */
  now(): number;
  /**
   * Runs `run` once after `ms` (clamped to what a timer can hold). Returns a
   * function that cancels it; calling that after it fired does nothing.
   */
  after(ms: number, run: () => void, label: string): () => void;
  stats(): SchedulerStats;
  /** Cancels every pending timer: nothing set before this runs afterwards. */
  dispose(): void;
}

/** setTimeout takes a signed 32-bit delay; past that it fires at once. */
export const MAX_DELAY_MS = 2 ** 31 - 1;

export const clampDelay = (ms: number): number =>
  Number.isFinite(ms) ? Math.min(Math.max(0, Math.ceil(ms)), MAX_DELAY_MS) : MAX_DELAY_MS;

export interface SchedulerOptions {
  /** A task that throws must not take the process down; it is reported here instead. */
  readonly onError?: (label: string, error: unknown) => void;
}

const countByLabel = (timers: Iterable<{ readonly label: string }>): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const { label } of timers) counts[label] = (counts[label] ?? 0) + 1;
  return counts;
};

export function createScheduler(opts: SchedulerOptions = {}): Scheduler {
  const pending = new Map<number, { readonly timer: NodeJS.Timeout; readonly label: string }>();
  const firedByLabel: Record<string, number> = {};
  let next = 0;
  let scheduled = 0;
  let fired = 0;
  let cancelled = 0;

  return {
    now: () => Date.now(),

    after(ms, run, label) {
      const id = next++;
      scheduled += 1;
      const timer = setTimeout(() => {
        if (!pending.delete(id)) return;
        fired += 1;
        firedByLabel[label] = (firedByLabel[label] ?? 0) + 1;
        try {
          run();
        } catch (e) {
          opts.onError?.(label, e);
        }
      }, clampDelay(ms));
      // A waiting retry is no reason to keep a process alive (tests, a CLI); Electron runs on regardless.
      timer.unref();
      pending.set(id, { timer, label });
      return () => {
        const t = pending.get(id);
        if (!t) return;
        clearTimeout(t.timer);
        pending.delete(id);
        cancelled += 1;
      };
    },

    stats: () => ({
      pending: pending.size,
      pendingByLabel: countByLabel(pending.values()),
      scheduled,
      fired,
      cancelled,
      firedByLabel: { ...firedByLabel },
    }),

    dispose() {
      for (const t of pending.values()) clearTimeout(t.timer);
      cancelled += pending.size;
      pending.clear();
    },
  };
}
