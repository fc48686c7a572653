import { useCallback, useEffect, useState } from 'react';
import type { Api, EventName, Events } from '../../common/ipc';
import type { AppError, Result } from '../../common/result';
import { useApi } from './api-context';

export type Remote<T> =
  | { readonly phase: 'loading' }
  | { readonly phase: 'error'; readonly error: AppError }
  | { readonly phase: 'ready'; readonly value: T };

export interface RemoteController<T> {
  readonly state: Remote<T>;
  /** Back to loading, and ask main again. */
  reload(): void;
  /** Replace the value, or change it when it is loaded (a function of the latest value). */
  set(next: T | ((prev: T) => T)): void;
}

/** Loads the current value; `again` is true when the person asked to retry. Define it at module level. */
export type Loader<T> = (api: Api, again: boolean) => Promise<Result<T>>;

const NO_ANSWER: AppError = { kind: 'internal', message: 'The app did not answer. Try again.' };

/**
 * A piece of state main owns: loaded once, then kept current by main's
 * events. An event wins over a slower initial answer, because it is newer.
 */
export function useRemote<E extends EventName>(
  event: E,
  load: Loader<Events[E]>,
): RemoteController<Events[E]> {
  const api = useApi();
  const [state, setState] = useState<Remote<Events[E]>>({ phase: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    let heardEvent = false;
    const off = api.on(event, (payload) => {
      heardEvent = true;
      if (live) setState({ phase: 'ready', value: payload });
    });
    load(api, generation > 0).then(
      (r) => {
        if (!live || heardEvent) return;
        setState(r.ok ? { phase: 'ready', value: r.value } : { phase: 'error', error: r.error });
      },
      () => {
        if (live && !heardEvent) setState({ phase: 'error', error: NO_ANSWER });
      },
    );
    return () => {
      live = false;
      off();
    };
  }, [api, event, load, generation]);

  const reload = useCallback(() => {
    setState({ phase: 'loading' });
    setGeneration((g) => g + 1);
  }, []);
  const set = useCallback((next: Events[E] | ((prev: Events[E]) => Events[E])) => {
    setState((prev) => {
      if (typeof next !== 'function') return { phase: 'ready', value: next };
      return prev.phase === 'ready' ? { phase: 'ready', value: next(prev.value) } : prev;
    });
  }, []);
  return { state, reload, set };
}
