import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { STATUS_LABELS } from '../../common/task-values';
import type { Task, TaskStatus } from '../../common/task';
import type { TaskRef } from '../../common/task-ref';
import { browseViews } from '../lib/browse-model';
import { taskRowModel } from '../lib/task-model';
import type { TaskRowModel } from '../lib/task-model';
import { quoted } from '../lib/undo';
import { useOfferUndo } from './use-undo';
import { useTasks } from './use-tasks';

/** What a TaskList of tasks that may not be pinned needs, besides its rows. */
export interface PinThenChangeList {
  readonly onStatus: (taskId: string, status: TaskStatus) => void;
  readonly onUnpin: (taskId: string) => void;
  readonly onDismissError: (taskId: string) => void;
  readonly pinning: {
    readonly isPinned: (taskId: string) => boolean;
    readonly onPin: (taskId: string) => void;
  };
}

/**
 * Tasks listed by the service (a vendor's, or those assigned to the person),
 * each changeable in place. A change pins the task first: its way to the
 * service then shows as a pinned one's does. A pinned task's row is the
 * pinned list's own (its waiting change, sync state and errors).
 */
export function usePinThenChange(
  /** The listed tasks, in the order shown. */
  listed: readonly Task[],
  /** How a listed task is pinned: its vendor or risk goes with it where known. */
  refOf: (taskId: string) => TaskRef,
  /** At most this many rows (the first screen), the rest left out. */
  limit?: number,
): {
  readonly rows: readonly TaskRowModel[];
  /** Why the last pin failed, until the next one. */
  readonly problem: string | null;
  readonly list: PinThenChangeList;
} {
  const tasks = useTasks();
  const [problem, setProblem] = useState<string | null>(null);

  const pinnedViews = useMemo(
    () => (tasks.state.phase === 'ready' ? tasks.state.value : []),
    [tasks.state],
  );
  const pinnedIds = useMemo(() => new Set(pinnedViews.map((v) => v.id)), [pinnedViews]);
  const pinnedRows = useMemo(() => new Map(tasks.rows.map((r) => [r.id, r])), [tasks.rows]);
  const rows = useMemo(() => {
    const all = browseViews(listed, pinnedViews);
    const shown = limit === undefined ? all : all.slice(0, limit);
    return shown.map((v) => pinnedRows.get(v.id) ?? taskRowModel(v));
  }, [listed, pinnedViews, pinnedRows, limit]);

  // Read when a key is pressed: the handlers keep their identity as rows change.
  const shownRows = useRef(rows);
  useEffect(() => {
    shownRows.current = rows;
  }, [rows]);
  const offer = useOfferUndo();

  const pin = useCallback(
    async (taskId: string) => {
      setProblem(null);
      const r = await tasks.pin(refOf(taskId));
      if (!r.ok) setProblem(r.error.message);
      return r.ok;
    },
    [tasks, refOf],
  );
  const onStatus = useCallback(
    (taskId: string, status: TaskStatus) => {
      if (pinnedIds.has(taskId)) tasks.setStatus(taskId, status);
      else void pin(taskId).then((pinned) => pinned && tasks.setStatus(taskId, status));
      // The undo sets the status back; the pin the change made stays.
      const row = shownRows.current.find((r) => r.id === taskId);
      const before = row?.status ?? null;
      if (!row || before === null || before === status) return;
      offer({
        text: `${quoted(row.title)} set to ${STATUS_LABELS[status]}.`,
        undo: () => tasks.setStatus(taskId, before),
      });
    },
    [pinnedIds, pin, tasks, offer],
  );
  const onUnpin = useCallback((taskId: string) => void tasks.unpin(taskId), [tasks]);
  const pinning = useMemo(
    () => ({
      isPinned: (taskId: string) => pinnedIds.has(taskId),
      onPin: (taskId: string) => void pin(taskId),
    }),
    [pinnedIds, pin],
  );

  return {
    rows,
    problem,
    list: { onStatus, onUnpin, onDismissError: tasks.dismissError, pinning },
  };
}
