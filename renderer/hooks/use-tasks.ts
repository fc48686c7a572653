import { useCallback, useMemo, useState } from 'react';
import { err } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { TaskRef } from '../../common/task-ref';
import type { TaskStatus } from '../../common/task';
import type { TaskChange } from '../../common/ipc';
import type { PinnedTaskView, TaskUpdateOutcome } from '../../common/views';
import { viewSignature } from '../lib/bulk-progress';
import { upsert, without } from '../lib/pinned-list';
import { createStatusQueue } from '../lib/status-queue';
import { rowKeeper, taskRowModel } from '../lib/task-model';
import type { TaskRowModel } from '../lib/task-model';
import type { Remote } from '../lib/main-store';
import { useApi, useStore } from './api-context';
import { NO_ANSWER, useChangeMany } from './use-change-many';
import type { BulkChange, BulkPatch } from './use-change-many';
import { useMain } from './use-main';

type TaskPatchInput = TaskChange;

export interface TasksController {
  readonly state: Remote<PinnedTaskView[]>;
  readonly rows: readonly TaskRowModel[];
  setStatus(taskId: string, status: TaskStatus): void;
  /** `at`: where in the list (an unpin undone goes back to its place); else the end. */
  pin(ref: string | TaskRef, at?: number): Promise<Result<PinnedTaskView>>;
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

  // The handlers below read the latest list from the store rather than from
  // this render, so they keep their identity across main's events and the
  // memoised rows that receive them are not all redrawn on every change.
  const latestViews = useCallback((): readonly PinnedTaskView[] | null => {
    const s = store.get('tasks');
    return s.phase === 'ready' ? s.value : null;
  }, [store]);

  const { bulk, changeMany } = useChangeMany({ set, latestViews, setLocalErrors });

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
    async (ref: string | TaskRef, at?: number) => {
      const r = await api.pinTask(at === undefined ? { ref } : { ref, at });
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
