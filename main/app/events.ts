import type { EventName, Events } from '../../common/ipc';

export type EventListener = <E extends EventName>(event: E, payload: Events[E]) => void;

/** A tiny typed fan-out: main's state changes go to the popup (and the tray). */
export function createEvents() {
  const listeners = new Set<EventListener>();
  return {
    on(listener: EventListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit<E extends EventName>(event: E, payload: Events[E]): void {
      for (const l of listeners) l(event, payload);
    },
  };
}
