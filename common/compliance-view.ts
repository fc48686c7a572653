import { clip } from './bounds';
import type { ComplianceOffer } from './compliance-change';
import type { CompliancePatch } from './compliance-task';
import type { AppError } from './result';
import type { TaskSyncState } from './views';

/**
 * Compliance tasks (`tsk_…`) as the popup sees them: one person's, ordered
 * as they should be done, each bounded for IPC. No zod here: the renderer
 * imports the ordering and the words' inputs from this file.
 */

/**
 * Whether the service offers compliance tasks to this key: `absent` (its
 * routes answer 404), `not_permitted` (403: a key without task:read, or an
 * employee's or contractor's session), `unknown` (not asked yet this run).
 */
export type ComplianceAvailability = 'ok' | 'absent' | 'not_permitted' | 'unknown';

/** A compliance task as the popup gets it (the kept task's fields it shows). */
export interface ComplianceTaskView extends ComplianceTaskFields {
  /** "Open in web app": `<web-app>/{org_…}/tasks/{tsk_…}`; null while the organization is unknown. */
  readonly webUrl: string | null;
  /** The person's change on its way: pending (on the wire), queued (waiting), failed (refused). */
  readonly sync: TaskSyncState;
  /** Why the last change was refused, in the service's words; kept until the next change. */
  readonly error: AppError | null;
  /** What to offer instead of the refused change (approve, reject, submit for review). */
  readonly offer: readonly ComplianceOffer[];
}

/** A task's changes as the view carries them: none waiting, none refused. */
export const NO_CHANGE = { sync: 'idle', error: null, offer: [] } as const satisfies Pick<
  ComplianceTaskView,
  'sync' | 'error' | 'offer'
>;

export interface ComplianceView {
  /** The person's own, ordered by orderMine (overdue first). */
  readonly tasks: readonly ComplianceTaskView[];
  /** Of the person's own, how many are left out past COMPLIANCE_VIEW_BOUNDS.tasks (the least pressing). */
  readonly more: number;
  /** The organization's compliance tasks that are not the person's. */
  readonly others: number;
  readonly availability: ComplianceAvailability;
  /** Whether the organization uses evidence approval; null: not known. */
  readonly approvalEnabled: boolean | null;
  /** When the list was last read from the service (ms since the epoch); null: never. */
  readonly readAt: number | null;
  /** Said once the routes are not available: "… showing task items only". */
  readonly note: string | null;
  /** The shown tasks with a change of the person's still on its way, or refused. */
  readonly changes: readonly ComplianceChangeNote[];
  /** The compliance tasks pinned (a link, a paste), whoever's they are, in pin order. */
  readonly pinned: readonly ComplianceTaskView[];
  /** Pinned ids the kept list does not have (not read yet, gone, or not available), in pin order. */
  readonly pinnedUnread: readonly string[];
}

/**
 * Main's word on one shown task's changes (tasks/compliance-changes.ts): what
 * waits and how, and the last refusal in the service's words with what to
 * offer instead. So a change that was queued and then landed or was refused
 * later shows as it ended, also in a view opened after it was made.
 */
export interface ComplianceChangeNote {
  readonly taskId: string;
  readonly pendingPatch: CompliancePatch | null;
  readonly pending: 'pending' | 'queued' | null;
  readonly error: string | null;
  readonly offer: readonly ComplianceOffer[];
}

/** What one view carries over IPC, at most: a few hundred tasks of a few KB each. */
export const COMPLIANCE_VIEW_BOUNDS = { tasks: 500, description: 4_000 } as const;

/** Statuses that are over: listed last, whatever their date. */
const SETTLED = new Set(['done', 'not_relevant']);

/** Whether the task's review date has passed (and it is not done or not relevant). */
export function isOverdue(
  t: { readonly status: string; readonly reviewDate: string | null },
  nowMs: number,
): boolean {
  if (SETTLED.has(t.status) || t.reviewDate === null) return false;
  const at = Date.parse(t.reviewDate);
  return Number.isFinite(at) && at < nowMs;
}

const rank = (t: { readonly status: string; readonly reviewDate: string | null }, now: number) =>
  SETTLED.has(t.status) ? 2 : isOverdue(t, now) ? 0 : 1;

const dateOf = (t: { readonly reviewDate: string | null }): number => {
  const at = t.reviewDate === null ? Number.NaN : Date.parse(t.reviewDate);
  return Number.isFinite(at) ? at : Number.POSITIVE_INFINITY;
};

/**
 * "Mine" in the order to do them: overdue first, then by review date (the
 * soonest first, none last), then by title; done and not relevant last.
 * A new array; the input is left as it is.
 */
export function orderMine<
  T extends { readonly status: string; readonly reviewDate: string | null; readonly title: string },
>(tasks: readonly T[], nowMs: number): T[] {
  return [...tasks].sort(
    (a, b) =>
      rank(a, nowMs) - rank(b, nowMs) || dateOf(a) - dateOf(b) || a.title.localeCompare(b.title),
  );
}

/** The web app's page of a compliance task, from the sign-in address; null when something is unknown. */
export function complianceWebLink(input: {
  readonly signInUrl: string;
  readonly organizationId: string | null;
  readonly taskId: string;
}): string | null {
  if (!input.organizationId) return null;
  try {
    const url = new URL(input.signInUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const path = [input.organizationId, 'tasks', input.taskId].map(encodeURIComponent).join('/');
    return `${url.origin}/${path}`;
  } catch {
    return null;
  }
}

/** The fields of a kept task the view shows (common/compliance-task.ts's ComplianceTask has them all). */
export interface ComplianceTaskFields {
  readonly id: string;
  readonly title: string;
  readonly status: string;
  /** When the evidence is next due (ISO), or null when it has no date. */
  readonly reviewDate: string | null;
  readonly frequency: string | null;
  readonly department: string | null;
  /** Plain text; in the view, cut to COMPLIANCE_VIEW_BOUNDS.description. */
  readonly description: string | null;
  readonly assigneeId: string | null;
  readonly approverId: string | null;
  readonly notRelevantJustification: string | null;
}

/** One task as the view carries it, its description cut to the view's bound. */
export const complianceTaskView = (
  t: ComplianceTaskFields,
  webUrl: string | null,
  change: Pick<ComplianceTaskView, 'sync' | 'error' | 'offer'> = NO_CHANGE,
): ComplianceTaskView => ({
  id: t.id,
  title: t.title,
  status: t.status,
  reviewDate: t.reviewDate,
  frequency: t.frequency,
  department: t.department,
  description:
    t.description === null ? null : clip(t.description, COMPLIANCE_VIEW_BOUNDS.description),
  assigneeId: t.assigneeId,
  approverId: t.approverId,
  notRelevantJustification: t.notRelevantJustification,
  webUrl,
  sync: change.sync,
  error: change.error,
  offer: change.offer,
});
