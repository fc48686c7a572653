// Names only (common/channels.ts): the schemas stay in main, out of the sandboxed preload's bundle.
import { CHANNELS, EVENT_NAMES, WIRE } from '../common/channels';
import type { Api, EventName, Events, MethodName } from '../common/ipc';
import { appError, err } from '../common/result';
import type { Result } from '../common/result';
import type { PinnedTaskView } from '../common/views';
import { createTaskListDecoder } from './task-list-decoder';

/** What the bridge needs of a transport: ipcRenderer in the app, a CDP binding in the tests. */
export interface Transport {
  invoke(channel: string, input: unknown): Promise<unknown>;
  /** Listens to one channel main sends on (an event, or a wire message such as WIRE.tasksPatched). */
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
  /** Tells main this page has started (WIRE.hello). */
  hello(): void;
}

const isResult = (v: unknown): v is Result<unknown> =>
  typeof v === 'object' &&
  v !== null &&
  'ok' in v &&
  typeof (v as { ok: unknown }).ok === 'boolean';

/**
 * Builds window.api from the contract over any transport. Only the
 * contract's methods and events exist; a transport failure becomes an error
 * result, so the renderer never sees a raw exception from the bridge. Task
 * lists come whole or as patches (WIRE); listeners always get a whole list.
 */
export function createBridge(transport: Transport): Api {
  const { invoke, subscribe } = transport;
  // One decoder fed once per message, however many listeners there are.
  const decoder = createTaskListDecoder();
  const taskListeners = new Set<(payload: unknown) => void>();
  const toTaskListeners = (list: readonly PinnedTaskView[]): void => {
    for (const l of [...taskListeners]) l(list);
  };
  subscribe('tasks:changed', (p) => toTaskListeners(decoder.whole(p as PinnedTaskView[])));
  subscribe(WIRE.tasksPatched, (p) => {
    const list = decoder.patch(p as PinnedTaskView[]);
    if (list) toTaskListeners(list);
  });
  // After the listeners: main's next list comes whole and finds them in place.
  transport.hello();

  const api: Record<string, unknown> = {};
  for (const name of Object.keys(CHANNELS) as MethodName[]) {
    const channel = CHANNELS[name];
    api[name] = async (input?: unknown): Promise<Result<unknown>> => {
      try {
        const answer = await invoke(channel, input);
        return isResult(answer)
          ? answer
          : err(appError('internal', 'The app answered in a way it should not.'));
      } catch {
        return err(
          appError('internal', 'The app did not answer. Try again, or restart Task Tray.'),
        );
      }
    };
  }
  api.on = <E extends EventName>(
    event: E,
    listener: (payload: Events[E]) => void,
  ): (() => void) => {
    if (!EVENT_NAMES.includes(event)) throw new Error(`Unknown event "${String(event)}"`);
    const wrapped = (payload: unknown): void => listener(payload as Events[E]);
    if (event !== 'tasks:changed') return subscribe(event, wrapped);
    taskListeners.add(wrapped);
    return () => taskListeners.delete(wrapped);
  };
  return Object.freeze(api) as Api;
}
