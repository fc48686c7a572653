import type { AuthContext } from './auth';
import { memberName, sessionMember } from './compliance-actor';
import type { DemoComplianceTask } from './compliance-model';
import { NEEDS_SESSION, TASK_NOT_FOUND, nextReviewDate } from './compliance-rules';
import { complianceReviewed } from './compliance-wire';
import type { DemoResponse } from './responses';
import { errorResponse, jsonResponse } from './responses';
import type { DemoStore } from './store';

/**
 * The evidence review: submit-for-review, approve, reject. Each needs a
 * signed-in person (an API key has no user: 400), works whether or not the
 * organization has approval on, and writes one audit row. Words are the real ones.
 */

export type ReviewAction = 'submit-for-review' | 'approve' | 'reject';

interface Step {
  readonly store: DemoStore;
  readonly context: AuthContext;
  readonly task: DemoComplianceTask;
  readonly now: Date;
}

const audit = (s: Step, memberId: string | null, description: string, data: object) =>
  s.store.compliance.record({
    organizationId: s.context.organizationId,
    userId: s.context.sessionUserId ?? '',
    memberId,
    entityId: s.task.id,
    description,
    data: { taskTitle: s.task.title, ...data },
    timestamp: s.now.toISOString(),
  });

const done = (s: Step): DemoResponse => {
  s.task.updatedAt = s.now.toISOString();
  return jsonResponse(complianceReviewed(s.store, s.task));
};

const submit = (s: Step, approverId: unknown): DemoResponse => {
  if (!approverId) return errorResponse(400, 'approverId is required');
  if (s.task.status === 'in_review') return errorResponse(400, 'Task is already in review');
  if (s.task.status === 'done') return errorResponse(400, 'Task is already done');
  // A non-string id fails in the database, outside the service's try: Nest's plain 500.
  if (typeof approverId !== 'string') return errorResponse(500, 'Internal server error');
  const approver = s.store.member(approverId);
  if (!approver || approver.organizationId !== s.context.organizationId || approver.deactivated)
    return errorResponse(400, 'Approver not found or is deactivated');
  const previous = s.task.status;
  Object.assign(s.task, { status: 'in_review', previousStatus: previous, approverId });
  audit(
    s,
    sessionMember(s.store, s.context)?.id ?? null,
    `submitted evidence for review by ${memberName(s.store, approverId) ?? ''}`,
    {
      action: 'review',
      approverId,
      previousStatus: previous,
    },
  );
  return done(s);
};

const approve = (s: Step): DemoResponse => {
  if (s.task.status !== 'in_review') return errorResponse(400, 'Task must be in review to approve');
  const me = sessionMember(s.store, s.context);
  if (!me) return errorResponse(403, 'User is not a member of this organization');
  if (s.task.approverId !== me.id)
    return errorResponse(403, 'Only the assigned approver can approve this task');
  const assignee = memberName(s.store, s.task.assigneeId) ?? 'Unknown';
  Object.assign(s.task, {
    status: 'done',
    approvedAt: s.now.toISOString(),
    reviewDate: nextReviewDate(s.task.frequency, s.now),
    previousStatus: null,
  });
  audit(s, me.id, `approved evidence by ${assignee}`, {
    action: 'approve',
    assigneeName: assignee,
  });
  return done(s);
};

const reject = (s: Step): DemoResponse => {
  if (s.task.status !== 'in_review') return errorResponse(400, 'Task must be in review to reject');
  const me = sessionMember(s.store, s.context);
  if (!me) return errorResponse(403, 'User is not a member of this organization');
  const roles = me.role.split(',').map((r) => r.trim());
  const isAdminOrOwner = roles.includes('admin') || roles.includes('owner');
  const isApprover = s.task.approverId === me.id;
  if (!isApprover && !isAdminOrOwner)
    return errorResponse(403, 'Only the assigned approver or an admin/owner can reject this task');
  const assignee = memberName(s.store, s.task.assigneeId) ?? 'Unknown';
  const revertedTo = s.task.previousStatus ?? 'todo';
  Object.assign(s.task, {
    status: revertedTo,
    previousStatus: null,
    approverId: null,
    approvedAt: null,
  });
  audit(
    s,
    me.id,
    isApprover ? `rejected evidence by ${assignee}` : `cancelled evidence review for ${assignee}`,
    { action: 'reject', revertedToStatus: revertedTo },
  );
  return done(s);
};

export const reviewComplianceTask = (
  action: ReviewAction,
  store: DemoStore,
  context: AuthContext,
  taskId: string,
  body: Record<string, unknown>,
  now: Date,
): DemoResponse => {
  if (context.sessionUserId === undefined) return errorResponse(400, NEEDS_SESSION);
  if (action === 'submit-for-review' && !body.approverId)
    return errorResponse(400, 'approverId is required');
  const task = store.compliance.task(context.organizationId, taskId);
  if (!task) return errorResponse(400, TASK_NOT_FOUND);
  const step = { store, context, task, now };
  if (action === 'submit-for-review') return submit(step, body.approverId);
  return action === 'approve' ? approve(step) : reject(step);
};
