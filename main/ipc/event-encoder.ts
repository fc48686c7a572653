import { WIRE } from '../../common/channels';
import type { EventName, Events } from '../../common/ipc';
import { sameData } from '../../common/same-data';
import type { PinnedTaskView } from '../../common/views';

/** What goes on the wire to one page: an event as it is, or a task list as a patch. */
export interface WireMessage {
  readonly channel: string;
  readonly payload: unknown;
}

export interface EventEncoder {
  /** The message for this event, or null when the page already has exactly this list. */
  encode<E extends EventName>(event: E, payload: Events[E]): WireMessage | null;
  /** The page started again (WIRE.hello): the next list goes whole. */
  reset(): void;
}

/**
 * Main's side of the task-list patches (see WIRE in common/channels.ts), one
 * per page. The list is sent whole when its tasks or their order differ from
 * the last one sent; otherwise only the tasks that read differently. Main
 * builds a new list on every change but shares the unchanged tasks' parts,
 * so the comparison is mostly identity.
 */
export function createEventEncoder(): EventEncoder {
  let sent: readonly PinnedTaskView[] | null = null;
  return {
    reset() {
      sent = null;
    },
    encode(event, payload) {
      if (event !== 'tasks:changed') return { channel: event, payload };
      const next = payload as readonly PinnedTaskView[];
      const before = sent;
      sent = next;
      if (!before || before.length !== next.length || next.some((v, i) => v.id !== before[i]?.id))
        return { channel: event, payload: next };
      const changed = next.filter((v, i) => !sameData(v, before[i]));
      return changed.length === 0 ? null : { channel: WIRE.tasksPatched, payload: changed };
    },
  };
}
