import type { ComplianceChangeView } from '../../common/compliance-change';
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
  /**
   * The person's changes still on their way laid over a kept task
   * (tasks/compliance-changes.ts); none given: the kept tasks as they are.
   */
  readonly overlay?: (kept: ComplianceTask) => ComplianceChangeView;
  /** The profile's pinned compliance task ids, in pin order (compliance-pins.ts). */
  readonly pinnedIds?: readonly string[];
}

/** A kept task as it is, with nothing on its way. */
const asKept = (kept: ComplianceTask): ComplianceChangeView => ({
  id: kept.id,
  shown: kept,
  kept,
  pendingPatch: null,
  sync: 'idle',
  error: null,
  offer: [],
});

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
  pinned: [],
  pinnedUnread: [],
};

/**
 * The popup's view of the kept list: the person's own tasks in the order to
 * do them (at most COMPLIANCE_VIEW_BOUNDS.tasks, each description cut), and
 * how many are someone else's or nobody's. Each task shows the person's
 * changes still on their way, so whose it is and its place follow them too.
 */
export function complianceView(input: ComplianceViewInput): ComplianceView {
  const { kept, memberId } = input;
  const overlay = input.overlay ?? asKept;
  const all = (kept?.tasks ?? []).map(overlay);
  const mine = memberId === null ? [] : all.filter((t) => t.shown.assigneeId === memberId);
  const ordered = orderMine(
    mine.map((c) => ({
      ...c,
      status: c.shown.status,
      reviewDate: c.shown.reviewDate,
      title: c.shown.title,
    })),
    input.nowMs,
  );
  const shown = ordered.slice(0, COMPLIANCE_VIEW_BOUNDS.tasks);
  const toView = (c: ComplianceChangeView) =>
    complianceTaskView(
      c.shown,
      complianceWebLink({
        signInUrl: input.signInUrl,
        organizationId: input.organizationId,
        taskId: c.id,
      }),
      c,
    );
  const byId = new Map(all.map((c) => [c.id, c]));
  const pinnedIds = (input.pinnedIds ?? []).slice(0, COMPLIANCE_VIEW_BOUNDS.tasks);
  return {
    tasks: shown.map(toView),
    pinned: pinnedIds.flatMap((id) => {
      const c = byId.get(id);
      return c ? [toView(c)] : [];
    }),
    pinnedUnread: pinnedIds.filter((id) => !byId.has(id)),
    more: ordered.length - shown.length,
    others: all.length - mine.length,
    availability: input.availability,
    approvalEnabled: kept?.approvalEnabled ?? null,
    readAt: kept?.readAt ?? null,
    note: complianceNote(input.availability, input.authKind),
    changes: changeNotes(all).slice(0, COMPLIANCE_VIEW_BOUNDS.tasks),
  };
}

/** A note for each task with a change waiting or refused, the person's or not (one handed on leaves "mine" while it waits): rows and task views follow them. */
function changeNotes(tasks: readonly ComplianceChangeView[]): ComplianceChangeNote[] {
  return tasks.flatMap((c) =>
    c.pendingPatch || c.error
      ? [
          {
            taskId: c.id,
            pendingPatch: c.pendingPatch,
            pending: c.sync === 'pending' || c.sync === 'queued' ? c.sync : null,
            error: c.error?.message ?? null,
            offer: c.offer,
          },
        ]
      : [],
  );
}
