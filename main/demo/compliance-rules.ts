import { ROLE_TASK_ACTIONS } from './compliance-model';
import type { DemoComplianceTask } from './compliance-model';

/**
 * The rules of trycompai/comp apps/api/src/tasks (controller and service),
 * as pure functions with the real words. Dates are counted in UTC, as the
 * real service's clock runs in its containers.
 */

export const TASK_NOT_FOUND = 'Task not found or access denied';
export const FAILED_TO_UPDATE = 'Failed to update task';
export const NEEDS_SESSION =
  'User ID is required. This operation requires an authenticated user session.';
export const IN_REVIEW_LOCK =
  'Cannot change status directly while task is in review. Use the approve or reject actions instead.';
export const APPROVER_LOCK =
  'Cannot mark task as done directly when an approver is assigned. Submit for review instead.';

const FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'];
export const STATUSES = ['todo', 'in_progress', 'in_review', 'done', 'not_relevant', 'failed'];
const DEPARTMENT_MAX_LENGTH = 64;

/** computeNextTaskReviewDate: midnight of the day one period from now (a year when no frequency). */
export const nextReviewDate = (frequency: string | null | undefined, now: Date): string => {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const at = (yy: number, mm: number, dd: number) => new Date(Date.UTC(yy, mm, dd)).toISOString();
  switch (frequency) {
    case 'daily':
      return at(y, m, d + 1);
    case 'weekly':
      return at(y, m, d + 7);
    case 'monthly':
      return at(y, m + 1, d);
    case 'quarterly':
      return at(y, m + 3, d);
    default:
      return at(y + 1, m, d);
  }
};

export type Checked<T> = { ok: true; value: T } | { ok: false; status: number; message: string };
const refuse = <T>(status: number, message: string): Checked<T> => ({ ok: false, status, message });

/** normalizeDepartment: trimmed, not empty (null clears), at most 64 characters. */
export const normalizeDepartment = (value: unknown): Checked<string | null | undefined> => {
  if (value === undefined || value === null) return { ok: true, value };
  if (typeof value !== 'string') return refuse(400, 'department must be a string');
  const trimmed = value.trim();
  if (trimmed.length === 0) return refuse(400, 'department must not be empty (use null to clear)');
  if (trimmed.length > DEPARTMENT_MAX_LENGTH)
    return refuse(400, `department must be at most ${DEPARTMENT_MAX_LENGTH} characters`);
  return { ok: true, value: trimmed };
};

/** The controller's reviewDate: null clears it; anything JavaScript cannot read as a date is refused. */
export const parseReviewDate = (value: unknown): Checked<string | null | undefined> => {
  if (value === undefined || value === null) return { ok: true, value };
  if (typeof value !== 'string') return refuse(400, 'reviewDate is invalid');
  const t = new Date(value).getTime();
  return Number.isNaN(t)
    ? refuse(400, 'reviewDate is invalid')
    : { ok: true, value: new Date(t).toISOString() };
};

/** What the database refuses (Prisma): a wrong type or enum value, which the service reports as a 500. */
export const databaseRefuses = (body: Record<string, unknown>): boolean => {
  const {
    title,
    description,
    status,
    frequency,
    assigneeId,
    approverId,
    notRelevantJustification,
  } = body;
  const present = (v: unknown) => v !== undefined;
  return (
    (present(title) && typeof title !== 'string') ||
    // The column is a non-null string.
    (present(description) && typeof description !== 'string') ||
    (present(status) && !STATUSES.includes(status as string)) ||
    (present(frequency) && frequency !== null && !FREQUENCIES.includes(frequency as string)) ||
    (present(assigneeId) && assigneeId !== null && typeof assigneeId !== 'string') ||
    (present(approverId) && approverId !== null && typeof approverId !== 'string') ||
    (present(notRelevantJustification) &&
      notRelevantJustification !== null &&
      typeof notRelevantJustification !== 'string')
  );
};

/** The approval locks, enforced only where the organization has evidence approval on. */
export const statusLock = (
  task: DemoComplianceTask,
  status: unknown,
  approvalEnabled: boolean,
): string | undefined => {
  if (!approvalEnabled) return undefined;
  if (task.status === 'in_review' && status !== 'in_review') return IN_REVIEW_LOCK;
  if (status === 'done' && task.status !== 'done' && task.approverId) return APPROVER_LOCK;
  return undefined;
};

/** The member roles' task permissions, custom roles unknown here (they grant nothing). */
export const roleAllows = (role: string, action: 'read' | 'update'): boolean =>
  role.split(',').some((r) => (ROLE_TASK_ACTIONS[r] ?? []).includes(action));

/**
 * isRestrictedRole: employees and contractors see only their own tasks. With
 * the built-in roles they never get that far (they lack task:read), but the
 * service keeps the filter, and so does this one.
 */
export const isRestrictedRole = (roles: readonly string[] | null): boolean => {
  if (roles === null) return false;
  if (roles.length === 0) return true;
  if (roles.some((r) => ['owner', 'admin', 'auditor'].includes(r))) return false;
  return roles.every((r) => ['employee', 'contractor'].includes(r));
};

export const visibleTo = (
  task: DemoComplianceTask,
  roles: readonly string[] | null,
  memberId: string | undefined,
): boolean => !isRestrictedRole(roles) || (memberId !== undefined && task.assigneeId === memberId);
