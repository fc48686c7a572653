import { useCallback, useEffect, useRef } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import { displayText } from '../../common/display-text';
import type { TaskRef } from '../../common/task-ref';
import type { PinnedTaskView } from '../../common/views';
import { focusRow, revealRow, showAndFocusRow } from '../lib/row-focus';
import { quoted } from '../lib/undo';
import type { Announcement } from './use-announcement';
import type { TasksController } from './use-tasks';
import { useUndoableChanges } from './use-undoable-changes';
import { useOfferUndo } from './use-undo';

const pinnedText = (view: PinnedTaskView, taskId: string): string =>
  `Pinned ${displayText(view.snapshot?.title ?? taskId)}.`;

/**
 * What the pinned list's rows and pin field do: a status or a priority and
 * an unpin, each offered for undo (an unpin undone goes back to its place);
 * a pin from the clipboard or the field, with the announcement it leaves.
 */
export function usePinnedActions(
  tasks: TasksController,
  announce: Dispatch<SetStateAction<Announcement | null>>,
  clearFilter: () => void,
) {
  const { rows, unpin, pin } = tasks;
  const offer = useOfferUndo();
  const { setStatus, setPriority } = useUndoableChanges(tasks);
  // Read when a row is unpinned, not when drawn: the handler keeps its identity across main's events.
  const shownRows = useRef(rows);
  useEffect(() => {
    shownRows.current = rows;
  }, [rows]);

  const onUnpin = useCallback(
    (taskId: string) => {
      const at = shownRows.current.findIndex((r) => r.id === taskId);
      const row = at >= 0 ? shownRows.current[at] : undefined;
      const title = row?.title ?? taskId;
      const ref = row?.ref ?? { taskId };
      const back = () =>
        void pin(ref, at >= 0 ? at : undefined).then((r) => {
          if (r.ok) requestAnimationFrame(() => showAndFocusRow(r.value.id));
          else
            announce({ text: `Could not pin ${taskId} again: ${r.error.message}`, tone: 'error' });
        });
      // Offered at once, as the row goes: Ctrl+Z right after Delete finds it. Main refusing
      // the unpin puts the row back by itself: the offer goes, with the reason.
      const unpinned = unpin(taskId);
      offer({
        text: `Unpinned ${quoted(title)}.`,
        undo: () => void unpinned.then((r) => r.ok && back()),
      });
      void unpinned.then((r) => {
        if (r.ok) return;
        offer(null);
        announce({ text: `Could not unpin “${title}”: ${r.error.message}`, tone: 'error' });
      });
    },
    [unpin, pin, announce, offer],
  );
  const pinOffered = useCallback(
    async (ref: TaskRef) => {
      const { taskId } = ref;
      const r = await pin(ref);
      if (r.ok) revealRow(r.value.id);
      announce(
        r.ok
          ? { text: pinnedText(r.value, taskId), tone: 'info' }
          : { text: `Could not pin ${taskId}: ${r.error.message}`, tone: 'error' },
      );
      return r;
    },
    [pin, announce],
  );

  /** Pinned from the field. */
  const onPinned = useCallback(
    (v: PinnedTaskView) => {
      revealRow(v.id);
      announce({ text: pinnedText(v, v.id), tone: 'info' });
    },
    [announce],
  );
  const onStale = useCallback(() => announce(null), [announce]);
  const onAlreadyPinned = useCallback(
    (taskId: string) => {
      clearFilter();
      announce({ text: 'That task is already pinned.', tone: 'info' });
      // After the filter is cleared the row is in the list again.
      requestAnimationFrame(() => focusRow(taskId));
    },
    [announce, clearFilter],
  );

  return { setStatus, setPriority, onUnpin, pinOffered, onPinned, onStale, onAlreadyPinned };
}
