import { useEffect } from 'react';

/**
 * Esc does `onEscape` (going back, leaving a mode) before the window-wide
 * Esc hides the popup; fields and pickers that use Esc themselves have had
 * theirs first (they prevent the default). Off while `enabled` is false.
 */
export function useEscape(onEscape: () => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      onEscape();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onEscape, enabled]);
}
