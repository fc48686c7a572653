import { COMPLIANCE_STATUS_LABELS, isComplianceStatus } from '../../common/compliance-values';
import type { ComplianceStatus } from '../../common/compliance-values';
import type { CompliancePatch } from '../../common/compliance-task';
import { PRIORITY_LABELS, isTaskStatus } from '../../common/task-values';
import type { TaskPriority, TaskStatus } from '../../common/task-values';
import type { BulkPatch } from '../hooks/use-change-many';
import type { BulkTarget } from './bulk-summary';
import type { ComplianceRowModel } from './compliance-rows';
import type { TaskRowModel } from './task-model';

/**
 * One bulk change: what it sets on each kind of task, its words, and
 * whether a row already has it. A kind it does not apply to (a priority on
 * a compliance task, Canceled on one) has no patch: those tasks are left out.
 */
export interface BulkAction {
  /** For task items (`tski_…`); null: not theirs to take. */
  readonly patch: BulkPatch | null;
  /** For compliance tasks (`tsk_…`); null: not theirs to take. */
  readonly compliancePatch: CompliancePatch | null;
  readonly target: BulkTarget;
  readonly has: (row: TaskRowModel) => boolean;
  readonly hasCompliance: (row: ComplianceRowModel) => boolean;
}

/** A status by its kind: task items have five, compliance tasks six, four of them shared. */
export const statusChange = (
  status: TaskStatus | ComplianceStatus,
  /** Not relevant says why, for every task it is set on (the service keeps it). */
  justification?: string,
): BulkAction => ({
  patch: isTaskStatus(status) ? { status } : null,
  compliancePatch: isComplianceStatus(status)
    ? status === 'not_relevant'
      ? { status, notRelevantJustification: justification ?? '' }
      : { status }
    : null,
  target: isTaskStatus(status) ? status : { label: COMPLIANCE_STATUS_LABELS[status] },
  has: (r) => r.status === status,
  hasCompliance: (r) => r.status === status,
});

export const priorityChange = (priority: TaskPriority): BulkAction => ({
  patch: { priority },
  compliancePatch: null,
  target: { label: `${PRIORITY_LABELS[priority]} priority` },
  has: (r) => r.priority === priority,
  hasCompliance: () => false,
});

export const assigneeChange = (memberId: string | null, name?: string): BulkAction => ({
  patch: { assigneeId: memberId },
  compliancePatch: { assigneeId: memberId },
  target: { label: memberId === null ? 'no assignee' : `${name ?? memberId} as assignee` },
  has: (r) => r.assigneeId === memberId,
  hasCompliance: (r) => r.assigneeId === memberId,
});
