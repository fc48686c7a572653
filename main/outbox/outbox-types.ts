import type { CompliancePatch, ComplianceTask } from '../../common/compliance-task';
import type { AppError } from '../../common/result';
import type { Task } from '../../common/task';
import type { TaskPatch } from '../../common/task-patch';
import type { Logger } from '../log/logger';
import type { Scheduler } from '../scheduler/scheduler';
import type { ServiceClient } from '../service/client';
import type { ComplianceClient } from '../service/compliance-client';
import type { RequestPacer } from '../service/pacing';
import type { OutboxStore } from './outbox-file';
import type { BackoffPolicy } from './retry-policy';

// The outbox's shapes, apart from createOutbox so its pieces can name them without a cycle.

/** How the first attempt that carried a change ended: what updateTask answers with. */
export type AttemptOutcome<T = Task> =
  | { readonly kind: 'landed'; readonly task: T }
  /** Kept in the outbox and waiting: backing off, paused, or its profile is not signed in. */
  | { readonly kind: 'queued' }
  /** The service refused the change itself (400/404): given up, and the task says why. */
  | { readonly kind: 'refused'; readonly error: AppError }
  /** It could not be written to disk, so it was not sent either. */
  | { readonly kind: 'not_saved'; readonly error: AppError };

export type ComplianceLaneView = LaneView<CompliancePatch>;

/** What a task row shows of its changes still in the outbox (a compliance task's: CompliancePatch). */
export interface LaneView<P = TaskPatch> {
  readonly patch: P;
  /** pending: on the wire or about to be; queued: waiting (backing off, paused, signed out). */
  readonly sync: 'pending' | 'queued';
}

export interface OutboxDeps {
  readonly store: OutboxStore;
  readonly scheduler: Scheduler;
  readonly pacer: RequestPacer;
  /** The client to send a profile's changes with; null unless that profile is the signed-in one. */
  readonly clientFor: (profileId: string) => ServiceClient | null;
  /**
   * The client for a profile's compliance task changes (`tsk_…`), made from
   * the same credentials; absent where there are none to send (they wait).
   */
  readonly complianceFor?: (profileId: string) => ComplianceClient | null;
  /**
   * The service took the change: keep its answer as the task's snapshot. Called before the entry leaves.
   * @param keepError a piece of a refused combined change whose sibling was refused: that refusal stays on the row.
   * @param morePieces a piece of a combined change whose other pieces still wait.
   */
  readonly onLanded: (
    profileId: string,
    taskId: string,
    task: Task,
    keepError: boolean,
    morePieces: boolean,
  ) => Promise<void>;
  /** As onLanded, for a compliance task: the service's whole answer (a new review date on done). */
  readonly onComplianceLanded?: (
    profileId: string,
    taskId: string,
    task: ComplianceTask,
    keepError: boolean,
    morePieces: boolean,
  ) => Promise<void>;
  /**
   * A task made here landed: `localId` (`new_…`) is now `task.id`. Called
   * before the create leaves; its waiting edits then follow under the real id.
   */
  readonly onCreated?: (profileId: string, localId: string, task: Task) => Promise<void>;
  /**
   * The service refused the change: show why on the task (of either kind: the id says which). Called before the entry leaves.
   * @param morePieces a piece of a combined change whose other pieces still wait.
   */
  readonly onRefused: (
    profileId: string,
    taskId: string,
    error: AppError,
    morePieces: boolean,
  ) => Promise<void>;
  /** Every answer, so the connection state can follow the last one. */
  readonly onAttempt: (profileId: string, error: AppError | null) => void;
  /** The service refused the account (401/403): that profile's queue has stopped. */
  readonly onPaused: (profileId: string, error: AppError) => void;
  /** Anything a task row or the footer shows changed. */
  readonly onChange: () => void;
  readonly log: Logger;
  readonly backoff?: BackoffPolicy;
  readonly random?: () => number;
  readonly now?: () => Date;
}
