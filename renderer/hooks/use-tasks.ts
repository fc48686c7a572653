import { useCallback, useMemo, useState } from 'react';
import type { AppError, Result } from '../../common/result';
import type { TaskRef } from '../../common/task-ref';
import type { TaskStatus } from '../../common/task';
import type { PinnedTaskView } from '../../common/views';
import { createStatusQueue } from '../lib/status-queue';
import { taskRowModel } from '../lib/task-model';
import type { TaskRowModel } from '../lib/task-model';
import { useApi } from './api-context';
import type { Remote } from '../lib/main-store';
import { useMain } from './use-main';

export interface TasksController {
  readonly state: Remote<PinnedTaskView[]>;
  readonly rows: readonly TaskRowModel[];
  setStatus(taskId: string, status: TaskStatus): void;
  pin(ref: string | TaskRef): Promise<Result<PinnedTaskView>>;
  unpin(taskId: string): Promise<Result<PinnedTaskView[]>>;
  dismissError(taskId: string): void;
  reload(): void;
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

/**
 * The pinned tasks as main keeps them, plus what only the popup knows:
 * choices not yet answered (shown at once) and refusals that main did not
 * record on the task (bad input, not connected), which the person can dismiss.
 */
export function useTasks(): TasksController {
  const api = useApi();
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

  const views = state.phase === 'ready' ? state.value : null;
  const rows = useMemo(
    () =>
      (views ?? []).map((v) => {
        const row = taskRowModel(v, wanted.get(v.id));
        const local = localErrors.get(v.id);
        return local && !row.error ? { ...row, error: local, sync: 'failed' as const } : row;
      }),
    [views, wanted, localErrors],
  );

  const setStatus = useCallback(
    (taskId: string, status: TaskStatus) => {
      const view = views?.find((v) => v.id === taskId);
      if (!view) return;
      const shown = taskRowModel(view).status;
      if (queue.request(taskId, status, shown)) setLocalErrors((m) => without(m, taskId));
    },
    [views, queue],
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
      const index = views?.findIndex((t) => t.id === taskId) ?? -1;
      const view = index >= 0 ? views![index]! : null;
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
    [api, set, views],
  );

  const dismissError = useCallback(
    (taskId: string) => {
      // A refusal can be known here (main's answer) and kept by main (on the task): clear both.
      setLocalErrors((m) => without(m, taskId));
      if (!views?.find((v) => v.id === taskId)?.error) return;
      void api.dismissTaskError({ taskId }).then((r) => {
        if (r.ok) set((list) => upsert(list, r.value));
      });
    },
    [api, set, views],
  );

  return { state, rows, setStatus, pin, unpin, dismissError, reload };
}
