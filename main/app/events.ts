import type { EventName, Events } from '../../common/ipc';

export type EventListener = <E extends EventName>(event: E, payload: Events[E]) => void;

/**
 * A tiny typed fan-out: main's state changes go to the popup (and the tray).
 * Every payload passes `guard` first (docs/ARCHITECTURE.md, invariant 1: events are answers too).
 */
export function createEvents(guard: <T>(payload: T) => T = (p) => p) {
  const listeners = new Set<EventListener>();
  return {
    on(listener: EventListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit<E extends EventName>(event: E, payload: Events[E]): void {
      const safe = guard(payload);
      for (const l of listeners) l(event, safe);
    },
  };
}
