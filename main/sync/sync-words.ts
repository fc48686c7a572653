/**
 * The words of the background sync: how old what is shown is. Said only
 * when it is older than two rounds (or when the person asked for a refresh
 * that was just done), so a healthy app says nothing.
 */

import type { PauseReason } from './sync-state';

const PAUSE_WORDS: Readonly<Record<PauseReason, string>> = {
  offline: 'offline',
  locked: 'paused while the screen is locked',
  suspended: 'paused while the computer sleeps',
  'signed-out': 'paused until an account is connected',
};

/** "8 s", "12 min", "3 h", "2 days": the age of a read, rounded down. */
export function ageWords(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h`;
  return `${Math.floor(h / 24)} days`;
}

/** "Checked 8 s ago": a refresh asked for just after one answers with this. */
export const checkedAgo = (ms: number): string => `Checked ${ageWords(ms)} ago`;

/** A check the person asked for failed: "Checked 12 min ago — the last check failed". */
export const checkFailed = (agoMs: number | null): string =>
  `${agoMs === null ? 'Not checked yet' : checkedAgo(agoMs)} — the last check failed`;

export interface FreshnessInput {
  readonly now: number;
  /** When what is shown was last read in full; null: never this run. */
  readonly checkedAt: number | null;
  /** The interval between rounds; null: only when the person opens Task Tray. */
  readonly intervalMs: number | null;
  readonly paused: readonly PauseReason[];
}

/**
 * "Checked 12 min ago — offline", or null when what is shown is fresh
 * enough not to mention. With no rounds (only on open) nothing is said: the
 * popup opening reads, and the person chose it.
 */
export function freshnessWords(f: FreshnessInput): string | null {
  if (f.checkedAt === null || f.intervalMs === null) return null;
  const age = f.now - f.checkedAt;
  if (age <= 2 * f.intervalMs) return null;
  const why = f.paused.length > 0 ? ` — ${PAUSE_WORDS[f.paused[0]!]}` : '';
  return `${checkedAgo(age)}${why}`;
}
