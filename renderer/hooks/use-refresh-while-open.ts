import { useEffect, useState } from 'react';
import { useApi } from './api-context';

/** While the popup shows, main reads the pinned tasks again this often. */
export const REFRESH_EVERY_MS = 60_000;

/**
 * Keeps what the popup shows current with the service, where it offers the
 * reads: once as the popup opens, then every minute while it stays open, and
 * never while it is hidden (no wake-ups, no requests nobody sees). Main
 * decides what is read and paces it. Returns what main said of it: "Checked
 * 8 s ago" (it had just read), how old what is shown is, or null (fresh).
 */
export function useRefreshWhileOpen(): string | null {
  const api = useApi();
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const ask = (): void => {
      void api.refreshTasks().then((r) => {
        if (live) setNote(r.ok ? r.value.note : null);
      });
    };
    let timer: ReturnType<typeof setInterval> | null = null;
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const follow = (): void => {
      stop();
      if (document.visibilityState !== 'visible') return;
      ask();
      timer = setInterval(ask, REFRESH_EVERY_MS);
    };
    follow();
    document.addEventListener('visibilitychange', follow);
    return () => {
      live = false;
      stop();
      document.removeEventListener('visibilitychange', follow);
    };
  }, [api]);
  return note;
}
