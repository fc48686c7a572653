import { useCallback, useEffect, useRef } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import { displayText } from '../../common/display-text';
import type { TaskRef } from '../../common/task-ref';
import type { TaskPriority } from '../../common/task-values';
import type { PinnedTaskView } from '../../common/views';
import { focusRow, revealRow } from '../lib/row-focus';
import type { Announcement } from './use-announcement';
import type { TasksController } from './use-tasks';

const pinnedText = (view: PinnedTaskView, taskId: string): string =>
  `Pinned ${displayText(view.snapshot?.title ?? taskId)}.`;

/**
 * What the pinned list's rows and pin field do, and the announcement each
 * leaves: a priority (nothing sent for the one shown), an unpin (with its
 * undo), a pin from the clipboard, the field or an undo.
 */
export function usePinnedActions(
  tasks: TasksController,
  announce: Dispatch<SetStateAction<Announcement | null>>,
  clearFilter: () => void,
) {
  const { rows, unpin, pin, update } = tasks;
  // Read when a row is unpinned, not when drawn: the handler keeps its identity across main's events.
  const shownRows = useRef(rows);
  useEffect(() => {
    shownRows.current = rows;
  }, [rows]);

  const setPriority = useCallback(
    (taskId: string, priority: TaskPriority) => {
      // As a status click on the one shown: nothing to send.
      if (shownRows.current.find((r) => r.id === taskId)?.priority === priority) return;
      void update(taskId, { priority });
    },
    [update],
  );
  const onUnpin = useCallback(
    (taskId: string) => {
      const row = shownRows.current.find((r) => r.id === taskId);
      const title = row?.title ?? taskId;
      void unpin(taskId).then((r) =>
        announce(
          r.ok
            ? { text: `Unpinned “${title}”.`, tone: 'info', undoPinOf: row?.ref ?? { taskId } }
            : { text: `Could not unpin “${title}”: ${r.error.message}`, tone: 'error' },
        ),
      );
    },
    [unpin, announce],
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
  // An unpin's Undo stays its ten seconds: typing a new id does not take it away.
  const onStale = useCallback(() => announce((a) => (a?.undoPinOf ? a : null)), [announce]);
  const onAlreadyPinned = useCallback(
    (taskId: string) => {
      clearFilter();
      announce({ text: 'That task is already pinned.', tone: 'info' });
      // After the filter is cleared the row is in the list again.
      requestAnimationFrame(() => focusRow(taskId));
    },
    [announce, clearFilter],
  );

  return { setPriority, onUnpin, pinOffered, onPinned, onStale, onAlreadyPinned };
}
