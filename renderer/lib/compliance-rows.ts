import type { ComplianceChangeNote, ComplianceTaskView } from '../../common/compliance-view';
import { COMPLIANCE_STATUS_LABELS, isComplianceStatus } from '../../common/compliance-values';
import type { ComplianceStatus } from '../../common/compliance-values';
import { deadlineOf } from '../../common/deadline';
import {
  complianceStatusKey,
  departmentWords,
  frequencyWords,
  localTimeZone,
} from './compliance-model';
import type { Deadline } from '../../common/deadline';

/**
 * My work's compliance rows, pure: the view's tasks in the view's order
 * (overdue first, then by review date: main's orderMine), each with the
 * status the person just chose laid over it until the service answers,
 * or the service's words once it refused (the kept status shows again).
 */

/** What the popup holds of one task's change until the view shows it. */
export type ComplianceOverlay =
  | {
      readonly kind: 'waiting';
      readonly status: ComplianceStatus;
      readonly sync: 'pending' | 'queued';
      /** Landed already: shown until the next view, which then speaks for it. */
      readonly landed?: true;
    }
  | { readonly kind: 'refused'; readonly message: string; readonly offer: boolean };

export interface ComplianceRowModel {
  readonly id: string;
  readonly title: string;
  readonly status: ComplianceStatus | null;
  readonly statusLabel: string;
  readonly due: Deadline | null;
  /** "Quarterly · IT": the open row's line; empty when neither is known. */
  readonly schedule: string;
  readonly sync: 'idle' | 'pending' | 'queued';
  /** The service's words for the change it refused; null otherwise. */
  readonly error: string | null;
  /** The refusal has a way on (review, approve): the task's view offers it. */
  readonly offer: boolean;
  /** A bulk change of assignee skips the tasks that have it already. */
  readonly assigneeId: string | null;
  /** Why it is not relevant, as kept: a bulk change's undo gives it back with the status. */
  readonly justification: string | null;
}

/** "Quarterly · IT": the open row's line, in the words of the task's own view. */
export function scheduleWords(t: Pick<ComplianceTaskView, 'frequency' | 'department'>): string {
  return [frequencyWords(t.frequency), departmentWords(t.department)].filter(Boolean).join(' · ');
}

export function complianceRow(
  t: ComplianceTaskView,
  overlay: ComplianceOverlay | undefined,
  nowMs: number,
  timeZone: string,
): ComplianceRowModel {
  const waiting = overlay?.kind === 'waiting' ? overlay : null;
  const status = waiting ? waiting.status : isComplianceStatus(t.status) ? t.status : null;
  return {
    id: t.id,
    title: t.title,
    status,
    statusLabel: status ? COMPLIANCE_STATUS_LABELS[status] : t.status,
    due: deadlineOf({ status: status ?? t.status, reviewDate: t.reviewDate }, nowMs, timeZone),
    schedule: scheduleWords(t),
    sync: waiting ? waiting.sync : 'idle',
    error: overlay?.kind === 'refused' ? overlay.message : null,
    offer: overlay?.kind === 'refused' && overlay.offer,
    assigneeId: t.assigneeId,
    justification: t.notRelevantJustification,
  };
}

/**
 * Overlays once a new view came. Main's notes speak first: a change still
 * waiting there (queued offline, say) shows its status, one refused since
 * shows the service's words, unless the person put that refusal away
 * (`dismissed`). Otherwise the popup's own: a waiting status the view now
 * holds has landed; a refusal stays until the next change or dismissal.
 */
export function overlaysAfter(
  overlays: ReadonlyMap<string, ComplianceOverlay>,
  tasks: readonly ComplianceTaskView[],
  notes: readonly ComplianceChangeNote[] = [],
  dismissed: (taskId: string, message: string) => boolean = () => false,
): Map<string, ComplianceOverlay> {
  const noteOf = new Map(notes.map((n) => [n.taskId, n]));
  const next = new Map<string, ComplianceOverlay>();
  for (const t of tasks) {
    const n = noteOf.get(t.id);
    const status = n?.pendingPatch?.status;
    if (n?.pending && status !== undefined) {
      next.set(t.id, { kind: 'waiting', status, sync: n.pending });
      continue;
    }
    if (n?.error && !dismissed(t.id, n.error)) {
      next.set(t.id, { kind: 'refused', message: n.error, offer: n.offer.length > 0 });
      continue;
    }
    const o = overlays.get(t.id);
    if (!o || (o.kind === 'waiting' && (t.status === o.status || o.landed))) continue;
    // Main's note is gone: what the popup waited for ended; the view says how.
    if (o.kind === 'waiting' && o.sync === 'queued' && !n) continue;
    next.set(t.id, o);
  }
  return next;
}

/** 1–6 on a compliance row: the same keys as in the task's own view. */
export const complianceKey = complianceStatusKey;

export { localTimeZone };
