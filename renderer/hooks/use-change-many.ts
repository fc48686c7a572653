import { useCallback, useRef, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import { appError, err } from '../../common/result';
import type { AppError } from '../../common/result';
import type { TaskPriority, TaskStatus } from '../../common/task';
import type { PinnedTaskView, TaskUpdateOutcome } from '../../common/views';
import { loadLater } from '../components/later';
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
      // Only select mode changes several tasks at once: the change's code is one of the later parts.
      const run = await loadLater().then(
        (m) => m.runChangeMany,
        () => null,
      );
      // Its code could not be loaded: nothing was sent.
      if (!run) return taskIds.map((taskId) => ({ taskId, result: err(NO_ANSWER) }));
      const running = bulkRunning;
      const deps = { api, set, latestViews, setLocalErrors, setBulk, noAnswer: NO_ANSWER, running };
      return run(deps, taskIds, patch);
    },
    [api, set, latestViews, setLocalErrors],
  );

  return { bulk, changeMany };
}
