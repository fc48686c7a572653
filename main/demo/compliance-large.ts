import type { DemoComplianceTask } from './compliance-model';

const ORG_NORTHWIND = 'org_7kq2m9x4v1pz';
const ASSIGNEES = ['mem_n1maya7q2c', 'mem_n2dan4k8ro', 'mem_n3pri9x1ma', null] as const;
const STATUSES = ['todo', 'in_progress', 'in_review', 'done', 'not_relevant', 'failed'] as const;
const FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly', null] as const;
const DAY_MS = 86_400_000;

/**
 * Generated compliance tasks for Northwind Health, assigned in turn to its
 * members and to nobody, with every status and review dates spread over a
 * year around `now`: the compliance list of a busy customer's organization.
 */
export const largeCompliance = (count: number, now: Date): DemoComplianceTask[] =>
  Array.from({ length: count }, (_, i): DemoComplianceTask => {
    const n = String(i + 1).padStart(4, '0');
    const at = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
    return {
      id: `tsk_lrg${n}cmp`,
      organizationId: ORG_NORTHWIND,
      title: `Control check ${i + 1}`,
      description: `Collect the evidence for control check ${i + 1} and attach it.`,
      status: STATUSES[i % STATUSES.length]!,
      frequency: FREQUENCIES[i % FREQUENCIES.length]!,
      department: 'it',
      order: i,
      reviewDate: at((i % 365) - 60),
      lastCompletedAt: null,
      assigneeId: ASSIGNEES[i % ASSIGNEES.length]!,
      approverId: null,
      approvedAt: null,
      previousStatus: null,
      notRelevantJustification: null,
      controls: [{ id: `ctl_lrg${n}`, name: `Control ${i + 1}` }],
      createdAt: at(-120),
      updatedAt: at(-1),
    };
  });
