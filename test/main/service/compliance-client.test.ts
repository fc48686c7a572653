import { describe, expect, it } from 'vitest';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createComplianceClient } from '../../../main/service/compliance-client';
import { complianceRefusal } from '../../../main/service/compliance-errors';
import type { ServiceAuth } from '../../../main/service/request-validation';
import { withDemoServer } from '../../helpers/demo';

/**
 * The client for compliance tasks over the reference service (real loopback
 * HTTP): what it sends, what it makes of the answers, and the service's
 * refusals in its own words, with "not available" where the routes are absent
 * or closed, so the app can keep to task items.
 */

const NOW = new Date('2026-11-28T15:00:00.000Z');
const options = { rateLimit: false as const, clock: () => NOW };
const ACCESS_REVIEW = 'tsk_n1access7review';
const TABLETOP = 'tsk_n4tabletop2exercise';
const VENDORS = 'tsk_n5vendor6assess';
const DISK = 'tsk_n7disk3encryption';
const DANIEL = 'mem_n2dan4k8ro';
const PRIYA = 'mem_n3pri9x1ma';

type Who = 'key' | 'noScope' | 'owner' | 'admin' | 'employee';
const auth = (server: DemoServer, who: Who): ServiceAuth => {
  const organizationId = server.organizations[0]!.id;
  if (who === 'key') return { kind: 'api-key', apiKey: server.keys.full };
  if (who === 'noScope') return { kind: 'api-key', apiKey: server.keys.noScope };
  const cookie =
    who === 'owner'
      ? server.session.cookie
      : who === 'admin'
        ? server.otherSessions.admin
        : server.otherSessions.employee;
  return { kind: 'session', cookie, organizationId };
};
const clientOf = (server: DemoServer, who: Who = 'key') =>
  createComplianceClient({ baseUrl: server.baseUrl, auth: auth(server, who), fetch });

const value = <T>(r: { ok: boolean; value?: T; error?: unknown }): T => {
  if (!r.ok) throw new Error(`Expected success, got ${JSON.stringify(r.error)}`);
  return r.value as T;
};

describe('compliance client: reading', () => {
  const demo = withDemoServer(options);

  it('lists every compliance task in one request, with schedule, assignee and controls', async () => {
    const before = demo.server.requestCount();
    const { tasks } = value(await clientOf(demo.server).list());
    expect(demo.server.requestCount() - before).toBe(1);
    expect(demo.server.requests().at(-1)?.url).toBe('/v1/tasks?includeRelations=true');
    expect(tasks).toHaveLength(7);
    const access = tasks.find((t) => t.id === ACCESS_REVIEW)!;
    expect(access).toMatchObject({
      title: 'Access review',
      status: 'todo',
      frequency: 'quarterly',
      department: 'it',
      assigneeId: 'mem_n1maya7q2c',
      approverId: null,
      controls: [{ id: 'ctl_n1access0ctl', name: 'Logical access reviews' }],
      warnings: [],
    });
    expect(Date.parse(access.reviewDate!)).toBe(NOW.getTime() + 3 * 86_400_000);
    expect(new Set(tasks.map((t) => t.status))).toEqual(
      new Set(['todo', 'in_progress', 'in_review', 'done', 'not_relevant', 'failed']),
    );
  });

  it('tells whether the organization uses evidence approval', async () => {
    expect(value(await clientOf(demo.server).options())).toEqual({ evidenceApprovalEnabled: true });
    const acme = createComplianceClient({
      baseUrl: demo.server.baseUrl,
      auth: { kind: 'api-key', apiKey: demo.server.keys.otherOrg },
      fetch,
    });
    expect(value(await acme.options())).toEqual({ evidenceApprovalEnabled: false });
  });

  it('gets one task and its activity, newest first', async () => {
    const task = value(await clientOf(demo.server).get(VENDORS));
    expect(task).toMatchObject({
      status: 'in_review',
      approverId: DANIEL,
      previousStatus: 'in_progress',
    });
    const page = value(await clientOf(demo.server).activity(VENDORS, { take: 5 }));
    expect(page.logs[0]).toMatchObject({
      description: 'submitted evidence for review by Daniel Okafor',
      user: { name: 'Maya Chen' },
      data: { action: 'review' },
    });
    expect(page.total).toBe(1);
  });

  it('says "not available" where the routes are absent, or closed to the key or the role', async () => {
    const bare = await startDemoServer({ ...options, reads: false });
    try {
      const absent = await clientOf(bare).list();
      expect(absent.ok || absent.error).toMatchObject({ unavailable: 'absent', kind: 'not_found' });
    } finally {
      await bare.close();
    }
    const noScope = await clientOf(demo.server, 'noScope').list();
    expect(noScope.ok || noScope.error).toMatchObject({ unavailable: 'not_permitted' });
    expect(noScope.ok || noScope.error.message).toMatch(
      /task:read scope.*Task items work as before/,
    );
    const employee = await clientOf(demo.server, 'employee').list();
    expect(employee.ok || employee.error).toMatchObject({
      unavailable: 'not_permitted',
      kind: 'forbidden',
    });
  });

  it('refuses a bad id before anything is sent', async () => {
    const before = demo.server.requestCount();
    for (const id of ['tski_abc', 'tsk_../../v1/organization', 'tsk_' + 'a'.repeat(65), '']) {
      const r = await clientOf(demo.server).get(id);
      expect(r.ok || r.error.kind).toBe('bad_input');
    }
    expect(demo.server.requestCount()).toBe(before);
  });
});

