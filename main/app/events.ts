import { BOUNDS } from '../../common/bounds';
import type { EventName, Events } from '../../common/ipc';
import { jsonSize } from '../lib/json-size';

export type EventListener = <E extends EventName>(event: E, payload: Events[E]) => void;

/**
 * A tiny typed fan-out: main's state changes go to the popup (and the tray).
 * Every payload passes `guard` first (docs/ARCHITECTURE.md, invariant 1: events are answers too),
 * and one larger than BOUNDS.ipcBytes goes nowhere: `tooLarge` says so (invariant 8).
 */
export function createEvents(
  guard: <T>(payload: T) => T = (p) => p,
  tooLarge: (event: EventName) => void = () => undefined,
) {
  const listeners = new Set<EventListener>();
  return {
    on(listener: EventListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit<E extends EventName>(event: E, payload: Events[E]): void {
      const safe = guard(payload);
      if (jsonSize(safe, BOUNDS.ipcBytes) > BOUNDS.ipcBytes) return tooLarge(event);
      for (const l of listeners) l(event, safe);
    },
  };
}
