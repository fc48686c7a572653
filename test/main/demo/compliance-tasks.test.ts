import { describe, expect, it } from 'vitest';
import { startDemoServer } from '../../../main/demo/server';
import type { Caller } from '../../helpers/compliance-calls';
import { complianceCall } from '../../helpers/compliance-calls';
import { withDemoServer } from '../../helpers/demo';

/**
 * The reference service's compliance tasks (`tsk_…`) over real loopback HTTP,
 * held to trycompai/comp apps/api/src/tasks: what the list shows and to whom,
 * the six statuses, the justification, the next review date, the approval
 * locks and the review actions, each with the real service's words.
 */

// The service's clock: next review dates are counted from this day (UTC midnight).
const NOW = new Date('2026-11-28T15:00:00.000Z');
const DAY = 86_400_000;
const options = { rateLimit: false as const, clock: () => NOW };

// Northwind Health (evidence approval on); see main/demo/compliance-sample.ts.
const ACCESS_REVIEW = 'tsk_n1access7review'; // todo, quarterly, due in 3 days, Maya
const BACKUP = 'tsk_n2backup4restore'; // in_progress, overdue
const TRAINING = 'tsk_n3training8records'; // done, Priya's
const TABLETOP = 'tsk_n4tabletop2exercise'; // todo, unassigned
const VENDORS = 'tsk_n5vendor6assess'; // in_review, approver Daniel
const DISK = 'tsk_n7disk3encryption'; // failed, weekly
const ACME_TASK = 'tsk_a1insurance5certs'; // Acme: approval off, stale approver
const MAYA = 'mem_n1maya7q2c';
const DANIEL = 'mem_n2dan4k8ro';
const PRIYA = 'mem_n3pri9x1ma';
const TOM_DEACTIVATED = 'mem_n4tom6b3ck';

