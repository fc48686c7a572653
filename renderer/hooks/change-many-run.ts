import type { Dispatch, SetStateAction } from 'react';
import { MAX_BULK_TASKS } from '../../common/channels';
import { appError, err } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { Api } from '../../common/ipc';
import type { PinnedTaskView, TaskUpdateOutcome } from '../../common/views';
import { batches, viewSignature } from '../lib/bulk-progress';
import { withoutAll } from '../lib/pinned-list';
import type { BulkChange, BulkPatch } from './use-change-many';

/** What one bulk change works with: main, the list as shown, and the hook's state. */
export interface ChangeManyDeps {
  readonly api: Pick<Api, 'updateTasks'>;
  readonly set: (next: (list: PinnedTaskView[]) => PinnedTaskView[]) => void;
  readonly latestViews: () => readonly PinnedTaskView[] | null;
  readonly setLocalErrors: Dispatch<SetStateAction<ReadonlyMap<string, AppError>>>;
  readonly setBulk: (bulk: BulkChange | null) => void;
  /** Main did not answer a batch: each of its tasks is refused with this. */
  readonly noAnswer: AppError;
  /** One bulk change at a time: set while one is on its way. */
  readonly running: { current: boolean };
}

const BUSY: AppError = appError('bad_input', 'Another change of several tasks is on its way.');

/**
 * One bulk change from start to end (useChangeMany's, loaded with select
 * mode rather than with the first screen): in batches main accepts, each
 * task's outcome kept, refusals main did not keep shown on their rows.
 */
export async function runChangeMany(
  deps: ChangeManyDeps,
  taskIds: readonly string[],
  patch: BulkPatch,
): Promise<TaskUpdateOutcome[]> {
  if (deps.running.current) return taskIds.map((taskId) => ({ taskId, result: err(BUSY) }));
  deps.running.current = true;
  try {
    return await sendInBatches(deps, taskIds, patch);
  } finally {
    deps.running.current = false;
  }
}

async function sendInBatches(
  deps: ChangeManyDeps,
  taskIds: readonly string[],
  patch: BulkPatch,
): Promise<TaskUpdateOutcome[]> {
  const { api, set, latestViews, setLocalErrors, setBulk } = deps;
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
      answer = err(deps.noAnswer);
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
  return outcomes;
}
