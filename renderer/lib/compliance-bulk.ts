import { MAX_BULK_TASKS } from '../../common/channels';
import type { ComplianceUpdateOutcome } from '../../common/compliance-change';
import type { CompliancePatch } from '../../common/compliance-task';
import type { Api } from '../../common/ipc';
import { err } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import { batches } from './bulk-progress';
import { undoGroups } from './bulk-undo';
import type { BulkOutcome } from './bulk-summary';
import type { ComplianceRowModel } from './compliance-rows';

// Only the bulk bar's code (loaded with select mode) needs this.

/** A compliance task's answer as the bulk summary counts it: landed, waiting, or refused with the service's words. */
function asBulkOutcome(o: ComplianceUpdateOutcome): BulkOutcome {
  if (!o.result.ok) return { taskId: o.taskId, result: o.result };
  const { outcome, change } = o.result.value;
  const sync = outcome === 'landed' ? 'idle' : outcome === 'queued' ? 'queued' : 'failed';
  return { taskId: o.taskId, result: { ok: true, value: { sync, error: change.error } } };
}

/**
 * One change for several compliance tasks, through main's outbox (each is
 * queued like a single change, so the rows show it at once through main's
 * view): in batches main accepts, each task's outcome kept.
 */
export async function changeComplianceMany(
  api: Pick<Api, 'updateComplianceTasks'>,
  taskIds: readonly string[],
  patch: CompliancePatch,
  noAnswer: AppError,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  for (const batch of batches(taskIds, MAX_BULK_TASKS)) {
    let answer: Result<ComplianceUpdateOutcome[]>;
    try {
      answer = await api.updateComplianceTasks({ taskIds: [...batch], patch });
    } catch {
      answer = err(noAnswer);
    }
    if (answer.ok) outcomes.push(...answer.value.map(asBulkOutcome));
    else outcomes.push(...batch.map((taskId) => ({ taskId, result: answer as Result<never> })));
  }
  return outcomes;
}

/**
 * A bulk change of compliance tasks taken back: each given the status or
 * assignee it showed before, grouped by that value. A task that was not
 * relevant goes back with its reason as kept; without one it is left as
 * it is (the service asks for one).
 */
export const complianceUndo = (
  rows: readonly ComplianceRowModel[],
  taskIds: readonly string[],
  patch: CompliancePatch,
) =>
  undoGroups<ComplianceRowModel, CompliancePatch>(rows, taskIds, (r) => {
    if (patch.status === undefined) return { assigneeId: r.assigneeId };
    if (r.status !== 'not_relevant') return r.status && { status: r.status };
    return r.justification ? { status: r.status, notRelevantJustification: r.justification } : null;
  });