describe('compliance tasks: the list', () => {
  const demo = withDemoServer(options);
  const get = (who: Caller, path: string) => complianceCall(demo.server, who, 'GET', path);

  it('lists every task of the organization in one answer, with the schedule only with includeRelations', async () => {
    const short = await get('key', '/v1/tasks');
    expect(short.status).toBe(200);
    expect(short.json.count).toBe(7);
    expect(Object.keys(short.json.data[0]!).sort()).toEqual(
      ['createdAt', 'description', 'id', 'status', 'taskTemplateId', 'title', 'updatedAt'].sort(),
    );
    const full = await get('key', '/v1/tasks?includeRelations=true');
    const byId = new Map(full.json.data.map((t) => [t.id, t]));
    const access = byId.get(ACCESS_REVIEW)!;
    expect(access).toMatchObject({ assigneeId: MAYA, frequency: 'quarterly', department: 'it' });
    expect(Date.parse(access.reviewDate!) - NOW.getTime()).toBe(3 * DAY);
    expect(access.controls).toEqual([{ id: 'ctl_n1access0ctl', name: 'Logical access reviews' }]);
    expect(Date.parse(byId.get(BACKUP)!.reviewDate!)).toBeLessThan(NOW.getTime());
    expect(byId.get(TABLETOP)).toMatchObject({ assigneeId: null, reviewDate: null });
    // Ordered by status, in the enum's order.
    expect(full.json.data.map((t) => t.status)).toEqual([
      'todo',
      'todo',
      'in_progress',
      'in_review',
      'done',
      'not_relevant',
      'failed',
    ]);
  });

  it('shows an organization only its own tasks', async () => {
    const acme = await get('otherOrgKey', '/v1/tasks?includeRelations=true');
    expect(acme.json.data.map((t) => t.id)).toEqual([ACME_TASK]);
    const foreign = await get('otherOrgKey', `/v1/tasks/${ACCESS_REVIEW}`);
    expect(foreign).toEqual({
      status: 400,
      json: expect.objectContaining({ message: 'Task not found or access denied' }),
    });
  });

  it('lets owners and admins signed in on the web read every task, and refuses an employee as the real roles do', async () => {
    expect((await get('owner', '/v1/tasks')).json.count).toBe(7);
    expect((await get('admin', '/v1/tasks')).json.count).toBe(7);
    // The built-in employee role has no task permission: the guard refuses before any filter.
    const employee = await get('employee', '/v1/tasks');
    expect(employee.status).toBe(403);
    expect(employee.json.message).toBe('Access denied');
  });

  it('refuses a key without task:read, and is absent where the service offers only the interface', async () => {
    const r = await get('noScopeKey', '/v1/tasks');
    expect(r.status).toBe(403);
    expect(r.json.message).toBe('API key lacks required permission scope');
    const bare = await startDemoServer({ ...options, reads: false });
    try {
      const absent = await complianceCall(bare, 'key', 'GET', '/v1/tasks');
      expect(absent.status).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('says in the Tasks page options whether approval is on, never reading "options" as a task id', async () => {
    const r = await get('owner', '/v1/tasks/options');
    expect(r.json).toMatchObject({ evidenceApprovalEnabled: true, hasEvidenceExportAccess: true });
    expect((await get('otherOrgKey', '/v1/tasks/options')).json).toMatchObject({
      evidenceApprovalEnabled: false,
      organizationName: 'Acme Logistics',
    });
  });

  it('answers one task with its assignee, controls and approver', async () => {
    const r = await get('key', `/v1/tasks/${VENDORS}`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      id: VENDORS,
      status: 'in_review',
      previousStatus: 'in_progress',
      department: 'Vendor management',
      assignee: { id: MAYA },
      approver: { id: DANIEL, user: { name: 'Daniel Okafor' } },
    });
    const unknown = await get('key', '/v1/tasks/tsk_nope');
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('Task not found or access denied');
  });
});

describe('compliance tasks: changes', () => {
  const demo = withDemoServer(options);
  const patch = (id: string, body: unknown, who: Caller = 'key') =>
    complianceCall(demo.server, who, 'PATCH', `/v1/tasks/${id}`, body);

  it('takes each of the six statuses where approval is off, and clears a leftover approver', async () => {
    for (const status of ['todo', 'in_progress', 'in_review', 'failed', 'done', 'todo']) {
      const r = await patch(ACME_TASK, { status }, 'otherOrgKey');
      expect(r.status, status).toBe(200);
      expect(r.json.status).toBe(status);
      expect(r.json.approverId).toBeNull();
    }
    const r = await patch(
      ACME_TASK,
      { status: 'not_relevant', notRelevantJustification: 'No carriers this year.' },
      'otherOrgKey',
    );
    expect(r.json).toMatchObject({
      status: 'not_relevant',
      notRelevantJustification: 'No carriers this year.',
    });
  });

  it('keeps a justification only with not_relevant, and clears it on any other status', async () => {
    const alone = await patch(DISK, { notRelevantJustification: 'Ignored without a status' });
    expect(alone.json.notRelevantJustification).toBeNull();
    const marked = await patch(DISK, {
      status: 'not_relevant',
      notRelevantJustification: 'Laptops are leased with encryption enforced.',
    });
    expect(marked.json.notRelevantJustification).toBe(
      'Laptops are leased with encryption enforced.',
    );
    const back = await patch(DISK, { status: 'todo' });
    expect(back.json).toMatchObject({ status: 'todo', notRelevantJustification: null });
  });

  it('sets the next review date from the frequency on done, and when the frequency changes', async () => {
    const done = await patch(ACCESS_REVIEW, { status: 'done' });
    expect(done.status).toBe(200);
    expect(done.json.reviewDate).toBe('2027-02-28T00:00:00.000Z'); // quarterly
    const weekly = await patch(ACCESS_REVIEW, { frequency: 'weekly' });
    expect(weekly.json.reviewDate).toBe('2026-12-05T00:00:00.000Z');
    const chosen = await patch(ACCESS_REVIEW, { status: 'done', reviewDate: '2027-01-15' });
    expect(chosen.json.reviewDate).toBe('2027-01-15T00:00:00.000Z');
    // As checked on the real server: done counts from the frequency before the change; none is a year.
    const both = await patch(ACCESS_REVIEW, { status: 'done', frequency: 'monthly' });
    expect(both.json).toMatchObject({
      frequency: 'monthly',
      reviewDate: '2026-12-05T00:00:00.000Z',
    });
    const none = await patch(ACCESS_REVIEW, { frequency: null });
    expect(none.json).toMatchObject({ frequency: null, reviewDate: '2027-11-28T00:00:00.000Z' });
    const cleared = await patch(ACCESS_REVIEW, { reviewDate: null });
    expect(cleared.json.reviewDate).toBeNull();
    const wrong = await patch(ACCESS_REVIEW, { reviewDate: 'next Tuesday' });
    expect(wrong).toMatchObject({ status: 400, json: { message: 'reviewDate is invalid' } });
  });

  it('holds the approval locks where approval is on, with the service words', async () => {
    const inReview = await patch(VENDORS, { status: 'done' });
    expect(inReview.status).toBe(400);
    expect(inReview.json.message).toBe(
      'Cannot change status directly while task is in review. Use the approve or reject actions instead.',
    );
    expect((await patch(BACKUP, { approverId: DANIEL })).status).toBe(200);
    const withApprover = await patch(BACKUP, { status: 'done' });
    expect(withApprover.json.message).toBe(
      'Cannot mark task as done directly when an approver is assigned. Submit for review instead.',
    );
    expect((await patch(BACKUP, { status: 'failed' })).json.status).toBe('failed');
  });

  it('assigns, unassigns and refuses a non-member, writing the audit rows the service writes', async () => {
    const r = await patch(TABLETOP, { assigneeId: PRIYA });
    expect(r.json).toMatchObject({ assigneeId: PRIYA, assignee: { id: PRIYA } });
    expect((await patch(TABLETOP, { assigneeId: 'mem_a2ken8s3ty' })).json.message).toBe(
      'Assignee is not a member of this organization',
    );
    expect((await patch(TABLETOP, { assigneeId: null })).json.assigneeId).toBeNull();
    const log = await complianceCall(demo.server, 'key', 'GET', `/v1/tasks/${TABLETOP}/activity`);
    // The service's own rows, each followed by the audit interceptor's (newest first).
    expect(log.json.logs.map((l) => l.description)).toEqual([
      'Updated task [via API key]',
      'changed assignee from Priya Raman to unassigned',
      'Updated task [via API key]',
      'changed assignee from unassigned to Priya Raman',
    ]);
    expect(log.json.logs[2]!.data).toMatchObject({
      method: 'PATCH',
      changes: { assignee: { previous: 'Unassigned', current: `Priya Raman (${PRIYA})` } },
    });
    expect(log.json.total).toBe(4);
  });

  it('answers what the service lets through or refuses, in its words', async () => {
    expect(await patch(TRAINING, { status: 'canceled' })).toMatchObject({
      status: 500,
      json: { message: 'Failed to update task' },
    });
    expect((await patch(TRAINING, { department: '  ' })).json.message).toBe(
      'department must not be empty (use null to clear)',
    );
    expect((await patch(TRAINING, { department: 'x'.repeat(65) })).json.message).toBe(
      'department must be at most 64 characters',
    );
    // Unknown fields are ignored; a description must be text (the column is not nullable).
    const described = await patch(TRAINING, {
      description: 'Export the LMS report.',
      colour: 'red',
    });
    expect(described.status).toBe(200);
    expect(described.json).toMatchObject({ description: 'Export the LMS report.' });
    expect(described.json).not.toHaveProperty('colour');
    expect((await patch(TRAINING, { description: null })).status).toBe(500);
    expect((await patch(TRAINING, { department: ' Human resources ' })).json.department).toBe(
      'Human resources',
    );
    expect((await patch(TRAINING, { status: 'done' }, 'noScopeKey')).json.message).toBe(
      'API key lacks required permission scope',
    );
    expect((await patch(TRAINING, { status: 'done' }, 'employee')).json.message).toBe(
      'Access denied',
    );
  });
});

describe('compliance tasks: review actions', () => {
  const demo = withDemoServer(options);
  const act = (who: Caller, id: string, action: string, body: unknown = {}) =>
    complianceCall(demo.server, who, 'POST', `/v1/tasks/${id}/${action}`, body);

  it('needs a signed-in person: an API key has no user', async () => {
    const r = await act('key', TABLETOP, 'submit-for-review', { approverId: DANIEL });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe(
      'User ID is required. This operation requires an authenticated user session.',
    );
  });

  it('submits, refuses approval by anyone but the approver, and approves to done with the next review date', async () => {
    expect((await act('owner', TABLETOP, 'submit-for-review')).json.message).toBe(
      'approverId is required',
    );
    expect(
      (await act('owner', TABLETOP, 'submit-for-review', { approverId: TOM_DEACTIVATED })).json
        .message,
    ).toBe('Approver not found or is deactivated');
    const submitted = await act('owner', TABLETOP, 'submit-for-review', { approverId: DANIEL });
    expect(submitted.json).toMatchObject({
      status: 'in_review',
      previousStatus: 'todo',
      approverId: DANIEL,
      approver: { id: DANIEL },
    });
    expect(
      (await act('owner', TABLETOP, 'submit-for-review', { approverId: DANIEL })).json.message,
    ).toBe('Task is already in review');
    const notMine = await act('owner', TABLETOP, 'approve');
    expect(notMine).toMatchObject({
      status: 403,
      json: { message: 'Only the assigned approver can approve this task' },
    });
    const approved = await act('admin', TABLETOP, 'approve');
    expect(approved.json).toMatchObject({
      status: 'done',
      previousStatus: null,
      approvedAt: NOW.toISOString(),
    });
    expect(approved.json.reviewDate).toBe('2027-11-28T00:00:00.000Z'); // yearly
    expect((await act('admin', TABLETOP, 'approve')).json.message).toBe(
      'Task must be in review to approve',
    );
    expect(
      (await act('owner', TABLETOP, 'submit-for-review', { approverId: DANIEL })).json.message,
    ).toBe('Task is already done');
    const log = await complianceCall(demo.server, 'key', 'GET', `/v1/tasks/${TABLETOP}/activity`);
    expect(log.json.logs.map((l) => l.description)).toEqual([
      'Approved evidence',
      'approved evidence by Unknown',
      'Submitted evidence for review',
      'submitted evidence for review by Daniel Okafor',
    ]);
  });

  it('rejects back to the status before the review; an owner who is not the approver cancels it', async () => {
    const cancelled = await act('owner', VENDORS, 'reject');
    expect(cancelled.json).toMatchObject({
      status: 'in_progress',
      approverId: null,
      previousStatus: null,
    });
    expect((await act('owner', VENDORS, 'reject')).json.message).toBe(
      'Task must be in review to reject',
    );
    await act('owner', VENDORS, 'submit-for-review', { approverId: DANIEL });
    const rejected = await act('admin', VENDORS, 'reject');
    expect(rejected.json.status).toBe('in_progress');
    const log = await complianceCall(
      demo.server,
      'key',
      'GET',
      `/v1/tasks/${VENDORS}/activity?skip=1&take=2`,
    );
    expect(log.json.logs.map((l) => l.description)).toEqual([
      'rejected evidence by Maya Chen',
      'Submitted evidence for review',
    ]);
    expect(log.json.total).toBe(7);
    expect(log.json.logs[0]).toMatchObject({ entityType: 'task', user: { name: 'Daniel Okafor' } });
    expect((await act('employee', VENDORS, 'reject')).json.message).toBe('Access denied');
  });
});
