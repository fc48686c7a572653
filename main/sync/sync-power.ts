import type { ConnectionState } from '../../common/views';
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

/**
 * The shown account's connection: signed out, or its key refused with no
 * other account signed in, the background stops (no timer, no request)
 * until one is connected again, which then runs a round at once. A refused
 * key with others signed in leaves their rounds running (the round skips
 * the refused one).
 */
export function followConnection(
  sync: { pause(reason: PauseReason): void; unpause(reason: PauseReason): void },
  state: ConnectionState,
  othersSignedIn = false,
): void {
  if (state === 'signed-out' || (state === 'unauthorized' && !othersSignedIn))
    sync.pause('signed-out');
  else sync.unpause('signed-out');
}
