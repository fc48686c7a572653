import { useEffect } from 'react';

/** Nothing has focus: the page itself, or nothing at all (a window just shown). */
export const nothingFocused = (): boolean =>
  document.activeElement === null || document.activeElement === document.body;

/** Focuses the list's first row where it is, without scrolling to it. */
export const focusFirstRow = (rowId: string): void => {
  // Ids are tski_ + letters and digits (checked by main), safe inside a selector.
  document
    .querySelector<HTMLElement>(`li[data-task-id="${rowId}"]`)
    ?.focus({ preventScroll: true });
};

/** One function, not one per render: the effect below must not run again on every render. */
const nothingComing = (): boolean => false;

/**
 * The popup opens ready for its keys: when the list is drawn, and each time
 * the window is shown (it gains focus with nothing focused in it), the first
 * row takes focus, so ↑/↓ and 1–5 work at once. Focus a person put
 * somewhere (the filter, a row, the pin field) is left where it is.
 */
export function useListReadyOnOpen(
  ready: boolean,
  firstRowId: string | null,
  /** Another row is about to take focus (a link's task, not drawn yet): the first one leaves it. */
  anotherComing: () => boolean = nothingComing,
): void {
  useEffect(() => {
    if (!ready || firstRowId === null) return;
    const focusFirst = (): void => {
      if (!nothingFocused() || anotherComing()) return;
      focusFirstRow(firstRowId);
    };
    focusFirst();
    window.addEventListener('focus', focusFirst);
    return () => window.removeEventListener('focus', focusFirst);
  }, [ready, firstRowId, anotherComing]);
}
