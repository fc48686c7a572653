import type { DemoAuditRow, DemoComplianceData, DemoComplianceTask } from './compliance-model';

/**
 * Compliance tasks as ../shared/realapi seeds them (one due in 3 days, one
 * overdue, one done, one unassigned), plus one of each other status, for
 * Northwind Health (evidence approval on) and one for Acme Logistics (off),
 * with review dates counted from when the service starts.
 */

const ORG_NORTHWIND = 'org_7kq2m9x4v1pz';
const ORG_ACME = 'org_3hd8w2n6c5rt';
const MAYA = 'mem_n1maya7q2c';
const DANIEL = 'mem_n2dan4k8ro';
const PRIYA = 'mem_n3pri9x1ma';
const DAY_MS = 86_400_000;

export const createComplianceSample = (now: Date): DemoComplianceData => {
  const at = (days: number): string => new Date(now.getTime() + days * DAY_MS).toISOString();
  const task = (
    t: Pick<DemoComplianceTask, 'id' | 'title' | 'description' | 'status' | 'frequency'> &
      Partial<DemoComplianceTask>,
  ): DemoComplianceTask => ({
    organizationId: ORG_NORTHWIND,
    department: 'none',
    order: 0,
    reviewDate: null,
    lastCompletedAt: null,
    assigneeId: null,
    approverId: null,
    approvedAt: null,
    previousStatus: null,
    notRelevantJustification: null,
    controls: [],
    createdAt: at(-90),
    updatedAt: at(-1),
    ...t,
  });
  const tasks = [
    task({
      id: 'tsk_n1access7review',
      title: 'Access review',
      description:
        'Review who has access to production systems and remove what is no longer needed.',
      status: 'todo',
      frequency: 'quarterly',
      department: 'it',
      reviewDate: at(3),
      assigneeId: MAYA,
      controls: [{ id: 'ctl_n1access0ctl', name: 'Logical access reviews' }],
    }),
    task({
      id: 'tsk_n2backup4restore',
      title: 'Backup restore test',
      description: "Restore last week's backup into staging and record the result.",
      status: 'in_progress',
      frequency: 'yearly',
      department: 'it',
      reviewDate: at(-2),
      assigneeId: MAYA,
      createdAt: at(-200),
    }),
    task({
      id: 'tsk_n3training8records',
      title: 'Security awareness training records',
      description: 'Export the training completion report.',
      status: 'done',
      frequency: 'yearly',
      department: 'hr',
      reviewDate: at(300),
      assigneeId: PRIYA,
      createdAt: at(-60),
    }),
    task({
      id: 'tsk_n4tabletop2exercise',
      title: 'Incident response tabletop',
      description: 'Run the yearly tabletop exercise.',
      status: 'todo',
      frequency: 'yearly',
      department: 'gov',
      createdAt: at(-30),
    }),
    task({
      id: 'tsk_n5vendor6assess',
      title: 'Vendor risk assessments',
      description: 'Assess every critical vendor and attach the signed assessments.',
      status: 'in_review',
      previousStatus: 'in_progress',
      frequency: 'monthly',
      department: 'Vendor management',
      reviewDate: at(10),
      assigneeId: MAYA,
      approverId: DANIEL,
    }),
    task({
      id: 'tsk_n6retention9policy',
      title: 'Paper records retention',
      description: 'Show how paper records are kept and destroyed.',
      status: 'not_relevant',
      notRelevantJustification: 'We keep no paper records since 2023.',
      frequency: null,
      department: 'qms',
      assigneeId: DANIEL,
    }),
    task({
      id: 'tsk_n7disk3encryption',
      title: 'Laptop disk encryption evidence',
      description: 'Export the device report showing disk encryption on every laptop.',
      status: 'failed',
      frequency: 'weekly',
      department: 'itsm',
      reviewDate: at(-1),
      assigneeId: PRIYA,
    }),
    // Approval is off here: the leftover approver and in_review status must not wedge the task.
    task({
      id: 'tsk_a1insurance5certs',
      organizationId: ORG_ACME,
      title: 'Carrier insurance certificates',
      description: "Collect each carrier's current insurance certificate.",
      status: 'in_review',
      previousStatus: 'todo',
      frequency: 'monthly',
      reviewDate: at(5),
      assigneeId: 'mem_a1luc5f0zr',
      approverId: 'mem_a2ken8s3ty',
    }),
  ];
  const audit: DemoAuditRow[] = [
    {
      id: 'aud_n5vendor6assess1',
      organizationId: ORG_NORTHWIND,
      userId: 'usr_m2c8a1yq4w',
      memberId: MAYA,
      entityId: 'tsk_n5vendor6assess',
      description: 'submitted evidence for review by Daniel Okafor',
      data: {
        action: 'review',
        taskTitle: 'Vendor risk assessments',
        approverId: DANIEL,
        previousStatus: 'in_progress',
      },
      timestamp: at(-1),
    },
  ];
  return { tasks, audit, approvalOrganizations: [ORG_NORTHWIND] };
};
