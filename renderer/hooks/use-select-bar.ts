import { useCallback, useMemo, useRef } from 'react';
import { useSelectMode } from './use-select-mode';

/** One task is changed on its row: selecting starts to make sense from two. */
export const SELECT_FROM = 2;

/**
 * Select mode as the pinned list shows it: the Select button (from
 * SELECT_FROM tasks), the bulk bar in the footer, and the selection the
 * list ticks. Leaving from the bar puts focus back on the Select button.
 */
export function useSelectBar(
  /** The tasks the filter shows, in list order. */
  shownIds: readonly string[],
  pinnedIds: ReadonlySet<string>,
  /** Main's list has come, with this many tasks. */
  listed: number | null,
) {
  const selectButton = useRef<HTMLButtonElement>(null);
  const footer = useRef<HTMLDivElement>(null);
  const select = useSelectMode(shownIds, pinnedIds);
  const canSelect = listed !== null && (listed >= SELECT_FROM || select.active);

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

  return { select, canSelect, leaveSelect, listSelection, selectButton, footer };
}
