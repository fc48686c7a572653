import type { Api, EventName } from '../../common/ipc';
import type { Organization } from '../../common/organization';
import type { AppError, Result } from '../../common/result';
import type {
  AccountStatus,
  ConnectionView,
  PinnedTaskView,
  SettingsView,
} from '../../common/views';

/** What main owns and the popup shows, each loaded once and kept current by main's events. */
export interface MainValues {
  account: AccountStatus;
  organization: Organization | null;
  tasks: PinnedTaskView[];
  connection: ConnectionView;
  settings: SettingsView;
}
export type MainKey = keyof MainValues;

export type Remote<T> =
  | { readonly phase: 'loading' }
  | { readonly phase: 'error'; readonly error: AppError }
  | { readonly phase: 'ready'; readonly value: T };

type Loaders = { [K in MainKey]: (api: Api, again: boolean) => Promise<Result<MainValues[K]>> };
const LOADERS: Loaders = {
  account: (api) => api.getAccount(),
  // Asking again means the person pressed "Try again": let main go back to the service.
  organization: (api, again) => api.getOrganization(again ? { refresh: true } : undefined),
  tasks: (api) => api.listTasks(),
  connection: (api) => api.getConnection(),
  settings: (api) => api.getSettings(),
};

const EVENTS: { [K in MainKey]?: EventName } = {
  account: 'account:changed',
  organization: 'org:changed',
  tasks: 'tasks:changed',
  connection: 'connection:changed',
  settings: 'settings:changed',
};

export const MAIN_KEYS = Object.keys(LOADERS) as MainKey[];

const NO_ANSWER: AppError = { kind: 'internal', message: 'The app did not answer. Try again.' };

export interface MainStore {
  get<K extends MainKey>(key: K): Remote<MainValues[K]>;
  subscribe(listener: () => void): () => void;
  /** Back to loading, and ask main again. */
  reload(key: MainKey): void;
  /** Replace a value, or change it when loaded (a function of the latest value). */
  set<K extends MainKey>(
    key: K,
    next: MainValues[K] | ((prev: MainValues[K]) => MainValues[K]),
  ): void;
  /** Resolves once each of `keys` has an answer (a value or an error). */
  ready(keys: readonly MainKey[]): Promise<void>;
  dispose(): void;
}

/**
 * One place that listens to main. It subscribes to every event before it
 * asks for anything, so nothing main says in between is lost, and it asks
 * for everything at once, so the first paint can already show the tasks.
 * An event is newer than any answer still on its way: the answer is dropped.
 */
export function createMainStore(api: Api): MainStore {
  const states = new Map<MainKey, Remote<unknown>>();
  const versions = new Map<MainKey, number>();
  const listeners = new Set<() => void>();
  const waiters = new Set<() => void>();
  let disposed = false;

  const bump = (key: MainKey): number => {
    const v = (versions.get(key) ?? 0) + 1;
    versions.set(key, v);
    return v;
  };
  const put = (key: MainKey, state: Remote<unknown>): void => {
    states.set(key, state);
    for (const w of [...waiters]) w();
    for (const l of [...listeners]) l();
  };

  const load = (key: MainKey, again: boolean): void => {
    const version = bump(key);
    (LOADERS[key] as (api: Api, again: boolean) => Promise<Result<unknown>>)(api, again).then(
      (r) => {
        if (disposed || versions.get(key) !== version) return;
        put(key, r.ok ? { phase: 'ready', value: r.value } : { phase: 'error', error: r.error });
      },
      () => {
        if (!disposed && versions.get(key) === version)
          put(key, { phase: 'error', error: NO_ANSWER });
      },
    );
  };

  const offs = MAIN_KEYS.flatMap((key) => {
    const event = EVENTS[key];
    if (!event) return [];
    return [
      api.on(event, (payload) => {
        bump(key);
        put(key, { phase: 'ready', value: payload });
      }),
    ];
  });
  for (const key of MAIN_KEYS) {
    states.set(key, { phase: 'loading' });
    load(key, false);
  }

  const store: MainStore = {
    get: <K extends MainKey>(key: K) => states.get(key) as Remote<MainValues[K]>,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload(key) {
      put(key, { phase: 'loading' });
      load(key, true);
    },
    set(key, next) {
      const prev = states.get(key);
      if (typeof next === 'function') {
        if (prev?.phase !== 'ready') return;
        bump(key);
        put(key, { phase: 'ready', value: (next as (p: unknown) => unknown)(prev.value) });
      } else {
        bump(key);
        put(key, { phase: 'ready', value: next });
      }
    },
    ready(keys) {
      const done = () => keys.every((k) => states.get(k)?.phase !== 'loading');
      if (done()) return Promise.resolve();
      return new Promise((resolve) => {
        const check = () => {
          if (!done()) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    dispose() {
      disposed = true;
      for (const off of offs) off();
      listeners.clear();
      waiters.clear();
    },
  };
  return store;
}
