import type { AuthContext } from './auth';
import { changeActor, memberName } from './compliance-actor';
import type { DemoComplianceTask } from './compliance-model';
import {
  FAILED_TO_UPDATE,
  TASK_NOT_FOUND,
  databaseRefuses,
  nextReviewDate,
  normalizeDepartment,
  parseReviewDate,
  statusLock,
} from './compliance-rules';
import { complianceUpdated } from './compliance-wire';
import type { DemoResponse } from './responses';
import { errorResponse, jsonResponse } from './responses';
import type { DemoStore } from './store';

/**
 * PATCH /v1/tasks/{id}, in the real controller's and service's order: the
 * actor, the department and review date, the task, the approval locks, the
 * assignee, then the write and its audit rows. The body is not validated by
 * a pipe: unknown fields are ignored; what the database refuses is a 500.
 */
export const patchComplianceTask = (
  store: DemoStore,
  context: AuthContext,
  taskId: string,
  body: Record<string, unknown>,
  now: Date,
): DemoResponse => {
  const org = context.organizationId;
  const actor = changeActor(store, context);
  if (!actor)
    return errorResponse(
      400,
      'No active organization owner found. API key task updates require an active owner member.',
    );
  const department = normalizeDepartment(body.department);
  if (!department.ok) return errorResponse(department.status, department.message);
  const reviewDate = parseReviewDate(body.reviewDate);
  if (!reviewDate.ok) return errorResponse(reviewDate.status, reviewDate.message);

  const task = store.compliance.task(org, taskId);
  if (!task) return errorResponse(400, TASK_NOT_FOUND);
  const approval = store.compliance.approvalEnabled(org);
  const { status, assigneeId, approverId } = body;
  if (status !== undefined) {
    const lock = statusLock(task, status, approval);
    if (lock) return errorResponse(400, lock);
  }
  if (typeof assigneeId === 'string') {
    // Looked up by id and organization only: a deactivated member can still be assigned here.
    const member = store.member(assigneeId);
    if (!member || member.organizationId !== org)
      return errorResponse(400, 'Assignee is not a member of this organization');
  }
  const unknownApprover = typeof approverId === 'string' && !store.member(approverId);
  if (databaseRefuses(body) || unknownApprover) return errorResponse(500, FAILED_TO_UPDATE);

  const before = { ...task };
  apply(task, body, { department: department.value, reviewDate: reviewDate.value, approval, now });
  // Marking done counts the next review from the frequency the task had before this change.
  if (status === 'done' && !reviewDate.value)
    task.reviewDate = nextReviewDate(before.frequency, now);
  task.updatedAt = now.toISOString();
  recordChanges(store, context, before, task, actor, now);
  return jsonResponse(complianceUpdated(store, task));
};

const apply = (
  task: DemoComplianceTask,
  body: Record<string, unknown>,
  opts: {
    department: string | null | undefined;
    reviewDate: string | null | undefined;
    approval: boolean;
    now: Date;
  },
): void => {
  const { title, status, assigneeId, approverId, frequency, notRelevantJustification } = body;
  if (title !== undefined) task.title = title as string;
  if (body.description !== undefined) task.description = body.description as string;
  if (status !== undefined) {
    task.status = status as string;
    task.notRelevantJustification =
      status === 'not_relevant' ? ((notRelevantJustification as string | undefined) ?? null) : null;
  }
  if (assigneeId !== undefined) task.assigneeId = assigneeId as string | null;
  if (approverId !== undefined) task.approverId = approverId as string | null;
  // Self-heal: with approval off, a leftover approver would only re-block later changes.
  else if (!opts.approval && task.approverId) task.approverId = null;
  if (frequency !== undefined) {
    task.frequency = frequency as string | null;
    task.reviewDate = nextReviewDate(task.frequency, opts.now);
  }
  if (opts.department !== undefined) task.department = opts.department;
  if (opts.reviewDate !== undefined) task.reviewDate = opts.reviewDate;
};

/** The service writes an audit row for a change of status and one for a change of assignee, nothing else. */
const recordChanges = (
  store: DemoStore,
  context: AuthContext,
  before: DemoComplianceTask,
  after: DemoComplianceTask,
  actor: { userId: string; member: { id: string } | undefined },
  now: Date,
): void => {
  const row = (description: string, data: Record<string, unknown>) =>
    store.compliance.record({
      organizationId: context.organizationId,
      userId: actor.userId,
      memberId: actor.member?.id ?? null,
      entityId: after.id,
      description,
      data: { action: 'update', taskTitle: before.title, ...data },
      timestamp: now.toISOString(),
    });
  if (before.status !== after.status) {
    const label = (s: string) => s.replace('_', ' ');
    row(`changed status from ${label(before.status)} to ${label(after.status)}`, {
      field: 'status',
      oldValue: before.status,
      newValue: after.status,
      ...(after.status === 'not_relevant' && after.notRelevantJustification
        ? { notRelevantJustification: after.notRelevantJustification }
        : {}),
    });
  }
  if (before.assigneeId !== after.assigneeId) {
    const name = (id: string | null) =>
      id === null ? 'unassigned' : (memberName(store, id) ?? 'unassigned');
    row(`changed assignee from ${name(before.assigneeId)} to ${name(after.assigneeId)}`, {
      field: 'assignee',
      oldValue: before.assigneeId,
      newValue: after.assigneeId,
    });
  }
};
