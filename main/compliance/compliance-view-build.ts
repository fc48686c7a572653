import type { ComplianceTask } from '../../common/compliance-task';
import {
  COMPLIANCE_VIEW_BOUNDS,
  complianceTaskView,
  complianceWebLink,
  orderMine,
} from '../../common/compliance-view';
import type {
  ComplianceAvailability,
  ComplianceChangeNote,
  ComplianceView,
} from '../../common/compliance-view';
import { complianceOffer } from '../../common/compliance-change';
import type { ComplianceChangeState } from '../../common/compliance-change';
import type { KeptComplianceList } from './compliance-kept';
import { complianceNote } from './compliance-words';

export interface ComplianceViewInput {
  readonly kept: KeptComplianceList | null;
  readonly availability: ComplianceAvailability;
  readonly authKind: 'api-key' | 'session';
  /** The person's member id ("me", who-am-i.ts); null while unknown: nothing is theirs. */
  readonly memberId: string | null;
  readonly organizationId: string | null;
  readonly signInUrl: string;
  readonly nowMs: number;
  /** Main's word on a task's changes (tasks/compliance-changes.ts); none given: no notes. */
  readonly changeOf?: (taskId: string) => ComplianceChangeState | null;
}

/** No account shown: nothing to show, nothing to say. */
export const NO_COMPLIANCE: ComplianceView = {
  tasks: [],
  more: 0,
  others: 0,
  availability: 'unknown',
  approvalEnabled: null,
  readAt: null,
  note: null,
  changes: [],
};

/**
 * The popup's view of the kept list: the person's own tasks in the order to
 * do them (at most COMPLIANCE_VIEW_BOUNDS.tasks, each description cut), and
 * how many are someone else's or nobody's.
 */
export function complianceView(input: ComplianceViewInput): ComplianceView {
  const { kept, memberId } = input;
  const all: readonly ComplianceTask[] = kept?.tasks ?? [];
  const mine = memberId === null ? [] : all.filter((t) => t.assigneeId === memberId);
  const ordered = orderMine(mine, input.nowMs);
  const shown = ordered.slice(0, COMPLIANCE_VIEW_BOUNDS.tasks);
  return {
    tasks: shown.map((t) =>
      complianceTaskView(
        t,
        complianceWebLink({
          signInUrl: input.signInUrl,
          organizationId: input.organizationId,
          taskId: t.id,
        }),
      ),
    ),
    more: ordered.length - shown.length,
    others: all.length - mine.length,
    availability: input.availability,
    approvalEnabled: kept?.approvalEnabled ?? null,
    readAt: kept?.readAt ?? null,
    note: complianceNote(input.availability, input.authKind),
    changes: changeNotes(shown, input),
  };
}

/** A note for each shown task with a change waiting or refused. */
function changeNotes(
  shown: readonly ComplianceTask[],
  input: ComplianceViewInput,
): ComplianceChangeNote[] {
  const notes: ComplianceChangeNote[] = [];
  if (!input.changeOf) return notes;
  for (const t of shown) {
    const s = input.changeOf(t.id);
    if (!s || (!s.pendingPatch && !s.error)) continue;
    notes.push({
      taskId: t.id,
      pendingPatch: s.pendingPatch,
      pending: s.pending,
      error: s.error?.message ?? null,
      offer: s.error ? complianceOffer(s.refusal, t, input.memberId) : [],
    });
  }
  return notes;
}
