import { useEffect } from 'react';
import type { Theme } from '../../common/views';

/**
 * "system" leaves the choice to prefers-color-scheme; light/dark pin it.
 * The stylesheet reads data-theme on <html> (see styles/theme.css).
 */
export function useTheme(theme: Theme | null): void {
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
    else delete root.dataset.theme;
  }, [theme]);
}
