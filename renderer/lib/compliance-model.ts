import type { CompliancePatch } from '../../common/compliance-task';
import type { ComplianceTaskView } from '../../common/compliance-view';
import { COMPLIANCE_STATUSES } from '../../common/compliance-values';
import type { ComplianceStatus } from '../../common/compliance-values';
import { deadlineOf } from '../../common/deadline';

/**
 * A compliance task's view, pure: the person's waiting change laid over the
 * task as main keeps it, the keys 1–6, and the words of its schedule.
 */

/** The fields a waiting change shows at once; the service's rule for the justification kept. */
export function withPatch(
  task: ComplianceTaskView,
  patch: CompliancePatch | null,
): ComplianceTaskView {
  if (!patch) return task;
  const next: { -readonly [K in keyof ComplianceTaskView]: ComplianceTaskView[K] } = { ...task };
  if (patch.title !== undefined) next.title = patch.title.trim();
  if (patch.description !== undefined) next.description = patch.description;
  if (patch.assigneeId !== undefined) next.assigneeId = patch.assigneeId;
  if (patch.approverId !== undefined) next.approverId = patch.approverId;
  if (patch.status !== undefined) {
    next.status = patch.status;
    next.notRelevantJustification =
      patch.status === 'not_relevant' ? (patch.notRelevantJustification?.trim() ?? null) : null;
  }
  return next;
}

/** Two changes one after the other, merged per field as the outbox merges them. */
export function mergePatches(
  before: CompliancePatch | null,
  after: CompliancePatch,
): CompliancePatch {
  if (!before) return after;
  const merged: CompliancePatch = { ...before, ...after };
  // A later status other than not_relevant drops the justification, as main's merge does.
  if (after.status !== undefined && after.status !== 'not_relevant')
    delete merged.notRelevantJustification;
  return merged;
}

type KeyLike = Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>;

/** 1–6: the six statuses in the switch's order (a task item's 1–5 are its five). */
export function complianceStatusKey(e: KeyLike): ComplianceStatus | null {
  if (e.altKey || e.ctrlKey || e.metaKey || !/^[1-6]$/.test(e.key)) return null;
  return COMPLIANCE_STATUSES[Number(e.key) - 1]!;
}

const FREQUENCY_WORDS: Readonly<Record<string, string>> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

const DEPARTMENT_WORDS: Readonly<Record<string, string>> = {
  admin: 'Admin',
  gov: 'Governance',
  hr: 'HR',
  it: 'IT',
  itsm: 'IT service management',
  qms: 'Quality management',
};

/** "Quarterly"; null without a schedule. */
export const frequencyWords = (f: string | null): string | null =>
  f === null ? null : (FREQUENCY_WORDS[f] ?? f);

/** "IT", or the organization's own name for it; null for none. */
export const departmentWords = (d: string | null): string | null =>
  d === null || d === 'none' ? null : (DEPARTMENT_WORDS[d] ?? d);

/** The person's own time zone, as the reminders count days. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Due tomorrow", "3 days overdue", "Next review 28 Feb"; null when it is never due. */
export function dueWords(
  task: { readonly status: string; readonly reviewDate: string | null },
  now: number,
  timeZone: string = localTimeZone(),
): { readonly words: string; readonly overdue: boolean } | null {
  const d = deadlineOf(task, now, timeZone);
  if (!d) return null;
  return {
    words: d.words.charAt(0).toUpperCase() + d.words.slice(1),
    overdue: d.kind === 'overdue',
  };
}

/** The one line a justification may be: the web app's field, bounded as main bounds it. */
export const JUSTIFICATION_MAX = 2_000;

export function justificationProblem(text: string): string | null {
  const t = text.trim();
  if (!t) return 'Say why the task is not relevant: the web app keeps it with the task.';
  if (t.length > JUSTIFICATION_MAX)
    return `A justification is at most ${JUSTIFICATION_MAX.toLocaleString('en-GB')} characters.`;
  return null;
}
