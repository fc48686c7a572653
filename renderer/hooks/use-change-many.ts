import { useCallback, useRef, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import { MAX_BULK_TASKS } from '../../common/channels';
import { appError, err } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { TaskPriority, TaskStatus } from '../../common/task';
import type { PinnedTaskView, TaskUpdateOutcome } from '../../common/views';
import { batches, viewSignature } from '../lib/bulk-progress';
import { withoutAll } from '../lib/pinned-list';
import { useApi } from './api-context';

/** A bulk change on its way: its status (when it sets one), and each of its tasks as main showed it when it began. */
export interface BulkChange {
  readonly status: TaskStatus | null;
  readonly before: ReadonlyMap<string, string>;
}

/** What one bulk change sets: one field of the interface's, for every task chosen. */
export type BulkPatch =
  | { readonly status: TaskStatus }
  | { readonly priority: TaskPriority }
  | { readonly assigneeId: string | null };

export const NO_ANSWER: AppError = appError('internal', 'The change could not be sent. Try again.');
const BUSY: AppError = appError('bad_input', 'Another change of several tasks is on its way.');

/**
 * One change for several pinned tasks, one at a time: in batches main
 * accepts, each task's outcome kept, refusals main did not keep shown on
 * their rows. `bulk` says what is on its way, for the rows to show it.
 */
export function useChangeMany(deps: {
  readonly set: (next: (list: PinnedTaskView[]) => PinnedTaskView[]) => void;
  readonly latestViews: () => readonly PinnedTaskView[] | null;
  readonly setLocalErrors: Dispatch<SetStateAction<ReadonlyMap<string, AppError>>>;
}) {
  const api = useApi();
  const { set, latestViews, setLocalErrors } = deps;
  const [bulk, setBulk] = useState<BulkChange | null>(null);
  const bulkRunning = useRef(false);

  const changeMany = useCallback(
    async (taskIds: readonly string[], patch: BulkPatch): Promise<TaskUpdateOutcome[]> => {
      if (bulkRunning.current) return taskIds.map((taskId) => ({ taskId, result: err(BUSY) }));
      bulkRunning.current = true;
      const chosen = new Set(taskIds);
      const before = new Map(
        (latestViews() ?? []).filter((v) => chosen.has(v.id)).map((v) => [v.id, viewSignature(v)]),
      );
      setBulk({ status: 'status' in patch ? patch.status : null, before });
      setLocalErrors((m) => withoutAll(m, taskIds));

      const outcomes: TaskUpdateOutcome[] = [];
      // Main takes at most MAX_BULK_TASKS ids a request: a larger selection goes in batches.
      for (const batch of batches(taskIds, MAX_BULK_TASKS)) {
        let answer: Result<TaskUpdateOutcome[]>;
        try {
          answer = await api.updateTasks({ taskIds: batch, patch });
        } catch {
          answer = err(NO_ANSWER);
        }
        if (answer.ok) outcomes.push(...answer.value);
        else outcomes.push(...batch.map((taskId) => ({ taskId, result: answer })));
      }

      // Main's events have normally told each task's story already; where a
      // task has not moved since the start, its answer is the newest word.
      const answered = new Map(
        outcomes.flatMap((o) => (o.result.ok ? [[o.taskId, o.result.value] as const] : [])),
      );
      set((list) =>
        list.map((v) => {
          const a = answered.get(v.id);
          return a && before.get(v.id) === viewSignature(v) ? a : v;
        }),
      );
      // Refusals main did not keep on the task (bad input, not connected) show on its row, as a single change's do.
      setLocalErrors((m) => {
        const n = new Map(m);
        for (const o of outcomes) if (!o.result.ok) n.set(o.taskId, o.result.error);
        return n;
      });
      setBulk(null);
      bulkRunning.current = false;
      return outcomes;
    },
    [api, set, latestViews, setLocalErrors],
  );

  return { bulk, changeMany };
}
