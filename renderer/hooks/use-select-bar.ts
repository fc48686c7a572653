import { useCallback, useMemo, useRef } from 'react';
import { useSelectMode } from './use-select-mode';

/** One task is changed on its row: selecting starts to make sense from two. */
export const SELECT_FROM = 2;

/**
 * Select mode as Home shows it: the Select button (from SELECT_FROM
 * tasks), the bulk bar in the footer, and the selection the lists tick:
 * My work's compliance tasks, then the pinned tasks the filter shows.
 * Leaving from the bar puts focus back on the Select button.
 */
export function useSelectBar(
  /** The pinned tasks the filter shows, in list order. */
  pinnedShown: readonly string[],
  pinnedIds: ReadonlySet<string>,
  /** Main's list has come, with this many tasks. */
  listed: number | null,
  /** My work's compliance tasks, in its order (above the pins). */
  work: readonly string[],
) {
  const selectButton = useRef<HTMLButtonElement>(null);
  const footer = useRef<HTMLDivElement>(null);
  const shownIds = useMemo(() => [...work, ...pinnedShown], [work, pinnedShown]);
  const selectable = useMemo(() => new Set(shownIds.concat(...pinnedIds)), [shownIds, pinnedIds]);
  const select = useSelectMode(shownIds, selectable);
  const canSelect = listed !== null && (listed + work.length >= SELECT_FROM || select.active);

  const { stop: stopSelecting } = select;
  const leaveSelect = useCallback(() => {
    // The bar is about to go: focus must not fall to the page.
    const fromBar = footer.current?.contains(document.activeElement) ?? false;
    stopSelecting();
    if (fromBar) requestAnimationFrame(() => selectButton.current?.focus());
  }, [stopSelecting]);
  const listSelection = useMemo(
    () =>
      select.active
        ? { ids: select.selection.ids, toggle: select.toggle, add: select.add }
        : undefined,
    [select.active, select.selection.ids, select.toggle, select.add],
  );

  return { select, canSelect, leaveSelect, listSelection, selectButton, footer, shownIds };
}
