import { useEffect, useState } from 'react';
import { isTextEntry } from '../lib/task-keys';

/**
 * "?" shows the keys from anywhere but a text field. The pinned list's
 * filter is the exception while it is empty (there "?" would search for
 * nothing useful); once it holds text, "?" types.
 */
export function useKeysHelp() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const t = e.target;
      const emptyFilter = t instanceof HTMLInputElement && t.matches('.filter__input') && !t.value;
      if (isTextEntry(t) && !emptyFilter) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return { open, close: () => setOpen(false) };
}
