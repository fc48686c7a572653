import type { DemoAuditRow, DemoComplianceData, DemoComplianceTask } from './compliance-model';

/** In-memory compliance tasks and their audit rows; the only place they change. */
export interface ComplianceStore {
  /** A task only when it belongs to that organization: other ids look absent. */
  task(organizationId: string, taskId: string): DemoComplianceTask | undefined;
  tasksOf(organizationId: string): readonly DemoComplianceTask[];
  approvalEnabled(organizationId: string): boolean;
  /** A task's audit rows, newest first. */
  activityOf(organizationId: string, taskId: string): readonly DemoAuditRow[];
  record(row: Omit<DemoAuditRow, 'id'>): void;
}

export const createComplianceStore = (data: DemoComplianceData): ComplianceStore => {
  let next = 0;
  return {
    task: (organizationId, taskId) =>
      data.tasks.find((t) => t.id === taskId && t.organizationId === organizationId),
    tasksOf: (organizationId) => data.tasks.filter((t) => t.organizationId === organizationId),
    approvalEnabled: (organizationId) => data.approvalOrganizations.includes(organizationId),
    activityOf: (organizationId, taskId) =>
      // Reversed first so that, in a stable sort, rows of the same instant stay newest first.
      [...data.audit]
        .reverse()
        .filter((r) => r.organizationId === organizationId && r.entityId === taskId)
        .sort((a, b) => b.timestamp.localeCompare(a.timestamp)),
    record: (row) => {
      next += 1;
      data.audit.push({ id: `aud_cmp${String(next).padStart(6, '0')}`, ...row });
    },
  };
};
