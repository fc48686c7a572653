import { applyCompliancePatch } from '../../common/compliance-change';
import type { ComplianceChangeAnswer } from '../../common/compliance-change';
import type { CompliancePatch, ComplianceTask } from '../../common/compliance-task';
import { complianceTaskView } from '../../common/compliance-view';
import type { ComplianceView } from '../../common/compliance-view';
import { ok } from '../../common/result';
import type { PersonView } from '../../common/views';
import type { FakeApi } from './fake-api';

/** Compliance tasks (`tsk_…`) for component tests: a kept list, and main's answers to changes. */

export const ACCESS_REVIEW = 'tsk_n1access7review';
export const WEB_URL = `https://app.example.com/org_7kq2m9x4v1pz/tasks/${ACCESS_REVIEW}`;

export const PEOPLE: PersonView[] = [
  { id: 'mem_maya', name: 'Maya Chen', email: 'maya@example.com', role: 'owner' },
  { id: 'mem_dan', name: 'Daniel Okafor', email: 'daniel@example.com', role: 'admin' },
  { id: 'mem_priya', name: 'Priya Raman', email: 'priya@example.com', role: 'admin' },
  { id: 'mem_eve', name: 'Eve Employee', email: 'eve@example.com', role: 'employee' },
];
export const ME = PEOPLE[1]!;

/** Noon, local time, `days` from today: a review date the person's calendar counts plainly. */
export function localNoon(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(12, 0, 0, 0);
  return d.toISOString();
}

export function ctask(overrides: Partial<ComplianceTask> = {}): ComplianceTask {
  return {
    id: ACCESS_REVIEW,
    title: 'Access review',
    description: 'Review who has access to production systems.',
    status: 'todo',
    frequency: 'quarterly',
    department: 'it',
    reviewDate: localNoon(1),
    assigneeId: ME.id,
    approverId: null,
    approvedAt: null,
    previousStatus: null,
    lastCompletedAt: null,
    notRelevantJustification: null,
    controls: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    warnings: [],
    ...overrides,
  };
}

export function complianceView(
  tasks: readonly ComplianceTask[],
  approvalEnabled: boolean | null = false,
): ComplianceView {
  return {
    tasks: tasks.map((t) => complianceTaskView(t, WEB_URL)),
    more: 0,
    others: 0,
    availability: 'ok',
    approvalEnabled,
    readAt: Date.now(),
    note: null,
    changes: [],
    pinned: [],
    pinnedUnread: [],
  };
}

/** As main answers a change that landed: the service's task with the patch taken. */
export function landed(task: ComplianceTask, patch: CompliancePatch): ComplianceChangeAnswer {
  return {
    outcome: 'landed',
    task: applyCompliancePatch(task, patch),
    change: { taskId: task.id, pendingPatch: null, pending: null, error: null, refusal: null },
    offer: [],
  };
}

/** Main with one compliance task kept, the people listed and "me" known; changes land. */
export function withCompliance(
  fake: FakeApi,
  task: ComplianceTask,
  approvalEnabled: boolean | null = false,
): FakeApi {
  let held = task;
  fake.answer('getCompliance', async () => ok(complianceView([held], approvalEnabled)));
  fake.answer('getMe', async () => ok(ME));
  fake.answer('listPeople', async () => ok(PEOPLE));
  fake.answer('updateComplianceTask', async (input) => {
    const answer = landed(held, (input as { patch: CompliancePatch }).patch);
    held = answer.task!;
    return ok(answer);
  });
  return fake;
}
