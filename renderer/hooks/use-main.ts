import { useCallback, useSyncExternalStore } from 'react';
import type { MainKey, MainValues, Remote } from '../lib/main-store';
import { useStore } from './api-context';

export interface MainController<T> {
  readonly state: Remote<T>;
  /** Back to loading, and ask main again. */
  reload(): void;
  /** Replace the value, or change it when it is loaded (a function of the latest value). */
  set(next: T | ((prev: T) => T)): void;
}

/** One piece of main's state, current with main's events. */
export function useMain<K extends MainKey>(key: K): MainController<MainValues[K]> {
  const store = useStore();
  const state = useSyncExternalStore(store.subscribe, () => store.get(key));
  const reload = useCallback(() => store.reload(key), [store, key]);
  const set = useCallback(
    (next: MainValues[K] | ((prev: MainValues[K]) => MainValues[K])) => store.set(key, next),
    [store, key],
  );
  return { state, reload, set };
}
