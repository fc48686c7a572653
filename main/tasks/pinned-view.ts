import type { AppError } from '../../common/result';
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
  };
}

const isPlainObject = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * Whether two JSON-like values read the same once sent: same keys in the same
 * order, same values. Anything else (a Date, a Map, NaN) counts as different,
 * which at worst sends a list again.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i] as string;
    if (k !== kb[i]) return false;
    if (!sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  }
  return true;
}

/**
 * Whether two lists of rows read the same. Checked field by field, most
 * often by identity (a row's snapshot is the same object from one list to
 * the next), so it costs far less than sending a list the popup already has.
 */
export function sameViews(a: readonly PinnedTaskView[], b: readonly PinnedTaskView[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as PinnedTaskView;
    const y = b[i] as PinnedTaskView;
    if (x === y) continue;
    if (
      x.id !== y.id ||
      x.sync !== y.sync ||
      x.pinnedAt !== y.pinnedAt ||
      !sameData(x.pendingPatch, y.pendingPatch) ||
      !sameData(x.error, y.error) ||
      !sameData(x.ref, y.ref) ||
      !sameData(x.snapshot, y.snapshot)
    )
      return false;
  }
  return true;
}
