import { useEffect } from 'react';
import { useApi } from './api-context';

/**
 * The page learns that the network is back (the 'online' event) before main
 * can: tell main, so waiting changes go out now instead of after the backoff.
 */
export function useRetryWhenOnline(): void {
  const api = useApi();
  useEffect(() => {
    const onOnline = (): void => void api.retrySync();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [api]);
}
