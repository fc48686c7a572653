import { useCallback, useEffect, useRef } from 'react';
import { showAndFocusRow } from '../lib/row-focus';
import { focusFirstRow, nothingFocused, useListReadyOnOpen } from './use-list-ready-on-open';
import { useUnlistedLink } from './use-unlisted-link';

interface Row {
  readonly id: string;
}

/**
 * Where focus goes in the pinned list: to the task main asked to show (a
 * link, a notification), once it is listed and drawn, clearing a filter
 * that hides it; else, as the list is ready and each time the popup opens,
 * to the first row.
 */
export function useLinkedRowFocus(args: {
  /** Main asked to show this task: bring it into view and focus it once it is listed. */
  readonly focusTask: { readonly taskId: string } | null | undefined;
  readonly onFocused: (() => void) | undefined;
  /** Main's list has come (null until then). */
  readonly rows: readonly Row[] | null;
  readonly pinnedIds: ReadonlySet<string>;
  /** What the filter lets through, and of that what is drawn so far. */
  readonly visible: readonly Row[];
  readonly drawn: readonly Row[];
  /** Stable: the effects below would run again on every render otherwise. */
  readonly clearFilter: () => void;
}): {
  readonly firstRowTakesFocus: boolean;
  /** The person filters: a linked row still on its way is no longer what they are after. */
  readonly forget: () => void;
} {
  const { focusTask, onFocused, rows, pinnedIds, visible, drawn, clearFilter } = args;
  const firstRowTakesFocus = rows !== null && !focusTask;
  // The task to focus as soon as it is on screen (a filter may be hiding it).
  const pendingFocus = useRef<string | null>(null);
  const linkedRowComing = useCallback(() => pendingFocus.current !== null, []);
  useListReadyOnOpen(firstRowTakesFocus, drawn[0]?.id ?? null, linkedRowComing);
  const listed = focusTask ? pinnedIds.has(focusTask.taskId) : false;
  useUnlistedLink(focusTask?.taskId ?? null, listed, rows, onFocused);
  const focusPending = useCallback((shown: readonly Row[]) => {
    const id = pendingFocus.current;
    if (!id || !shown.some((r) => r.id === id)) return;
    pendingFocus.current = null;
    showAndFocusRow(id);
  }, []);
  useEffect(() => {
    if (!focusTask || !listed) return;
    pendingFocus.current = focusTask.taskId;
    onFocused?.();
    if (visible.some((r) => r.id === focusTask.taskId)) focusPending(drawn);
    // A filter must not hide the task asked for; cleared outside the effect's own pass.
    else queueMicrotask(clearFilter);
  }, [focusTask, listed, onFocused, visible, drawn, focusPending, clearFilter]);
  // Once drawn: a task below the first screen is focused when the rest of the rows arrive.
  useEffect(() => {
    // Unpinned before its row was drawn: no row is coming, and the first one takes focus as it
    // would have.
    if (pendingFocus.current !== null && !pinnedIds.has(pendingFocus.current)) {
      pendingFocus.current = null;
      if (firstRowTakesFocus && nothingFocused() && drawn[0]) focusFirstRow(drawn[0].id);
    }
    focusPending(drawn);
  }, [drawn, pinnedIds, focusPending, firstRowTakesFocus]);

  const forget = useCallback(() => {
    pendingFocus.current = null;
  }, []);
  return { firstRowTakesFocus, forget };
}
