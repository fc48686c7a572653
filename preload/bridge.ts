// Names only (common/channels.ts): the schemas stay in main, out of the sandboxed preload's bundle.
import { CHANNELS, EVENT_NAMES } from '../common/channels';
import type { Api, EventName, Events, MethodName } from '../common/ipc';
import { appError, err } from '../common/result';
import type { Result } from '../common/result';

export type Invoke = (channel: string, input: unknown) => Promise<unknown>;
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void;

const isResult = (v: unknown): v is Result<unknown> =>
  typeof v === 'object' &&
  v !== null &&
  'ok' in v &&
  typeof (v as { ok: unknown }).ok === 'boolean';

/**
 * Builds window.api from the contract over any transport: ipcRenderer in the
 * app, Playwright's exposeFunction in the end-to-end tests. Only the
 * contract's methods and events exist; a transport failure becomes an error
 * result, so the renderer never sees a raw exception from the bridge.
 */
export function createBridge(invoke: Invoke, subscribe: Subscribe): Api {
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
    return subscribe(event, (payload) => listener(payload as Events[E]));
  };
  return Object.freeze(api) as Api;
}
