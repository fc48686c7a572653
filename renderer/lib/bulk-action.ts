import { PRIORITY_LABELS } from '../../common/task-values';
import type { TaskPriority, TaskStatus } from '../../common/task-values';
import type { BulkPatch } from '../hooks/use-change-many';
import type { BulkTarget } from './bulk-summary';
import type { TaskRowModel } from './task-model';

/** One bulk change: what it sets, its words, and whether a row already has it. */
export interface BulkAction {
  readonly patch: BulkPatch;
  readonly target: BulkTarget;
  readonly has: (row: TaskRowModel) => boolean;
}

export const statusChange = (status: TaskStatus): BulkAction => ({
  patch: { status },
  target: status,
  has: (r) => r.status === status,
});

export const priorityChange = (priority: TaskPriority): BulkAction => ({
  patch: { priority },
  target: { label: `${PRIORITY_LABELS[priority]} priority` },
  has: (r) => r.priority === priority,
});

export const assigneeChange = (memberId: string | null, name?: string): BulkAction => ({
  patch: { assigneeId: memberId },
  target: { label: memberId === null ? 'no assignee' : `${name ?? memberId} as assignee` },
  has: (r) => r.assigneeId === memberId,
});
