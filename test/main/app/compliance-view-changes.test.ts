import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ComplianceTaskView, ComplianceView } from '../../../common/compliance-view';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { whenOutboxEmpty, whenState } from '../../helpers/wait-for';

/**
 * The popup's compliance view (getCompliance, compliance:changed) shows the
 * person's changes still on their way over the kept tasks, and the last
 * refusal with the service's words, over the reference service on loopback.
 */

const gate = await keychainGate();
const MAYA = 'mem_n1maya7q2c';
const PRIYA = 'mem_n3pri9x1ma';
const BACKUP = 'tsk_n2backup4restore'; // overdue, Maya's
const ACCESS_REVIEW = 'tsk_n1access7review'; // in 3 days, Maya's
const VENDORS = 'tsk_n5vendor6assess'; // in review, Maya's

describe.skipIf(gate.skip)('compliance view: changes on their way', () => {
  const tempDir = useTempDirs('task-tray-compliance-view-');
  const service = uniqueTestService();
  let server: DemoServer;
  const harnesses: CoreHarness[] = [];

  beforeEach(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
    server.faults.onlyFor = /^PATCH /;
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
    await server.close();
  });
  afterAll(() => removeTestService(service));

  const lastView = (h: CoreHarness): ComplianceView | undefined =>
    h.events.filter((e) => e.event === 'compliance:changed').at(-1)?.payload as
      ComplianceView | undefined;
  const taskIn = (h: CoreHarness, id: string): ComplianceTaskView | undefined =>
    lastView(h)?.tasks.find((t) => t.id === id);

  /** Maya's popup with her list read, and changes backing off a minute when they fail. */
  const maya = async () => {
    const h = createCoreHarness(await tempDir(), service, {
      outbox: { backoff: { baseMs: 60_000, maxMs: 60_000 } },
    });
    harnesses.push(h);
    await h.core.start();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    unwrap(await h.call('setMe', { memberId: MAYA }));
    unwrap(await h.call('getCompliance'));
    await whenState(h.core, () => (lastView(h)?.tasks.length ?? 0) === 3);
    return h;
  };

  it('a change offline shows at once as queued, in its new place, then lands', async () => {
    const h = await maya();
    expect(taskIn(h, ACCESS_REVIEW)).toMatchObject({ status: 'todo', sync: 'idle', error: null });
    server.faults.dropNext(1);
    const answer = unwrap(
      await h.call('updateComplianceTask', { taskId: ACCESS_REVIEW, patch: { status: 'done' } }),
    );
    expect(answer.outcome).toBe('queued');
    await whenState(h.core, () => taskIn(h, ACCESS_REVIEW)?.sync === 'queued');
    // Shown done at once, and so listed last (done comes after what is still to do).
    expect(taskIn(h, ACCESS_REVIEW)?.status).toBe('done');
    expect(lastView(h)?.tasks.at(-1)?.id).toBe(ACCESS_REVIEW);
    const fresh = unwrap(await h.call('getCompliance'));
    expect(fresh.tasks.find((t) => t.id === ACCESS_REVIEW)).toMatchObject({
      status: 'done',
      sync: 'queued',
    });

    unwrap(await h.call('retrySync'));
    await whenOutboxEmpty(h.core);
    await whenState(h.core, () => taskIn(h, ACCESS_REVIEW)?.sync === 'idle');
    expect(taskIn(h, ACCESS_REVIEW)?.status).toBe('done');
    // The service's next review date, not the one it had.
    expect(taskIn(h, ACCESS_REVIEW)?.reviewDate).not.toBe(fresh.tasks[0]?.reviewDate);
  });

  it('a change handing the task to someone else takes it out of my list while it waits', async () => {
    const h = await maya();
    const others = lastView(h)!.others;
    server.faults.dropNext(1);
    unwrap(await h.call('updateComplianceTask', { taskId: BACKUP, patch: { assigneeId: PRIYA } }));
    await whenState(h.core, () => taskIn(h, BACKUP) === undefined);
    expect(lastView(h)?.others).toBe(others + 1);
  });

  it('a refusal rolls the task back and keeps the service’s words until the next change', async () => {
    const h = await maya();
    const answer = unwrap(
      await h.call('updateComplianceTask', { taskId: VENDORS, patch: { status: 'done' } }),
    );
    expect(answer.outcome).toBe('refused');
    await whenState(h.core, () => taskIn(h, VENDORS)?.sync === 'failed');
    const shown = taskIn(h, VENDORS)!;
    expect(shown.status).toBe('in_review');
    expect(shown.error?.message).toMatch(/Cannot change status directly while task is in review/);
    // An API key is no approver: nothing to offer instead.
    expect(shown.offer).toEqual([]);

    unwrap(await h.call('updateComplianceTask', { taskId: VENDORS, patch: { title: 'Vendors' } }));
    await whenState(h.core, () => taskIn(h, VENDORS)?.title === 'Vendors');
    expect(taskIn(h, VENDORS)).toMatchObject({ sync: 'idle', error: null });
  });
});
