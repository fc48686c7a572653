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
 * whether it shows at all (from FILTER_FROM tasks, while it holds text, or once `/` asked for it).
 * `/` jumps to it from anywhere that is not a text field.
 */
export function useTaskFilter(rows: readonly TaskRowModel[]) {
  const [query, setQuery] = useState('');
  // `/` shows it however few pins there are: it searches every task known.
  const [asked, setAsked] = useState(false);
  const filterRef = useRef<HTMLInputElement>(null);
  const showFilter = rows.length >= FILTER_FROM || query !== '' || asked;
  const visible = useMemo(() => (query ? filterRows(rows, query) : rows), [rows, query]);
  const clearQuery = useCallback(() => setQuery(''), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || isTextEntry(e.target)) return;
      e.preventDefault();
      setAsked(true);
      filterRef.current?.focus();
      filterRef.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (asked) filterRef.current?.focus();
  }, [asked]);

  return { query, setQuery, clearQuery, visible, showFilter, filterRef };
}
