import { createContext, useContext } from 'react';
import type { Api } from '../../common/ipc';

/**
 * The app reads window.api through this context rather than the global, so
 * component tests can hand it an in-memory Api and nothing else changes.
 */
export const ApiContext = createContext<Api | null>(null);

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() outside <ApiContext.Provider>');
  return api;
}
