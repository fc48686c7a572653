import { useCallback, useMemo, useState } from 'react';
import { loadLater } from '../components/later';
import type * as SelectionModule from '../lib/selection';
import type { Selection } from '../lib/selection';

// Select mode's logic comes with the mode, not with the first screen: fetched when the popup is
// idle, and waited for by Select if pressed before that. Every change of the selection happens
// in the mode, so after `start` the module is always there.
type SelectionOps = typeof SelectionModule;
let ops: SelectionOps | null = null;
const loadOps = () =>
  loadLater().then((m) => {
    ops = m.selection;
  });
// Only the mode's own clicks and keys change the selection, and the mode starts once this is set.
const loaded = (): SelectionOps => ops as SelectionOps;
const NONE: Selection = { ids: new Set(), anchor: null };

export interface SelectMode {
  /** Rows show checkboxes and the bulk bar replaces the pin field. */
  readonly active: boolean;
  /** Only tasks still listed (pinned, or My work's): one gone meanwhile drops out. */
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
  /** The tasks that may stay selected. */
  selectable: ReadonlySet<string>,
): SelectMode {
  const [active, setActive] = useState(false);
  const [raw, setRaw] = useState<Selection>(NONE);
  const selection = useMemo(
    () => (raw.ids.size === 0 ? raw : loaded().keepListed(raw, selectable)),
    [raw, selectable],
  );

  const start = useCallback(() => {
    // A local file: should it fail, Select is simply not taken, and works once it loads.
    loadOps().then(
      () => setActive(true),
      () => undefined,
    );
  }, []);
  const stop = useCallback(() => {
    setActive(false);
    setRaw(NONE);
  }, []);
  const toggle = useCallback(
    (taskId: string, range: boolean) => setRaw((s) => loaded().toggleTask(s, taskId, shown, range)),
    [shown],
  );
  const add = useCallback((ids: readonly string[]) => setRaw((s) => loaded().addTasks(s, ids)), []);
  const all = useCallback(() => setRaw((s) => loaded().selectShown(s, shown)), [shown]);
  const none = useCallback(() => setRaw((s) => loaded().clearShown(s, shown)), [shown]);

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
