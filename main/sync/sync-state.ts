/**
 * When the background sync reads, as a pure state machine: the adapter feeds
 * it what happened (a timer, a round over, the machine asleep or awake, the
 * screen locked, the network gone) and does what the step says: run a round
 * now, and set at most one timer, never sooner than the interval. Asleep or
 * locked there is no timer at all. Offline the timer stays, at the interval,
 * only to look whether the network is back (Electron's main process hears no
 * network change): it reads nothing. A pause lifting runs one catch-up round
 * at once. Signed out (or the key refused) there is no timer either.
 */

/** `signed-out`: no account shown, or its key refused: nothing to read until one is. */
export type PauseReason = 'suspended' | 'locked' | 'offline' | 'signed-out';
export type SyncPhase = 'idle' | 'due' | 'running' | 'paused';

export interface SyncState {
  /** Null: only when the person opens Task Tray (no timer ever). */
  readonly intervalMs: number | null;
  readonly paused: readonly PauseReason[];
  readonly running: boolean;
  /** A round was asked for while one ran: run again when it is over. */
  readonly owed: boolean;
  /** When the last round ended, on the scheduler's clock. */
  readonly lastRoundAt: number | null;
  /** When the timer last fired offline (and so ran nothing). */
  readonly lookedAt: number | null;
}

export type SyncEvent =
  | { readonly kind: 'timer' }
  | { readonly kind: 'round-over' }
  | { readonly kind: 'pause'; readonly reason: PauseReason }
  | { readonly kind: 'unpause'; readonly reason: PauseReason }
  | { readonly kind: 'interval'; readonly intervalMs: number | null };

export interface SyncStep {
  readonly state: SyncState;
  /** Start a round now. */
  readonly run: boolean;
  /** The one timer to have (any other cancelled); null: none. */
  readonly wakeAt: number | null;
}

export const initialSyncState = (intervalMs: number | null): SyncState => ({
  intervalMs,
  paused: [],
  running: false,
  owed: false,
  lastRoundAt: null,
  lookedAt: null,
});

export const syncPhase = (s: SyncState): SyncPhase =>
  s.running ? 'running' : s.paused.length > 0 ? 'paused' : s.intervalMs === null ? 'idle' : 'due';

/** The next timer for a state that runs nothing now. */
const wakeFor = (s: SyncState, now: number): number | null => {
  if (s.running || s.intervalMs === null) return null;
  if (s.paused.some((r) => r !== 'offline')) return null;
  const from = Math.max(s.lastRoundAt ?? now, s.lookedAt ?? -Infinity);
  return Math.max(now, from + s.intervalMs);
};

/** Runs a round now if nothing stops it, else owes one (running) or lets it go (paused, off). */
const roundNow = (s: SyncState, now: number): SyncStep => {
  if (s.paused.length > 0 || s.intervalMs === null)
    return { state: s, run: false, wakeAt: wakeFor(s, now) };
  if (s.running) return { state: { ...s, owed: true }, run: false, wakeAt: null };
  return { state: { ...s, running: true, owed: false }, run: true, wakeAt: null };
};

const settle = (s: SyncState, now: number): SyncStep => ({
  state: s,
  run: false,
  wakeAt: wakeFor(s, now),
});

export function stepSync(s: SyncState, event: SyncEvent, now: number): SyncStep {
  switch (event.kind) {
    case 'timer':
      // Offline: the timer only looked (the runner asks the network first); the next look is an interval on.
      return s.paused.length > 0 ? settle({ ...s, lookedAt: now }, now) : roundNow(s, now);
    case 'round-over': {
      const over = { ...s, running: false, lastRoundAt: now };
      return s.owed ? roundNow({ ...over, owed: false }, now) : settle(over, now);
    }
    case 'pause':
      if (s.paused.includes(event.reason)) return settle(s, now);
      // Offline was just looked at: the next look is an interval on.
      return settle(
        {
          ...s,
          paused: [...s.paused, event.reason],
          lookedAt: event.reason === 'offline' ? now : s.lookedAt,
        },
        now,
      );
    case 'unpause': {
      if (!s.paused.includes(event.reason)) return settle(s, now);
      const next = { ...s, paused: s.paused.filter((r) => r !== event.reason) };
      // Awake, unlocked or online again: what changed meanwhile is read at once.
      return next.paused.length === 0 ? roundNow(next, now) : settle(next, now);
    }
    case 'interval':
      return settle({ ...s, intervalMs: event.intervalMs }, now);
  }
}
