import { useCallback } from 'react';
import { useApi } from './api-context';
import { useRootEscape } from './use-escape';

/**
 * At the root (Home, or the first run) Esc hides the popup, as a menu would;
 * every screen and form above it goes back one level first (`useEscape`).
 */
export function useEscapeHides(): void {
  const api = useApi();
  useRootEscape(useCallback(() => void api.hideWindow(), [api]));
}