describe('compliance client: changes', () => {
  const demo = withDemoServer(options);
  const client = () => clientOf(demo.server);

  it('sends a PATCH with only the fields given, and shows the next review date on done', async () => {
    const done = value(await client().patch(ACCESS_REVIEW, { status: 'done' }));
    expect(done).toMatchObject({ status: 'done', reviewDate: '2027-02-28T00:00:00.000Z' });
    expect(demo.server.requests().at(-1)).toMatchObject({
      method: 'PATCH',
      url: `/v1/tasks/${ACCESS_REVIEW}`,
    });
  });

  it('marks a task not relevant with its justification, and asks for one', async () => {
    const marked = value(
      await client().patch(DISK, {
        status: 'not_relevant',
        notRelevantJustification: 'Leased laptops.',
      }),
    );
    expect(marked.notRelevantJustification).toBe('Leased laptops.');
    const without = await client().patch(DISK, { status: 'not_relevant' });
    expect(without.ok || without.error.message).toBe(
      'Marking a task not relevant needs a justification.',
    );
    const alone = await client().patch(DISK, { notRelevantJustification: 'Why' });
    expect(alone.ok || alone.error.message).toBe(
      'A justification goes with the status not_relevant.',
    );
  });

  it('refuses bodies the service would ignore, empty or turn into a 500, before sending', async () => {
    const before = demo.server.requestCount();
    const refusals = [
      [{ colour: 'red' }, /Only title, description, status/],
      [{ description: null }, /description/],
      [{}, /nothing to change/],
      [{ title: '   ' }, /title must not be empty/i],
      [{ status: 'canceled' }, /status/],
      [{ reviewDate: 'next Tuesday' }, /reviewDate: not a date/],
      [{ department: 'x'.repeat(65) }, /at most 64/],
      [{ assigneeId: '' }, /assigneeId/],
    ] as const;
    for (const [patch, words] of refusals) {
      const r = await client().patch(TABLETOP, patch as never);
      expect(r.ok || r.error.kind, JSON.stringify(patch)).toBe('bad_input');
      expect(r.ok || r.error.message).toMatch(words);
    }
    expect(demo.server.requestCount()).toBe(before);
  });

  it('changes the frequency, which moves the next review date', async () => {
    const r = value(await client().patch(ACCESS_REVIEW, { frequency: 'monthly' }));
    expect(r).toMatchObject({ frequency: 'monthly', reviewDate: '2026-12-28T00:00:00.000Z' });
    expect(value(await client().patch(ACCESS_REVIEW, { frequency: null })).frequency).toBeNull();
  });

  it('changes the title and the description', async () => {
    const r = value(
      await client().patch(TABLETOP, {
        title: 'Tabletop exercise',
        description: 'Run it with IT.',
      }),
    );
    expect(r).toMatchObject({ title: 'Tabletop exercise', description: 'Run it with IT.' });
  });

  it('assigns and unassigns, and reports a non-member in the service words', async () => {
    expect(value(await client().patch(TABLETOP, { assigneeId: PRIYA })).assigneeId).toBe(PRIYA);
    expect(value(await client().patch(TABLETOP, { assigneeId: null })).assigneeId).toBeNull();
    const r = await client().patch(TABLETOP, { assigneeId: 'mem_a2ken8s3ty' });
    expect(r.ok || r.error).toMatchObject({
      kind: 'invalid',
      message: 'The service refused this change: Assignee is not a member of this organization.',
    });
  });

  it('names the approval locks so the app can offer the right action', async () => {
    const locked = await client().patch(VENDORS, { status: 'todo' });
    expect(locked.ok || locked.error.message).toBe(
      'The service refused this change: Cannot change status directly while task is in review. Use the approve or reject actions instead.',
    );
    expect(locked.ok || complianceRefusal(locked.error)).toBe('in_review');
    value(await client().patch(DISK, { approverId: DANIEL }));
    const needsReview = await client().patch(DISK, { status: 'done' });
    expect(needsReview.ok || complianceRefusal(needsReview.error)).toBe('needs_review');
  });
});

describe('compliance client: review', () => {
  const demo = withDemoServer(options);

  it('submits for review and approves as a signed-in person; a key is told it needs one', async () => {
    const byKey = await clientOf(demo.server).submitForReview(TABLETOP, DANIEL);
    expect(byKey.ok || complianceRefusal(byKey.error)).toBe('needs_session');
    const submitted = value(await clientOf(demo.server, 'owner').submitForReview(TABLETOP, DANIEL));
    expect(submitted).toMatchObject({ status: 'in_review', approverId: DANIEL });
    const notMine = await clientOf(demo.server, 'owner').approve(TABLETOP);
    expect(notMine.ok || notMine.error).toMatchObject({
      kind: 'forbidden',
      message: 'The service refused this: Only the assigned approver can approve this task.',
    });
    expect(notMine.ok || notMine.error).not.toHaveProperty('unavailable');
    expect(notMine.ok || complianceRefusal(notMine.error)).toBe('not_approver');
    const approved = value(await clientOf(demo.server, 'admin').approve(TABLETOP));
    expect(approved).toMatchObject({ status: 'done', reviewDate: '2027-11-28T00:00:00.000Z' });
  });

  it('rejects back to the status before the review', async () => {
    const rejected = value(await clientOf(demo.server, 'admin').reject(VENDORS));
    expect(rejected).toMatchObject({ status: 'in_progress', approverId: null });
    const bad = await clientOf(demo.server, 'owner').submitForReview(VENDORS, 'Daniel');
    expect(bad.ok || bad.error.kind).toBe('bad_input');
  });
});
