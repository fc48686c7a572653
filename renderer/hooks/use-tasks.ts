import { useCallback, useMemo, useRef, useState } from 'react';
import { appError, err } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import { MAX_BULK_TASKS } from '../../common/channels';
import type { TaskRef } from '../../common/task-ref';
import type { TaskPriority, TaskStatus } from '../../common/task';
import type { TaskChange } from '../../common/ipc';

type TaskPatchInput = TaskChange;
import type { PinnedTaskView, TaskUpdateOutcome } from '../../common/views';
import { batches, viewSignature } from '../lib/bulk-progress';
import { createStatusQueue } from '../lib/status-queue';
import { rowKeeper, taskRowModel } from '../lib/task-model';
import type { TaskRowModel } from '../lib/task-model';
import { useApi, useStore } from './api-context';
import type { Remote } from '../lib/main-store';
import { useMain } from './use-main';

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

export interface TasksController {
  readonly state: Remote<PinnedTaskView[]>;
  readonly rows: readonly TaskRowModel[];
  setStatus(taskId: string, status: TaskStatus): void;
  pin(ref: string | TaskRef): Promise<Result<PinnedTaskView>>;
  unpin(taskId: string): Promise<Result<PinnedTaskView[]>>;
  dismissError(taskId: string): void;
  reload(): void;
  /** The bulk change on its way, if any. */
  readonly bulk: BulkChange | null;
  /**
   * One status for several tasks: shown at once on every row, then each task
   * as main reports it. Resolves with every task's outcome (a request main
   * refused as a whole is each task's refusal); never rejects.
   */
  setStatusOfMany(taskIds: readonly string[], status: TaskStatus): Promise<TaskUpdateOutcome[]>;
  /** As setStatusOfMany, for the priority or the assignee too. */
  changeMany(taskIds: readonly string[], patch: BulkPatch): Promise<TaskUpdateOutcome[]>;
  /**
   * Any of the five fields of one task (title, description, priority,
   * assignee; status goes through setStatus). Main shows it at once as
   * waiting, sends it through the outbox, and rolls it back with the
   * service's words if refused. Resolves with main's answer.
   */
  update(taskId: string, patch: TaskPatchInput): Promise<Result<PinnedTaskView>>;
}

const upsert = (list: readonly PinnedTaskView[], view: PinnedTaskView): PinnedTaskView[] =>
  list.some((t) => t.id === view.id)
    ? list.map((t) => (t.id === view.id ? view : t))
    : [...list, view];

const without = <V>(m: ReadonlyMap<string, V>, k: string): ReadonlyMap<string, V> => {
  if (!m.has(k)) return m;
  const n = new Map(m);
  n.delete(k);
  return n;
};

const withoutAll = <V>(m: ReadonlyMap<string, V>, ks: readonly string[]): ReadonlyMap<string, V> =>
  ks.some((k) => m.has(k)) ? new Map([...m].filter(([k]) => !ks.includes(k))) : m;

const NO_ANSWER: AppError = appError('internal', 'The change could not be sent. Try again.');
const BUSY: AppError = appError('bad_input', 'Another change of several tasks is on its way.');

/**
 * The pinned tasks as main keeps them, plus what only the popup knows:
 * choices not yet answered (shown at once) and refusals that main did not
 * record on the task (bad input, not connected), which the person can dismiss.
 */
