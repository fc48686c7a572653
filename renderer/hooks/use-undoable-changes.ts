import { useCallback, useEffect, useRef } from 'react';
import { PRIORITY_LABELS, STATUS_LABELS } from '../../common/task-values';
import type { TaskPriority, TaskStatus } from '../../common/task-values';
import { quoted } from '../lib/undo';
import type { TasksController } from './use-tasks';
import { useOfferUndo } from './use-undo';

/**
 * A pinned task's status and priority as the keys and switches change them,
 * each change offered for undo; the undo sets back what was shown, through
 * the same calls. Nothing is sent (or offered) for the value already shown.
 */
export function useUndoableChanges(tasks: Pick<TasksController, 'rows' | 'setStatus' | 'update'>) {
  const offer = useOfferUndo();
  const { rows, setStatus, update } = tasks;
  // Read when a key is pressed, not when drawn: the handlers keep their identity across events.
  const shownRows = useRef(rows);
  useEffect(() => {
    shownRows.current = rows;
  }, [rows]);

  const changeStatus = useCallback(
    (taskId: string, status: TaskStatus) => {
      const row = shownRows.current.find((r) => r.id === taskId);
      setStatus(taskId, status);
      const before = row?.status ?? null;
      if (!row || before === null || before === status) return;
      offer({
        text: `${quoted(row.title)} set to ${STATUS_LABELS[status]}.`,
        undo: () => setStatus(taskId, before),
      });
    },
    [setStatus, offer],
  );

  const changePriority = useCallback(
    (taskId: string, priority: TaskPriority) => {
      const row = shownRows.current.find((r) => r.id === taskId);
      // As a click on the one shown: nothing to send (an update would still bump who and when).
      if (row?.priority === priority) return;
      void update(taskId, { priority });
      const before = row?.priority ?? null;
      if (!row || before === null) return;
      offer({
        text: `${quoted(row.title)} set to ${PRIORITY_LABELS[priority]} priority.`,
        undo: () => void update(taskId, { priority: before }),
      });
    },
    [update, offer],
  );

  return { setStatus: changeStatus, setPriority: changePriority };
}
