import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { filterRows } from '../lib/filter-tasks';
import type { TaskRowModel } from '../lib/task-model';

const isTextEntry = (el: EventTarget | null): boolean =>
  el instanceof HTMLElement &&
  (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable);

/**
 * The pinned list's filter, which also searches every task known (search's
 * results, below the pins): what is typed and the pins it lets through.
 * Always there, however few pins. `/` jumps to it from anywhere that is not a text field.
 */
export function useTaskFilter(rows: readonly TaskRowModel[]) {
  const [query, setQuery] = useState('');
  const filterRef = useRef<HTMLInputElement>(null);
  const visible = useMemo(() => (query ? filterRows(rows, query) : rows), [rows, query]);
  const clearQuery = useCallback(() => setQuery(''), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || isTextEntry(e.target)) return;
      if (!filterRef.current) return;
      e.preventDefault();
      filterRef.current.focus();
      filterRef.current.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return { query, setQuery, clearQuery, visible, filterRef };
}
