import type { AppError } from '../../common/result';
import { sameData } from '../../common/same-data';
import type { Task } from '../../common/task';
import type { TaskPatch } from '../../common/task-patch';
import type { PinnedTaskView, TaskSyncState } from '../../common/views';
import type { TaskRef } from '../../common/task-ref';

/** A pinned task as main keeps it: what is saved, plus what is in flight. */
export interface PinnedTask {
  readonly taskId: string;
  readonly ref: Omit<TaskRef, 'taskId'>;
  readonly snapshot: Task | null;
  readonly error: AppError | null;
  readonly pinnedAt: string;
  /** The service's updatedAt for the last change made from here; absent when none landed. */
  readonly changedHereAt?: string | null;
}

/** The task's changes still in the outbox: shown on top of the snapshot until they land. */
export interface InFlight {
  readonly patch: Partial<TaskPatch>;
  /** pending: on the wire or about to be; queued: waiting (offline, backing off, paused). */
  readonly sync: Exclude<TaskSyncState, 'idle' | 'failed'>;
}

export function pinnedView(pin: PinnedTask, inFlight: InFlight | undefined): PinnedTaskView {
  return {
    id: pin.taskId,
    ref: pin.ref,
    snapshot: pin.snapshot,
    pendingPatch: inFlight ? inFlight.patch : null,
    sync: inFlight ? inFlight.sync : pin.error ? 'failed' : 'idle',
    error: pin.error,
    pinnedAt: pin.pinnedAt,
    // Still the service's latest change: nobody has changed the task since ours landed.
    ...(pin.changedHereAt && pin.snapshot?.updatedAt === pin.changedHereAt
      ? { changedHere: true }
      : {}),
  };
}

/**
 * Whether two lists of rows read the same. Most parts are shared from one
 * list to the next (a row's snapshot is the same object), so it costs far
 * less than sending a list the popup already has; every field counts, so a
 * field added to the view later cannot be missed.
 */
export function sameViews(a: readonly PinnedTaskView[], b: readonly PinnedTaskView[]): boolean {
  return a.length === b.length && a.every((x, i) => sameData(x, b[i]));
}
