import { serialize } from 'node:v8';
import type { EventListener } from '../../main/app/events';
import { createEventEncoder } from '../../main/ipc/event-encoder';

/**
 * What main's event sender (main/ipc/event-sender.ts) costs main per event,
 * with no window: the same encoder (task lists as patches), then what
 * webContents.send does on main's thread, V8's serialiser. The copy is
 * read back in the renderer's process, not on main's thread, so it is not
 * counted here (structuredClone, used before, counted both halves).
 */
export function createIpcStandIn(): EventListener {
  const encoder = createEventEncoder();
  return (event, payload) => {
    const message = encoder.encode(event, payload);
    if (message) serialize(message.payload);
  };
}
