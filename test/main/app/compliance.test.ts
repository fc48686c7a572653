import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ComplianceView } from '../../../common/compliance-view';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createScheduler } from '../../../main/scheduler/scheduler';
import type { Scheduler } from '../../../main/scheduler/scheduler';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { whenState } from '../../helpers/wait-for';

const gate = await keychainGate();
const MAYA = 'mem_n1maya7q2c';
/** Maya's compliance tasks in the demo, in the order to do them: overdue, in 3 days, in 10 days. */
const MAYAS = ['tsk_n2backup4restore', 'tsk_n1access7review', 'tsk_n5vendor6assess'];

/** The popup's compliance view through IPC, over the reference service on loopback. */
describe.skipIf(gate.skip)('compliance tasks in the popup (getCompliance)', () => {
  const service = uniqueTestService();
  const tempDir = useTempDirs('task-tray-compliance-app-');
  const harnesses: CoreHarness[] = [];
  let server: DemoServer;

  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ rateLimit: false });
  });
  afterEach(async () => {
    server.faults.reset();
    for (const h of harnesses.splice(0)) await h.core.dispose();
    for (const s of schedulers.splice(0)) s.dispose();
  });
  afterAll(async () => {
    await server.close();
    await removeTestService(service);
  });

  /** Main's clock, moved on by the test: a popup opened again "later" without waiting. */
  let later = 0;
  const schedulers: Scheduler[] = [];
  const start = async (dir: string, timeoutMs?: number) => {
    const real = createScheduler();
    schedulers.push(real);
    const h = createCoreHarness(dir, service, {
      scheduler: { ...real, now: () => real.now() + later },
      ...(timeoutMs ? { timeoutMs } : {}),
    });
    harnesses.push(h);
    await h.core.start();
    return h;
  };
  const connect = async (dir: string) => {
    const h = await start(dir);
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    return h;
  };
  const lastView = (h: CoreHarness): ComplianceView | undefined =>
    h.events.filter((e) => e.event === 'compliance:changed').at(-1)?.payload as
      ComplianceView | undefined;
  const listReads = () =>
    server.requests().filter((r) => r.url.startsWith('/v1/tasks?includeRelations=true')).length;

  it("answers the person's own tasks, overdue first, with how many are others'", async () => {
    const h = await connect(await tempDir());
    unwrap(await h.call('setMe', { memberId: MAYA }));
    unwrap(await h.call('getCompliance'));
    await whenState(h.core, () => (lastView(h)?.tasks.length ?? 0) > 0);
    const view = unwrap(await h.call('getCompliance'));
    expect(view.tasks.map((t) => t.id)).toEqual(MAYAS);
    expect(view.others).toBe(4);
    expect(view.availability).toBe('ok');
    expect(view.approvalEnabled).toBe(true);
    expect(view.note).toBeNull();
    const org = server.organizations[0]!.id;
    const signIn = new URL(unwrap(await h.call('getSettings')).signInUrl).origin;
    expect(view.tasks[0]!.webUrl).toBe(`${signIn}/${org}/tasks/tsk_n2backup4restore`);
    expect(lastView(h)).toEqual(view);
  });

  it('the popup opening reads the list again: one request, and a change elsewhere shows', async () => {
    const h = await connect(await tempDir());
    unwrap(await h.call('setMe', { memberId: MAYA }));
    unwrap(await h.call('refreshTasks'));
    const before = listReads();
    const r = await fetch(`${server.baseUrl}/v1/tasks/tsk_n1access7review`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-api-key': server.keys.colleague },
      body: JSON.stringify({ assigneeId: null }),
    });
    expect(r.status).toBe(200);
    // The popup opened again a minute later (a read just made answers for a few seconds).
    later += 60_000;
    unwrap(await h.call('refreshTasks'));
    expect(listReads()).toBe(before + 1);
    expect(lastView(h)?.tasks.map((t) => t.id)).toEqual([MAYAS[0], MAYAS[2]]);
    expect(lastView(h)?.others).toBe(5);
    await fetch(`${server.baseUrl}/v1/tasks/tsk_n1access7review`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-api-key': server.keys.colleague },
      body: JSON.stringify({ assigneeId: MAYA }),
    });
  });

  it('shows what was kept at once after a restart', async () => {
    const dir = await tempDir();
    const h = await connect(dir);
    unwrap(await h.call('setMe', { memberId: MAYA }));
    unwrap(await h.call('refreshTasks'));
    const before = unwrap(await h.call('getCompliance'));
    expect(before.tasks).toHaveLength(3);
    await h.core.dispose();
    harnesses.splice(harnesses.indexOf(h), 1);

    const again = await start(dir);
    const kept = unwrap(await again.call('getCompliance'));
    expect(kept.tasks.map((t) => t.id)).toEqual(MAYAS);
    expect(kept.readAt).toBe(before.readAt);
  });

  it('shows what was kept after a restart while the service is slow to say who is who', async () => {
    const dir = await tempDir();
    const h = await connect(dir);
    unwrap(await h.call('setMe', { memberId: MAYA }));
    unwrap(await h.call('refreshTasks'));
    await h.core.dispose();
    harnesses.splice(harnesses.indexOf(h), 1);

    // The people (checking the kept choice) and the list answer only after the test is over.
    server.faults.latencyMs = 60_000;
    const again = await start(dir, 60_000);
    // Answered without the people's answer (a minute away, past the test's time): from the kept choice.
    const kept = unwrap(await again.call('getCompliance'));
    expect(kept.tasks.map((t) => t.id)).toEqual(MAYAS);
  });

  it('a service without compliance tasks: said once, task items work, not asked again', async () => {
    const h = await connect(await tempDir());
    server.faults.onlyFor = /^GET \/v1\/tasks/;
    server.faults.failNext(404, 100);
    const before = server.requests().length;
    unwrap(await h.call('getCompliance'));
    await whenState(h.core, () => lastView(h)?.availability === 'absent');
    expect(lastView(h)?.note).toBe(
      "Compliance tasks aren't available from this service — showing task items only",
    );
    const taskId = server.taskIds(server.organizations[0]!.id)[0]!;
    unwrap(await h.call('pinTask', { ref: taskId }));
    for (let i = 0; i < 3; i++) unwrap(await h.call('refreshTasks'));
    expect(unwrap(await h.call('listTasks')).map((t) => t.id)).toContain(taskId);
    const compliance = server
      .requests()
      .slice(before)
      .filter((r) => r.url.startsWith('/v1/tasks'));
    expect(compliance).toHaveLength(1);
    expect(h.logs.filter((l) => /Compliance tasks are not available/.test(l))).toHaveLength(1);
  });

  it('a key without task:read: the view says so', async () => {
    const h = await connect(await tempDir());
    server.faults.onlyFor = /^GET \/v1\/tasks/;
    server.faults.failNext(403, 100, {
      statusCode: 403,
      message: 'API key lacks required permission scope',
    });
    unwrap(await h.call('getCompliance'));
    await whenState(h.core, () => lastView(h)?.availability === 'not_permitted');
    expect(lastView(h)).toMatchObject({
      tasks: [],
      others: 0,
      note: "Compliance tasks aren't available with this key — showing task items only",
    });
  });

  it('a change queued offline and refused later shows in the view, in the service’s words', async () => {
    const h = createCoreHarness(await tempDir(), service, {
      outbox: { backoff: { baseMs: 60_000, maxMs: 60_000 } },
    });
    harnesses.push(h);
    await h.core.start();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    unwrap(await h.call('setMe', { memberId: MAYA }));
    unwrap(await h.call('getCompliance'));
    await whenState(h.core, () => (lastView(h)?.tasks.length ?? 0) > 0);
    server.faults.onlyFor = /^PATCH /;
    server.faults.dropNext(1);
    const task = 'tsk_n1access7review';
    const answer = unwrap(
      await h.call('updateComplianceTask', {
        taskId: task,
        patch: { assigneeId: 'mem_notamember0' },
      }),
    );
    expect(answer.outcome).toBe('queued');
    // A view opened now shows the change waiting, and how.
    expect(unwrap(await h.call('getCompliance')).changes).toEqual([
      {
        taskId: task,
        pendingPatch: { assigneeId: 'mem_notamember0' },
        pending: 'queued',
        error: null,
        offer: [],
      },
    ]);
    unwrap(await h.call('retrySync'));
    // Refused for good: the words stay, nothing waits (told once the lane is gone).
    await whenState(
      h.core,
      () => lastView(h)?.changes[0]?.error != null && lastView(h)?.changes[0]?.pending === null,
    );
    expect(lastView(h)?.changes).toEqual([
      {
        taskId: task,
        pendingPatch: null,
        pending: null,
        error: expect.stringMatching(/Assignee is not a member of this organization/),
        offer: [],
      },
    ]);
    expect(lastView(h)?.tasks.find((t) => t.id === task)?.assigneeId).toBe(MAYA);
  });
});
