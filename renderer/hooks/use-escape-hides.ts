import { useEffect } from 'react';
import { useApi } from './api-context';

/**
 * Esc hides the popup, as a menu would. Anything that uses Esc itself
 * (clearing the filter, cancelling shortcut capture) calls preventDefault first.
 */
export function useEscapeHides(): void {
  const api = useApi();
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      void api.hideWindow();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [api]);
}
