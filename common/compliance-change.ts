import type { CompliancePatch, ComplianceTask } from './compliance-task';
import type { ComplianceStatus } from './compliance-values';
import type { AppError, Result } from './result';
import type { TaskSyncState } from './views';

/**
 * A compliance task as the popup and the tray show it: the kept task (the
 * service's last word) with the person's changes still on their way laid
 * over it, so a change shows at once; once the service refuses one, the
 * kept task shows again (the rollback) with the service's words. Pure, and
 * zod-free in its values: main builds it, the renderer may too.
 */

/** What the app can offer instead of a refused change. */
export type ComplianceOffer = 'approve' | 'reject' | 'submit_for_review';

/** Which of the service's refusals a change met (main/service/compliance-errors.ts names them). */
export type ComplianceRefusalKind =
  'in_review' | 'needs_review' | 'needs_session' | 'not_approver' | 'not_found';

/** Main's word on one compliance task's changes: what waits, and the last refusal. */
export interface ComplianceChangeState {
  readonly taskId: string;
  /** The changes the service has not taken yet, merged per field (the outbox's lane). */
  readonly pendingPatch: CompliancePatch | null;
  /** pending: on the wire or about to be; queued: waiting (offline, backing off, paused). */
  readonly pending: 'pending' | 'queued' | null;
  /** Why the last change was refused, in the service's words; kept until the next change. */
  readonly error: AppError | null;
  readonly refusal: ComplianceRefusalKind | null;
}

/** updateComplianceTask's answer: how the first attempt ended, the service's task, what to offer. */
export interface ComplianceChangeAnswer {
  readonly outcome: 'landed' | 'queued' | 'refused';
  /** The service's task: its answer when the change landed, read again after a refusal about its state. */
  readonly task: ComplianceTask | null;
  readonly change: ComplianceChangeState;
  readonly offer: readonly ComplianceOffer[];
}

/** One task's outcome in a bulk change (updateComplianceTasks): its answer, or why it was not queued. */
export interface ComplianceUpdateOutcome {
  readonly taskId: string;
  readonly result: Result<ComplianceChangeAnswer>;
}

export interface ComplianceChangeView {
  readonly id: string;
  /** The task with the waiting changes on top: what a row shows. */
  readonly shown: ComplianceTask;
  /** The service's last word, without them. */
  readonly kept: ComplianceTask;
  readonly pendingPatch: CompliancePatch | null;
  readonly sync: TaskSyncState;
  readonly error: AppError | null;
  /** What to offer instead of what was refused: empty when nothing fits. */
  readonly offer: readonly ComplianceOffer[];
}

/** The fields of a patch as the task holds them after the service took it. */
export function applyCompliancePatch(task: ComplianceTask, patch: CompliancePatch): ComplianceTask {
  const { notRelevantJustification, reviewDate, ...rest } = patch;
  const next: ComplianceTask = { ...task, ...rest };
  const justification =
    next.status === 'not_relevant'
      ? (notRelevantJustification ?? task.notRelevantJustification)
      : // Any other status clears it, as the service does.
        null;
  return {
    ...next,
    notRelevantJustification: justification,
    ...(reviewDate !== undefined
      ? { reviewDate: reviewDate === null ? null : new Date(reviewDate).toISOString() }
      : {}),
  };
}

/**
 * What to offer after a refusal. A task in review changes only by approve or
 * reject, which only its approver may do here; one with an approver reaches
 * done only through review. Anything else: nothing to offer, the words say it.
 */
export function complianceOffer(
  refusal: ComplianceRefusalKind | null,
  task: ComplianceTask,
  meId: string | null,
): ComplianceOffer[] {
  if (refusal === 'in_review' && task.status === 'in_review')
    return meId !== null && task.approverId === meId ? ['approve', 'reject'] : [];
  if (refusal === 'needs_review' && task.status !== 'in_review' && task.approverId !== null)
    return ['submit_for_review'];
  return [];
}

/** The kept task with its changes on top, and what to say and offer about them. */
export function complianceChangeView(
  kept: ComplianceTask,
  change: ComplianceChangeState | null,
  meId: string | null,
): ComplianceChangeView {
  const patch = change?.pendingPatch ?? null;
  const error = change?.error ?? null;
  return {
    id: kept.id,
    shown: patch ? applyCompliancePatch(kept, patch) : kept,
    kept,
    pendingPatch: patch,
    sync: change?.pending ?? (error ? 'failed' : 'idle'),
    error,
    offer: error ? complianceOffer(change?.refusal ?? null, kept, meId) : [],
  };
}

/** A change to a compliance task by what the person did: the same from the popup, tray, link or notification. */
export type ComplianceChange =
  | {
      readonly kind: 'status';
      readonly status: ComplianceStatus;
      /** Asked for with not_relevant (the web app asks too), and sent only with it. */
      readonly justification?: string;
    }
  | { readonly kind: 'assignee'; readonly assigneeId: string | null }
  | { readonly kind: 'title'; readonly title: string }
  | { readonly kind: 'description'; readonly description: string };

/** The PATCH body a change makes (checked against CompliancePatchSchema before it is queued). */
export function compliancePatchOf(change: ComplianceChange): CompliancePatch {
  switch (change.kind) {
    case 'status':
      return change.status === 'not_relevant' && change.justification !== undefined
        ? { status: change.status, notRelevantJustification: change.justification }
        : { status: change.status };
    case 'assignee':
      return { assigneeId: change.assigneeId };
    case 'title':
      return { title: change.title };
    case 'description':
      return { description: change.description };
  }
}
