import { powerMonitor } from 'electron';
import { POWER_EVENTS } from './sync-power';
import type { PowerEvent } from './sync-power';

/**
 * The thin Electron part of the background sync: powerMonitor's sleep, wake,
 * lock and unlock, handed on as they come. (Whether the network is there is
 * net.isOnline, asked by the core before each round: Electron's main process
 * hears no network change.) Returns the function that stops listening.
 */
export function watchPower(onPower: (event: PowerEvent) => void): () => void {
  const listeners = POWER_EVENTS.map((event) => {
    const listener = () => onPower(event);
    powerMonitor.on(event as 'suspend', listener);
    return { event, listener };
  });
  return () => {
    for (const { event, listener } of listeners)
      powerMonitor.removeListener(event as 'suspend', listener);
  };
}