export function useTasks(): TasksController {
  const api = useApi();
  const store = useStore();
  const { state, reload, set } = useMain('tasks');
  const [wanted, setWanted] = useState<ReadonlyMap<string, TaskStatus>>(new Map());
  const [localErrors, setLocalErrors] = useState<ReadonlyMap<string, AppError>>(new Map());
  const [bulk, setBulk] = useState<BulkChange | null>(null);
  const bulkRunning = useRef(false);

  const queue = useMemo(
    () =>
      createStatusQueue({
        send: (taskId, status) => api.updateTask({ taskId, patch: { status } }),
        onAnswer: (taskId, _status, result) => {
          if (result.ok) {
            set((list) => upsert(list, result.value));
            setLocalErrors((m) => without(m, taskId));
          } else {
            setLocalErrors((m) => new Map(m).set(taskId, result.error));
          }
        },
        onChange: setWanted,
      }),
    [api, set],
  );

  const views = state.phase === 'ready' ? state.value : null;
  const [keepUnchanged] = useState(rowKeeper);
  const rows = useMemo(() => {
    const next = (views ?? []).map((v) => {
      // A bulk choice shows until main says anything new about the task; from then on main's view is the truth.
      const fromBulk =
        bulk?.before.has(v.id) && bulk.before.get(v.id) === viewSignature(v)
          ? (bulk.status ?? undefined)
          : undefined;
      const row = taskRowModel(v, wanted.get(v.id) ?? fromBulk);
      const local = localErrors.get(v.id);
      return local && !row.error ? { ...row, error: local, sync: 'failed' as const } : row;
    });
    return keepUnchanged(next);
  }, [views, wanted, localErrors, bulk, keepUnchanged]);

  // The handlers below read the latest list from the store rather than from
  // this render, so they keep their identity across main's events and the
  // memoised rows that receive them are not all redrawn on every change.
  const latestViews = useCallback((): readonly PinnedTaskView[] | null => {
    const s = store.get('tasks');
    return s.phase === 'ready' ? s.value : null;
  }, [store]);

  const setStatus = useCallback(
    (taskId: string, status: TaskStatus) => {
      const view = latestViews()?.find((v) => v.id === taskId);
      if (!view) return;
      const shown = taskRowModel(view).status;
      if (queue.request(taskId, status, shown)) setLocalErrors((m) => without(m, taskId));
    },
    [latestViews, queue],
  );

  const pin = useCallback(
    async (ref: string | TaskRef) => {
      const r = await api.pinTask({ ref });
      if (r.ok) set((list) => upsert(list, r.value));
      return r;
    },
    [api, set],
  );

  const unpin = useCallback(
    async (taskId: string) => {
      // Gone at once; put back where it was if main refuses.
      const list = latestViews() ?? [];
      const index = list.findIndex((t) => t.id === taskId);
      const view = index >= 0 ? list[index]! : null;
      set((list) => list.filter((t) => t.id !== taskId));
      const r = await api.unpinTask({ taskId });
      if (r.ok) set(r.value);
      else if (view)
        set((list) =>
          list.some((t) => t.id === taskId)
            ? list
            : [...list.slice(0, index), view, ...list.slice(index)],
        );
      return r;
    },
    [api, set, latestViews],
  );

  const dismissError = useCallback(
    (taskId: string) => {
      // A refusal can be known here (main's answer) and kept by main (on the task): clear both.
      setLocalErrors((m) => without(m, taskId));
      if (!latestViews()?.find((v) => v.id === taskId)?.error) return;
      void api.dismissTaskError({ taskId }).then((r) => {
        if (r.ok) set((list) => upsert(list, r.value));
      });
    },
    [api, set, latestViews],
  );

  const update = useCallback(
    async (taskId: string, patch: TaskPatchInput): Promise<Result<PinnedTaskView>> => {
      setLocalErrors((m) => without(m, taskId));
      let r: Result<PinnedTaskView>;
      try {
        r = await api.updateTask({ taskId, patch });
      } catch {
        r = err(NO_ANSWER);
      }
      if (r.ok) set((list) => upsert(list, r.value));
      else setLocalErrors((m) => new Map(m).set(taskId, r.error));
      return r;
    },
    [api, set],
  );

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
    [api, set, latestViews],
  );

  const setStatusOfMany = useCallback(
    (taskIds: readonly string[], status: TaskStatus) => changeMany(taskIds, { status }),
    [changeMany],
  );

  return {
    state,
    rows,
    update,
    changeMany,
    setStatus,
    pin,
    unpin,
    dismissError,
    reload,
    bulk,
    setStatusOfMany,
  };
}
