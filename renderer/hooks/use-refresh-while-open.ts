import { useEffect } from 'react';
import { useApi } from './api-context';

/** While the popup shows, main reads the pinned tasks again this often. */
export const REFRESH_EVERY_MS = 60_000;

/**
 * Keeps what the popup shows current with the service, where it offers the
 * reads: once as the popup opens, then every minute while it stays open, and
 * never while it is hidden (no wake-ups, no requests nobody sees). Main
 * decides what is read and paces it.
 */
export function useRefreshWhileOpen(): void {
  const api = useApi();
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | null = null;
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const follow = (): void => {
      stop();
      if (document.visibilityState !== 'visible') return;
      void api.refreshTasks();
      timer = setInterval(() => void api.refreshTasks(), REFRESH_EVERY_MS);
    };
    follow();
    document.addEventListener('visibilitychange', follow);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', follow);
    };
  }, [api]);
}
