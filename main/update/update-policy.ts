/**
 * When to ask for updates, and whether "Restart to update" may restart now.
 * Pure: the controller (update-controller.ts) applies these to its timers.
 */
import type { UpdateState } from './update-state';

export interface UpdateTiming {
  /** After start, so the first check does not compete with the first reads of the service. */
  readonly startDelayMs: number;
  /** Between checks that went well. */
  readonly intervalMs: number;
  /** After a failed check or download; doubles with each failure in a row, up to `intervalMs`. */
  readonly retryBaseMs: number;
}

export const UPDATE_TIMING: UpdateTiming = {
  startDelayMs: 20_000,
  intervalMs: 4 * 60 * 60_000,
  retryBaseMs: 10 * 60_000,
};

/**
 * Whether a check may start now: not while one runs, not while a download is
 * under way or done (electron-updater would fetch it again), not where
 * nothing is checked.
 */
export function mayCheck(state: UpdateState, checkRunning: boolean): boolean {
  if (checkRunning) return false;
  switch (state.kind) {
    case 'off':
    case 'downloading':
    case 'ready':
    case 'installing':
      return false;
    default:
      return true;
  }
}

/**
 * A check the person asks for (the footer's or the tray's button) goes out at
 * most once in this long: the popup cannot make the app ask the release feed
 * without end. Within it, the last check's answer stands.
 */
export const ASKED_CHECK_GAP_MS = 60_000;

export function askedCheckAllowed(lastCheckStartedAt: number | null, now: number): boolean {
  return lastCheckStartedAt === null || now - lastCheckStartedAt >= ASKED_CHECK_GAP_MS;
}

/**
 * How long until the next check, once a check or a download has ended in
 * `state`; null for none. `failures` counts the failed attempts in a row,
 * this one included.
 */
export function nextCheckDelay(
  state: UpdateState,
  failures: number,
  timing: UpdateTiming = UPDATE_TIMING,
): number | null {
  if (!mayCheck(state, false)) return null;
  if (state.kind !== 'error') return timing.intervalMs;
  const n = Math.max(1, Math.floor(failures));
  // 2^20 steps is far past any interval; the cap keeps the power finite.
  return Math.min(timing.intervalMs, timing.retryBaseMs * 2 ** Math.min(n - 1, 20));
}

/**
 * After the computer wakes: a check is due when the last one ended longer than
 * an interval ago (timers do not count the time asleep on every OS). Never
 * before the first check: the start delay has that.
 */
export function checkDueAfterWake(
  lastCheckEndedAt: number | null,
  now: number,
  timing: UpdateTiming = UPDATE_TIMING,
): boolean {
  return lastCheckEndedAt !== null && now - lastCheckEndedAt >= timing.intervalMs;
}

export type RestartDecision =
  | { readonly kind: 'restart' }
  /** Changes are waiting to be sent: restarting now would hold them up, so it waits for them. */
  | { readonly kind: 'wait-for-changes'; readonly waiting: number }
  | { readonly kind: 'nothing-to-install' };

/** Whether "Restart to update" may restart now: never while changes wait to be sent. */
export function decideRestart(state: UpdateState, waitingChanges: number): RestartDecision {
  if (state.kind !== 'ready') return { kind: 'nothing-to-install' };
  const waiting = Number.isFinite(waitingChanges) ? Math.max(0, Math.floor(waitingChanges)) : 0;
  return waiting > 0 ? { kind: 'wait-for-changes', waiting } : { kind: 'restart' };
}
