import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { filterRows } from '../lib/filter-tasks';
import type { TaskRowModel } from '../lib/task-model';

/** With fewer tasks than this, a filter is clutter: they all fit at a glance. */
export const FILTER_FROM = 6;

const isTextEntry = (el: EventTarget | null): boolean =>
  el instanceof HTMLElement &&
  (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable);

/**
 * The pinned list's filter: what is typed, the rows it lets through, and
 * whether it shows at all (from FILTER_FROM tasks, or while it holds text).
 * `/` jumps to it from anywhere that is not a text field.
 */
export function useTaskFilter(rows: readonly TaskRowModel[]) {
  const [query, setQuery] = useState('');
  const filterRef = useRef<HTMLInputElement>(null);
  const showFilter = rows.length >= FILTER_FROM || query !== '';
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

  return { query, setQuery, clearQuery, visible, showFilter, filterRef };
}
