/**
 * The platform's compliance tasks (`tsk_…`) as the real service's Task table
 * holds them (trycompai/comp packages/db, task.prisma), and the audit rows
 * its tasks service writes for them. compliance-wire.ts turns them into answers.
 */

export interface DemoComplianceTask {
  readonly id: string;
  readonly organizationId: string;
  title: string;
  description: string;
  status: string;
  frequency: string | null;
  department: string | null;
  order: number;
  reviewDate: string | null;
  lastCompletedAt: string | null;
  assigneeId: string | null;
  approverId: string | null;
  approvedAt: string | null;
  previousStatus: string | null;
  notRelevantJustification: string | null;
  readonly controls: readonly { readonly id: string; readonly name: string }[];
  readonly createdAt: string;
  updatedAt: string;
}

/** One AuditLog row with entityType "task", as the tasks service writes them. */
export interface DemoAuditRow {
  readonly id: string;
  readonly organizationId: string;
  readonly userId: string;
  readonly memberId: string | null;
  readonly entityId: string;
  readonly description: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly timestamp: string;
}

export interface DemoComplianceData {
  readonly tasks: DemoComplianceTask[];
  readonly audit: DemoAuditRow[];
  /** Organizations with evidence approval on (Organization.evidenceApprovalEnabled). */
  readonly approvalOrganizations: readonly string[];
}

/** What each built-in role may do to tasks (trycompai/comp packages/auth permissions.ts). */
export const ROLE_TASK_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  owner: ['create', 'read', 'update', 'delete'],
  admin: ['create', 'read', 'update', 'delete'],
  auditor: ['read'],
  employee: [],
  contractor: [],
};
