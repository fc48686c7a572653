import { createContext, useContext } from 'react';
import type { Api } from '../../common/ipc';
import type { MainStore } from '../lib/main-store';

export interface AppServices {
  readonly api: Api;
  readonly store: MainStore;
}

/**
 * The app reads window.api (and the store built on it) through this context
 * rather than globals, so component tests can hand it an in-memory Api.
 */
export const ApiContext = createContext<AppServices | null>(null);

const useServices = (): AppServices => {
  const services = useContext(ApiContext);
  if (!services) throw new Error('useApi() outside <ApiContext.Provider>');
  return services;
};

export const useApi = (): Api => useServices().api;
export const useStore = (): MainStore => useServices().store;
