import { useEffect, useState } from 'react';
import type { AppError } from '../../common/result';
import type { AssignedView } from '../../common/views';
import { useApi } from './api-context';
import { REFRESH_EVERY_MS } from './use-refresh-while-open';

/**
 * "Assigned to me" as main keeps it, and as main says it changed. While the
 * screen stays open and shown, main is asked again now and then: it reads
 * again once what it kept is older than its limit (5 minutes), and not otherwise.
 */
export function useAssigned(): {
  readonly view: AssignedView | null;
  readonly error: AppError | null;
  /** The person chose who they are: main's answer is the view from then on. */
  readonly setView: (view: AssignedView) => void;
} {
  const api = useApi();
  const [view, setView] = useState<AssignedView | null>(null);
  const [error, setError] = useState<AppError | null>(null);

  useEffect(() => {
    let live = true;
    const off = api.on('assigned:changed', (v) => live && setView(v));
    // Progress comes without the list: it moves the bar of the view shown.
    const offProgress = api.on('assigned:progress', (progress) => {
      if (live) setView((v) => (v && v.state === 'building' ? { ...v, progress } : v));
    });
    const ask = () =>
      void api.getAssigned().then((r) => {
        if (!live) return;
        if (r.ok) setView(r.value);
        else setError(r.error);
      });
    ask();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') ask();
    }, REFRESH_EVERY_MS);
    return () => {
      live = false;
      off();
      offProgress();
      clearInterval(timer);
    };
  }, [api]);

  return { view, error, setView };
}
