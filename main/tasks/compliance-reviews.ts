import type { ComplianceTask } from '../../common/compliance-task';
import { isComplianceTaskId } from '../../common/compliance-task';
import { appError, err } from '../../common/result';
import type { Result } from '../../common/result';
import type { Outbox } from '../outbox/outbox';
import type { ComplianceClient } from '../service/compliance-client';
import { complianceRefusal } from '../service/compliance-errors';
import type { ComplianceChanges } from './compliance-changes';
import { COMPLIANCE_WORDS } from './compliance-words';
import type { ReviewAction } from './compliance-words';

export type { ReviewAction };

export interface ComplianceReviewsDeps {
  readonly active: () => { readonly profileId: string } | null;
  readonly clientFor: (profileId: string) => ComplianceClient | null;
  readonly outbox: Pick<Outbox, 'complianceLaneView'>;
  readonly changes: Pick<ComplianceChanges, 'settled'>;
}

/**
 * The evidence review: submit for review, approve, reject. Sent at once, not
 * through the outbox: they need the person present and a web session (the
 * service refuses an API key), and they act on the task as it is now, so a
 * change of it still waiting to be sent goes first.
 */
export function createComplianceReviews(deps: ComplianceReviewsDeps) {
  async function review(
    action: ReviewAction,
    taskId: string,
    call: (client: ComplianceClient) => Promise<Result<ComplianceTask>>,
  ): Promise<Result<ComplianceTask>> {
    const a = deps.active();
    const client = a ? deps.clientFor(a.profileId) : null;
    if (!a || !client) return err(appError('not_connected', COMPLIANCE_WORDS.notConnected));
    if (!isComplianceTaskId(taskId))
      return err(appError('bad_input', COMPLIANCE_WORDS.notComplianceTask));
    if (deps.outbox.complianceLaneView(a.profileId, taskId))
      return err(appError('bad_input', COMPLIANCE_WORDS.waiting(action)));
    const answer = await call(client);
    if (answer.ok) deps.changes.settled(a.profileId, answer.value);
    if (deps.active()?.profileId !== a.profileId)
      return err(appError('not_connected', COMPLIANCE_WORDS.switched));
    if (answer.ok) return answer;
    if (complianceRefusal(answer.error) === 'needs_session')
      return err({ ...answer.error, message: COMPLIANCE_WORDS.needsSession(action) });
    return answer;
  }

  return {
    submitForReview: (taskId: string, approverId: string) =>
      review('submit', taskId, (c) => c.submitForReview(taskId, approverId)),
    approve: (taskId: string) => review('approve', taskId, (c) => c.approve(taskId)),
    reject: (taskId: string) => review('reject', taskId, (c) => c.reject(taskId)),
  };
}

export type ComplianceReviews = ReturnType<typeof createComplianceReviews>;
