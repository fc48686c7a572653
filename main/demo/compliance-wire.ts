import type { DemoAuditRow, DemoComplianceTask } from './compliance-model';
import type { DemoStore } from './store';

/** Compliance tasks as the real service sends them: the Prisma rows, with what each route includes. */

const MEMBER_CREATED_AT = '2024-03-11T09:30:00.000Z';

/** A Member row (Prisma `include: { assignee: true }`): no user in it. */
const memberRow = (store: DemoStore, id: string | null): Record<string, unknown> | null => {
  const m = id === null ? undefined : store.member(id);
  if (!m) return null;
  return {
    id: m.id,
    organizationId: m.organizationId,
    userId: m.userId,
    role: m.role,
    createdAt: MEMBER_CREATED_AT,
    department: 'none',
    jobTitle: null,
    isActive: !m.deactivated,
    deactivated: m.deactivated,
    fleetDmLabelId: null,
  };
};

const withUser = (store: DemoStore, id: string | null): Record<string, unknown> | null => {
  const row = memberRow(store, id);
  const user = row ? store.user(String(row.userId)) : undefined;
  return row && user ? { ...row, user: { ...user, emailVerified: true } } : row;
};

/** The whole row, as `findMany` without a select gives it. */
export const complianceRow = (t: DemoComplianceTask): Record<string, unknown> => ({
  id: t.id,
  title: t.title,
  description: t.description,
  status: t.status,
  automationStatus: 'AUTOMATED',
  frequency: t.frequency,
  integrationScheduleFrequency: 'daily',
  integrationLastRunAt: null,
  department: t.department,
  order: t.order,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  lastCompletedAt: t.lastCompletedAt,
  reviewDate: t.reviewDate,
  assigneeId: t.assigneeId,
  organizationId: t.organizationId,
  taskTemplateId: null,
  approverId: t.approverId,
  approvedAt: t.approvedAt,
  previousStatus: t.previousStatus,
  notRelevantJustification: t.notRelevantJustification,
  archivedAt: null,
  embeddingHash: null,
});

/** GET /v1/tasks: the short shape, or with includeRelations the row with controls and automations. */
export const complianceListItem = (t: DemoComplianceTask, relations: boolean) =>
  relations
    ? {
        ...complianceRow(t),
        controls: t.controls.map((c) => ({ id: c.id, name: c.name })),
        evidenceAutomations: [],
      }
    : {
        id: t.id,
        title: t.title,
        description: t.description,
        status: t.status,
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
        taskTemplateId: null,
      };

/** GET /v1/tasks/{id}: the row with its assignee, controls and approver (with user). */
export const complianceDetail = (store: DemoStore, t: DemoComplianceTask) => ({
  ...complianceRow(t),
  assignee: memberRow(store, t.assigneeId),
  controls: t.controls.map((c) => ({ ...c, organizationId: t.organizationId, archivedAt: null })),
  approver: withUser(store, t.approverId),
});

/** PATCH's answer: the row with its assignee. */
export const complianceUpdated = (store: DemoStore, t: DemoComplianceTask) => ({
  ...complianceRow(t),
  assignee: memberRow(store, t.assigneeId),
});

/** The review actions' answer: the row with assignee and approver. */
export const complianceReviewed = (store: DemoStore, t: DemoComplianceTask) => ({
  ...complianceUpdated(store, t),
  approver: memberRow(store, t.approverId),
});

export const activityRow = (store: DemoStore, r: DemoAuditRow) => {
  const user = store.user(r.userId);
  return {
    id: r.id,
    timestamp: r.timestamp,
    organizationId: r.organizationId,
    userId: r.userId,
    memberId: r.memberId,
    data: r.data,
    description: r.description,
    entityId: r.entityId,
    entityType: 'task',
    user: user
      ? { id: user.id, name: user.name, email: user.email, image: user.image, role: 'user' }
      : null,
  };
};
