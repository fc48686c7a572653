import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ComplianceTask } from '../../../common/compliance-task';
import { ok } from '../../../common/result';
import { nextReviewDate } from '../../../main/demo/compliance-rules';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { complianceCall } from '../../helpers/compliance-calls';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { observedFetch } from '../../helpers/observed-fetch';
import type { ObservedFetch } from '../../helpers/observed-fetch';
import { failure, unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { whenOutboxEmpty } from '../../helpers/wait-for';

/**
 * Compliance tasks (`tsk_…`) changed through the app's outbox, as the popup
 * and the tray change them, over the reference service on loopback: each
 * rule of PATCH /v1/tasks/{id} the person would notice, offline and after a
 * restart, and the reviews, which go at once and need a web session.
 */

const gate = await keychainGate();

const ACCESS_REVIEW = 'tsk_n1access7review'; // todo, quarterly, Maya's
const TABLETOP = 'tsk_n4tabletop2exercise'; // todo, yearly, nobody's
const VENDORS = 'tsk_n5vendor6assess'; // in review, Daniel approves
const PRIYA = 'mem_n3pri9x1ma';
const DANIEL = 'mem_n2dan4k8ro';

describe.skipIf(gate.skip)('compliance task changes, through the outbox', () => {
  const tempDir = useTempDirs('task-tray-compliance-');
  const service = uniqueTestService();
  let server: DemoServer;
  const harnesses: CoreHarness[] = [];
  /** What the kept list was handed, per task: the service's answers. */
  let kept: Map<string, ComplianceTask>;
  let wire: ObservedFetch;

  beforeEach(async () => {
    gate.assertAvailable();
    // A service of its own per test: the compliance tasks' states are what each test is about.
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
    server.faults.onlyFor = /^PATCH /;
    kept = new Map();
    wire = observedFetch();
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
    await server.close();
  });
  afterAll(() => removeTestService(service));

  const start = async (dir?: string, extra = {}) => {
    const h = createCoreHarness(dir ?? (await tempDir()), service, {
      fetch: wire.fetch,
      complianceKept: { put: (_profileId, task) => void kept.set(task.id, task) },
      outbox: { backoff: { baseMs: 20, maxMs: 100 } },
      ...extra,
    });
    harnesses.push(h);
    await h.core.start();
    return h;
  };
  const withKey = async (dir?: string, extra = {}) => {
    const h = await start(dir, extra);
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    return h;
  };
  /** Signed in with the web app's session of Maya (owner) or Daniel (admin, an approver). */
  const withSession = async (who: 'maya' | 'daniel') => {
    const cookie = who === 'maya' ? server.session.cookie : server.otherSessions.admin;
    const h = await start(undefined, {
      signInWithBrowser: async () => ok({ cookie, organizationId: server.session.organizationId }),
      confirm: async () => true,
    });
    unwrap(
      await h.call('setSettings', {
        signInUrl: 'https://app.example.com/',
        serviceUrl: server.baseUrl,
      }),
    );
    unwrap(await h.call('signInWithSession'));
    return h;
  };
  /** The task as the service holds it now. */
  const onServer = async (id: string) =>
    (await complianceCall(server, 'key', 'GET', `/v1/tasks/${id}`)).json;
  const patches = () => wire.requests.filter((r) => r.method === 'PATCH');

  it('sets each of the six statuses with PATCH, and the kept task follows each answer', async () => {
    const h = await withKey();
    // in_review last: with evidence approval on, a task in review changes only by a review.
    for (const status of [
      'in_progress',
      'failed',
      'done',
      'todo',
      'not_relevant',
      'in_review',
    ] as const) {
      const patch =
        status === 'not_relevant'
          ? { status, notRelevantJustification: 'Run by the parent company.' }
          : { status };
      const answer = unwrap(await h.call('updateComplianceTask', { taskId: TABLETOP, patch }));
      expect(answer).toMatchObject({ outcome: 'landed', task: { id: TABLETOP, status } });
      expect(answer.change).toMatchObject({ pendingPatch: null, error: null });
      expect((await onServer(TABLETOP)).status).toBe(status);
      expect(kept.get(TABLETOP)?.status).toBe(status);
    }
    expect(patches()).toHaveLength(6);
    expect(patches().every((r) => r.url.endsWith(`/v1/tasks/${TABLETOP}`))).toBe(true);
    expect(wire.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('keeps a not-relevant justification, and refuses not relevant without one before queuing', async () => {
    const h = await withKey();
    const e = failure(
      await h.call('updateComplianceTask', {
        taskId: ACCESS_REVIEW,
        patch: { status: 'not_relevant' },
      }),
    );
    expect(e).toMatchObject({ kind: 'bad_input' });
    expect(e.message).toMatch(/not relevant needs a justification/);
    expect(patches()).toHaveLength(0);
    expect(unwrap(await h.call('getConnection')).pendingChanges).toBe(0);

    const why = 'Production access is reviewed by the hosting provider.';
    const answer = unwrap(
      await h.call('updateComplianceTask', {
        taskId: ACCESS_REVIEW,
        patch: { status: 'not_relevant', notRelevantJustification: why },
      }),
    );
    expect(answer.task).toMatchObject({ status: 'not_relevant', notRelevantJustification: why });
    expect(await onServer(ACCESS_REVIEW)).toMatchObject({ notRelevantJustification: why });
    // Another status clears it, on the service and in what is kept.
    unwrap(
      await h.call('updateComplianceTask', { taskId: ACCESS_REVIEW, patch: { status: 'todo' } }),
    );
    expect(kept.get(ACCESS_REVIEW)?.notRelevantJustification).toBeNull();
  });

  it('done: the kept task carries the next review date the service answered', async () => {
    const h = await withKey();
    const before =
      kept.get(ACCESS_REVIEW)?.reviewDate ?? (await onServer(ACCESS_REVIEW)).reviewDate;
    const answer = unwrap(
      await h.call('updateComplianceTask', { taskId: ACCESS_REVIEW, patch: { status: 'done' } }),
    );
    const next = kept.get(ACCESS_REVIEW)!;
    expect(next.status).toBe('done');
    expect(next.reviewDate).toBe(answer.task!.reviewDate);
    expect(next.reviewDate).not.toBe(before);
    // Quarterly: the service's next review, three months from today.
    expect(next.reviewDate).toBe(nextReviewDate('quarterly', new Date()));
  });

  it('assigns a compliance task to another person, and unassigns it', async () => {
    const h = await withKey();
    const answer = unwrap(
      await h.call('updateComplianceTask', {
        taskId: ACCESS_REVIEW,
        patch: { assigneeId: PRIYA },
      }),
    );
    expect(answer.task?.assigneeId).toBe(PRIYA);
    expect((await onServer(ACCESS_REVIEW)).assigneeId).toBe(PRIYA);
    unwrap(
      await h.call('updateComplianceTask', { taskId: ACCESS_REVIEW, patch: { assigneeId: null } }),
    );
    expect(kept.get(ACCESS_REVIEW)?.assigneeId).toBeNull();
  });

  it('offline: the change waits, shown as queued, and lands when the network is back', async () => {
    const h = await withKey(undefined, { outbox: { backoff: { baseMs: 60_000, maxMs: 60_000 } } });
    server.faults.dropNext(1);
    const answer = unwrap(
      await h.call('updateComplianceTask', { taskId: ACCESS_REVIEW, patch: { status: 'done' } }),
    );
    expect(answer).toMatchObject({
      outcome: 'queued',
      change: { pendingPatch: { status: 'done' }, pending: 'queued' },
    });
    expect(unwrap(await h.call('getConnection'))).toMatchObject({
      state: 'offline',
      pendingChanges: 1,
    });
    expect((await onServer(ACCESS_REVIEW)).status).toBe('todo');
    unwrap(await h.call('retrySync'));
    await whenOutboxEmpty(h.core);
    expect((await onServer(ACCESS_REVIEW)).status).toBe('done');
    expect(kept.get(ACCESS_REVIEW)?.status).toBe('done');
  });

  it('a change waiting when the app quits is kept in outbox.json and lands after a restart', async () => {
    const dir = await tempDir();
    const h = await withKey(dir, { outbox: { backoff: { baseMs: 60_000, maxMs: 60_000 } } });
    server.faults.dropNext(1);
    unwrap(
      await h.call('updateComplianceTask', {
        taskId: TABLETOP,
        patch: { assigneeId: PRIYA, title: 'Incident response tabletop (Q1)' },
      }),
    );
    await h.core.dispose();
    harnesses.splice(harnesses.indexOf(h), 1);
    const file = await readFile(join(dir, 'outbox.json'), 'utf8');
    expect(file).toContain(TABLETOP);
    expect(file).not.toContain(server.keys.full);

    const again = await start(dir);
    await whenOutboxEmpty(again.core);
    expect(await onServer(TABLETOP)).toMatchObject({
      assigneeId: PRIYA,
      title: 'Incident response tabletop (Q1)',
    });
    expect(kept.get(TABLETOP)?.assigneeId).toBe(PRIYA);
  });

  it('two quick changes to one task go out as one PATCH, merged per field', async () => {
    const h = await withKey();
    const [first, second] = await Promise.all([
      h.call('updateComplianceTask', { taskId: ACCESS_REVIEW, patch: { status: 'in_progress' } }),
      h.call('updateComplianceTask', {
        taskId: ACCESS_REVIEW,
        patch: { title: 'Access review Q4' },
      }),
    ]);
    expect(unwrap(first).outcome).toBe('landed');
    expect(unwrap(second).outcome).toBe('landed');
    expect(patches()).toHaveLength(1);
    expect(JSON.parse(patches()[0]!.body!)).toEqual({
      status: 'in_progress',
      title: 'Access review Q4',
    });
    expect(await onServer(ACCESS_REVIEW)).toMatchObject({
      status: 'in_progress',
      title: 'Access review Q4',
    });
  });

  it('a refusal rolls back with the service’s words', async () => {
    const h = await withKey();
    const answer = unwrap(
      await h.call('updateComplianceTask', {
        taskId: ACCESS_REVIEW,
        patch: { assigneeId: 'mem_notamember0' },
      }),
    );
    expect(answer.outcome).toBe('refused');
    expect(answer.change.pendingPatch).toBeNull();
    expect(answer.change.error?.message).toMatch(/Assignee is not a member of this organization/);
    expect(answer.offer).toEqual([]);
    expect((await onServer(ACCESS_REVIEW)).assigneeId).toBe('mem_n1maya7q2c');
    // The next change is the person's new word: the refusal is read.
    const next = unwrap(
      await h.call('updateComplianceTask', { taskId: ACCESS_REVIEW, patch: { title: 'Access' } }),
    );
    expect(next.change.error).toBeNull();
  });

  it('a task in review refuses a status change; its approver is offered approve or reject', async () => {
    const key = await withKey();
    const refused = unwrap(
      await key.call('updateComplianceTask', { taskId: VENDORS, patch: { status: 'done' } }),
    );
    expect(refused).toMatchObject({ outcome: 'refused', change: { refusal: 'in_review' } });
    expect(refused.change.error?.message).toMatch(
      /Cannot change status directly while task is in review\. Use the approve or reject actions instead\./,
    );
    // Rolled back to the service's truth, read again: still in review, Daniel approves.
    expect(refused.task).toMatchObject({ status: 'in_review', approverId: DANIEL });
    expect(kept.get(VENDORS)?.status).toBe('in_review');
    // An API key is nobody in particular: nothing to offer.
    expect(refused.offer).toEqual([]);
    await key.core.dispose();
    harnesses.splice(harnesses.indexOf(key), 1);

    const daniel = await withSession('daniel');
    const his = unwrap(
      await daniel.call('updateComplianceTask', { taskId: VENDORS, patch: { status: 'todo' } }),
    );
    expect(his.outcome).toBe('refused');
    expect(his.offer).toEqual(['approve', 'reject']);
  });

  it('submits for review, approves and rejects with a web session, in the service’s words when refused', async () => {
    const maya = await withSession('maya');
    const submitted = unwrap(
      await maya.call('submitForReview', { taskId: TABLETOP, approverId: DANIEL }),
    );
    expect(submitted).toMatchObject({ status: 'in_review', approverId: DANIEL });
    expect(kept.get(TABLETOP)?.status).toBe('in_review');
    // Maya is not the approver.
    const notHers = failure(await maya.call('approveTask', { taskId: TABLETOP }));
    expect(notHers.message).toMatch(/Only the assigned approver can approve this task/);
    await maya.core.dispose();
    harnesses.splice(harnesses.indexOf(maya), 1);

    const daniel = await withSession('daniel');
    const approved = unwrap(await daniel.call('approveTask', { taskId: TABLETOP }));
    expect(approved.status).toBe('done');
    expect(approved.reviewDate).toBe(nextReviewDate('yearly', new Date()));
    expect(kept.get(TABLETOP)).toMatchObject({ status: 'done', reviewDate: approved.reviewDate });
    const rejected = unwrap(await daniel.call('rejectTask', { taskId: VENDORS }));
    // Back to where it was before review.
    expect(rejected).toMatchObject({ status: 'in_progress', approverId: null });
    expect((await onServer(VENDORS)).status).toBe('in_progress');
  });

  it('an API key cannot review: the refusal says to sign in with the web app', async () => {
    const h = await withKey();
    for (const [method, input] of [
      ['submitForReview', { taskId: TABLETOP, approverId: DANIEL }],
      ['approveTask', { taskId: VENDORS }],
      ['rejectTask', { taskId: VENDORS }],
    ] as const) {
      const e = failure(await h.call(method, input as never));
      expect(e.message).toMatch(/needs you signed in with the web app's session/);
      expect(e.message).toMatch(/Sign in with the web app/);
    }
    expect((await onServer(VENDORS)).status).toBe('in_review');
    expect((await onServer(TABLETOP)).status).toBe('todo');
  });

  it('the tray’s change takes the same path: words for not relevant without a justification', async () => {
    const h = await withKey();
    const refused = await h.core.changeCompliance(TABLETOP, {
      kind: 'status',
      status: 'not_relevant',
    });
    expect(failure(refused).message).toMatch(/not relevant needs a justification/);
    expect(patches()).toHaveLength(0);
    const done = unwrap(
      await h.core.changeCompliance(TABLETOP, {
        kind: 'status',
        status: 'not_relevant',
        justification: 'Covered by the group exercise.',
      }),
    );
    expect(done.task).toMatchObject({
      status: 'not_relevant',
      notRelevantJustification: 'Covered by the group exercise.',
    });
  });

  it('a review waits for a change of the same task still on its way, and says so', async () => {
    const h = await withSession('maya');
    server.faults.dropNext(1);
    const queued = unwrap(
      await h.call('updateComplianceTask', { taskId: TABLETOP, patch: { title: 'Tabletop' } }),
    );
    expect(queued.outcome).toBe('queued');
    const e = failure(await h.call('submitForReview', { taskId: TABLETOP, approverId: DANIEL }));
    expect(e.message).toMatch(/waits until your change to this task has reached the service/);
    expect((await onServer(TABLETOP)).status).toBe('todo');
  });

  it('an answer that comes after the person switched accounts is not shown on the other one', async () => {
    const h = await withKey();
    const first = unwrap(await h.call('getAccount'));
    unwrap(
      await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.colleague }),
    );
    const firstId = first.state === 'connected' ? first.profile.id : '';
    const second = unwrap(await h.call('getAccount'));
    unwrap(await h.call('switchProfile', { profileId: firstId }));
    server.faults.latencyMs = 300;
    const late = h.call('updateComplianceTask', { taskId: TABLETOP, patch: { status: 'failed' } });
    await new Promise((r) => setTimeout(r, 50));
    unwrap(
      await h.call('switchProfile', {
        profileId: second.state === 'connected' ? second.profile.id : '',
      }),
    );
    expect(failure(await late).message).toMatch(
      /account shown changed before the service answered/,
    );
    // The change still went out, with the credentials of the account that made it.
    server.faults.latencyMs = 0;
    expect((await onServer(TABLETOP)).status).toBe('failed');
    expect(patches().at(-1)?.apiKey).toBe(server.keys.full);
  });
});
