import type { PauseReason } from './sync-state';

/** The powerMonitor events the background sync follows. */
export const POWER_EVENTS = ['suspend', 'resume', 'lock-screen', 'unlock-screen'] as const;
export type PowerEvent = (typeof POWER_EVENTS)[number];

/** Asleep or locked pauses the background; awake or unlocked lifts that pause (and catches up). */
export function followPower(
  sync: { pause(reason: PauseReason): void; unpause(reason: PauseReason): void },
  event: PowerEvent,
): void {
  if (event === 'suspend') sync.pause('suspended');
  else if (event === 'resume') sync.unpause('suspended');
  else if (event === 'lock-screen') sync.pause('locked');
  else sync.unpause('locked');
}
