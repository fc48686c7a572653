import { useCallback, useMemo, useState } from 'react';
import {
  addTasks,
  clearShown,
  EMPTY_SELECTION,
  keepPinned,
  selectShown,
  toggleTask,
} from '../lib/selection';
import type { Selection } from '../lib/selection';

export interface SelectMode {
  /** Rows show checkboxes and the bulk bar replaces the pin field. */
  readonly active: boolean;
  /** Only pinned tasks: one unpinned meanwhile drops out. */
  readonly selection: Selection;
  start(): void;
  /** Leave select mode; the selection is forgotten. */
  stop(): void;
  toggle(taskId: string, range: boolean): void;
  add(taskIds: readonly string[]): void;
  selectShown(): void;
  clearShown(): void;
}

/** Choosing several tasks for one change: the mode, and which tasks are chosen. */
export function useSelectMode(
  /** The tasks the filter shows, in list order: ranges and "Select all" follow what is on screen. */
  shown: readonly string[],
  pinned: ReadonlySet<string>,
): SelectMode {
  const [active, setActive] = useState(false);
  const [raw, setRaw] = useState<Selection>(EMPTY_SELECTION);
  const selection = useMemo(() => keepPinned(raw, pinned), [raw, pinned]);

  const start = useCallback(() => setActive(true), []);
  const stop = useCallback(() => {
    setActive(false);
    setRaw(EMPTY_SELECTION);
  }, []);
  const toggle = useCallback(
    (taskId: string, range: boolean) => setRaw((s) => toggleTask(s, taskId, shown, range)),
    [shown],
  );
  const add = useCallback((ids: readonly string[]) => setRaw((s) => addTasks(s, ids)), []);
  const all = useCallback(() => setRaw((s) => selectShown(s, shown)), [shown]);
  const none = useCallback(() => setRaw((s) => clearShown(s, shown)), [shown]);

  return {
    active,
    selection,
    start,
    stop,
    toggle,
    add,
    selectShown: all,
    clearShown: none,
  };
}
