// Names only (common/channels.ts): the schemas stay in main, out of the sandboxed preload's bundle.
import { CHANNELS, EVENT_NAMES, FIRST_SCREEN_READS, WIRE } from '../common/channels';
import type { Api, EventName, Events, MethodName } from '../common/ipc';
import { appError, err, ok } from '../common/result';
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
  /** A dropped file's path on disk (webUtils.getPathForFile); '' when it has none. */
  pathForFile(file: File): string;
}

const isResult = (v: unknown): v is Result<unknown> =>
  typeof v === 'object' &&
  v !== null &&
  'ok' in v &&
  typeof (v as { ok: unknown }).ok === 'boolean';

/** A first-screen read asked for as the page started, and the newest value its event brought since. */
interface EarlyRead {
  readonly answer: Promise<Result<unknown>>;
  /** Set when main announced a change after the read was sent: newer than the answer. */
  changed: { readonly value: unknown } | null;
  stopWatching(): void;
}

/**
 * Builds window.api from the contract over any transport. Only the
 * contract's methods and events exist; a transport failure becomes an error
 * result, so the renderer never sees a raw exception from the bridge. Task
 * lists come whole or as patches (WIRE); listeners always get a whole list.
 *
 * The first screen's reads (FIRST_SCREEN_READS) are sent right away, while
 * the renderer's bundle is still loading; the renderer's first call of each
 * (without input) gets that answer instead of asking again. An event for the
 * same value that arrived after the read was sent is newer than the answer,
 * and is what that call returns, so nothing main said in between is lost.
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

  const call = async (channel: string, input: unknown): Promise<Result<unknown>> => {
    try {
      const answer = await invoke(channel, input);
      return isResult(answer)
        ? answer
        : err(appError('internal', 'The app answered in a way it should not.'));
    } catch {
      return err(appError('internal', 'The app did not answer. Try again, or restart Task Tray.'));
    }
  };

  const early = new Map<MethodName, EarlyRead>();
  for (const [name, event] of FIRST_SCREEN_READS) {
    const read: EarlyRead = {
      answer: call(CHANNELS[name], undefined),
      changed: null,
      stopWatching: () => undefined,
    };
    if (event === 'tasks:changed') {
      const watch = (list: unknown): void => void (read.changed = { value: list });
      taskListeners.add(watch);
      read.stopWatching = () => taskListeners.delete(watch);
    } else if (event) {
      read.stopWatching = subscribe(event, (value) => (read.changed = { value }));
    }
    early.set(name, read);
  }
  /** The early read's outcome, once: later calls go to main as usual. */
  const takeEarly = async (name: MethodName): Promise<Result<unknown>> => {
    const read = early.get(name) as EarlyRead;
    early.delete(name);
    const answer = await read.answer;
    read.stopWatching();
    return read.changed ? ok(read.changed.value) : answer;
  };

  const api: Record<string, unknown> = {};
  for (const name of Object.keys(CHANNELS) as MethodName[]) {
    const channel = CHANNELS[name];
    api[name] = (input?: unknown): Promise<Result<unknown>> =>
      input === undefined && early.has(name) ? takeEarly(name) : call(channel, input);
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
  api.filePaths = (files: readonly File[]): string[] =>
    Array.from(files, (f) => {
      try {
        return transport.pathForFile(f);
      } catch {
        return '';
      }
    }).filter((p) => p !== '');
  return Object.freeze(api) as Api;
}
