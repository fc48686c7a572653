import { COMPLIANCE_STATUS_LABELS, COMPLIANCE_STATUSES } from '../../common/compliance-values';
import type { ComplianceStatus } from '../../common/compliance-values';
import { STATUS_LABELS, TASK_STATUSES, isTaskStatus } from '../../common/task-values';
import type { TaskStatus } from '../../common/task-values';

/** Which kinds of task a bulk change is for: task items (`tski_…`), compliance tasks (`tsk_…`). */
export interface BulkKinds {
  readonly items: boolean;
  readonly work: boolean;
}

const isItem = (id: string): boolean => id.startsWith('tski_');

/** The kinds selected; with nothing selected yet, the kinds on screen, so the bar shows what it will offer. */
export function bulkKinds(selected: ReadonlySet<string>, shown: readonly string[]): BulkKinds {
  const ids = selected.size > 0 ? [...selected] : shown;
  return { items: ids.some(isItem), work: ids.some((id) => !isItem(id)) };
}

export type BulkStatus = TaskStatus | ComplianceStatus;

const SHARED: readonly BulkStatus[] = TASK_STATUSES.filter((s) =>
  (COMPLIANCE_STATUSES as readonly string[]).includes(s),
);

/**
 * The statuses a bulk change may set: each kind's own (five for task items,
 * six for compliance tasks); both kinds at once, the four they share, so a
 * status is never sent to a task that cannot have it.
 */
export function bulkStatuses(kinds: BulkKinds): readonly BulkStatus[] {
  if (kinds.items && kinds.work) return SHARED;
  return kinds.work ? COMPLIANCE_STATUSES : TASK_STATUSES;
}

export const bulkStatusLabel = (s: BulkStatus): string =>
  isTaskStatus(s) ? STATUS_LABELS[s] : COMPLIANCE_STATUS_LABELS[s];
