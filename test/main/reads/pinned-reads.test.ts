import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createScheduler } from '../../../main/scheduler/scheduler';
import { setTimeout as sleep } from 'node:timers/promises';
import { MIN_REFRESH_GAP_MS } from '../../../main/reads/task-reads';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { EXTRA_TASK_PREFIX } from '../../../main/demo/sample-data';
import { UNLOCATED_NOTE } from '../../../main/reads/pinned-refresh';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { whenState } from '../../helpers/wait-for';

const gate = await keychainGate();

/**
 * Issue 12's first promise, against the reference service over loopback: a
 * pinned task shows its title, status, priority and assignee before any
 * change, from the service's reads where it has them, and everything works
 * as before where it does not.
 */
describe.skipIf(gate.skip)('pinned tasks read from the service', () => {
  const service = uniqueTestService();
  const tempDir = useTempDirs('task-tray-reads-');
  const servers: DemoServer[] = [];
  let server: DemoServer;
  const harnesses: CoreHarness[] = [];

  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ rateLimit: false, extraTasks: 3 });
    servers.push(server);
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await removeTestService(service);
  });

  const org = () => server.organizations[0]!.id;
  /** Main's clock, moved on by the test: the popup's refreshes are at least MIN_REFRESH_GAP_MS apart. */
  let skew = 0;
  const base = createScheduler();
  const scheduler = { ...base, now: () => base.now() + skew };
  /** Waits for something the service sees (no event tells main's listeners). */
  const until = async (check: () => boolean): Promise<void> => {
    while (!check()) await sleep(10);
  };
  const connected = async (on: DemoServer = server, apiKey = on.keys.full) => {
    const h = createCoreHarness(await tempDir(), service, { scheduler });
    harnesses.push(h);
    await h.core.start();
    unwrap(await h.call('connectApiKey', { baseUrl: on.baseUrl, apiKey }));
    return h;
  };
  const row = (h: CoreHarness, id: string) => h.core.state().tasks.find((t) => t.id === id);
  const putsTo = (on: DemoServer) => on.requests().filter((r) => r.method === 'PUT').length;

  it('a pasted web-app link: title, status, priority and assignee at once, no change made', async () => {
    const h = await connected();
    const puts = putsTo(server);
    const link = `https://app.trycomp.ai/${org()}/vendors/vnd_c8r2k6m0qt?taskItemId=tski_n4w8c2v6b1xq`;
    unwrap(await h.call('pinTask', { ref: link }));
    await whenState(h.core, () => row(h, 'tski_n4w8c2v6b1xq')?.snapshot !== null);
    expect(row(h, 'tski_n4w8c2v6b1xq')?.snapshot).toMatchObject({
      title: 'Collect SOC 2 Type II report',
      status: 'in_progress',
      priority: 'high',
      assignee: { id: 'mem_n2dan4k8ro', user: { name: 'Daniel Okafor' } },
    });
    expect(putsTo(server)).toBe(puts);
  });

  it("a bare id: its vendor or risk is found from the task's activity and remembered", async () => {
    const h = await connected();
    unwrap(await h.call('pinTask', { ref: 'tski_p2j6m8q4z9lt' }));
    await whenState(h.core, () => row(h, 'tski_p2j6m8q4z9lt')?.snapshot !== null);
    expect(row(h, 'tski_p2j6m8q4z9lt')).toMatchObject({
      ref: { entityType: 'risk', entityId: 'rsk_w5e1t9y3ua' },
      snapshot: { title: 'Define mitigation for unpatched laptops' },
    });
  });

  it('an id nothing can locate says so plainly, and its status still changes', async () => {
    const h = await connected();
    const id = `${EXTRA_TASK_PREFIX}002`;
    unwrap(await h.call('pinTask', { ref: id }));
    await whenState(h.core, () => row(h, id)?.readNote === UNLOCATED_NOTE);
    expect(row(h, id)?.snapshot).toBeNull();
    unwrap(await h.call('updateTask', { taskId: id, patch: { status: 'done' } }));
    expect(server.getTask(org(), id)?.status).toBe('done');
    expect(row(h, id)?.snapshot?.title).toBe('Collect evidence for control 2');
  });

  it('a change made in the web app shows after a refresh', async () => {
    const h = await connected();
    unwrap(await h.call('pinTask', { ref: 'tski_r7k3d9s5f2ha' }));
    await whenState(h.core, () => row(h, 'tski_r7k3d9s5f2ha')?.snapshot !== null);
    // Someone else changes it on the service.
    const answer = await fetch(`${server.baseUrl}/v1/task-management/tski_r7k3d9s5f2ha`, {
      method: 'PUT',
      headers: { 'X-API-Key': server.keys.colleague, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'canceled', title: 'Review the new DPA' }),
    });
    expect(answer.status).toBe(200);
    skew += MIN_REFRESH_GAP_MS;
    unwrap(await h.call('refreshTasks'));
    await whenState(h.core, () => row(h, 'tski_r7k3d9s5f2ha')?.snapshot?.status === 'canceled');
    expect(row(h, 'tski_r7k3d9s5f2ha')?.snapshot).toMatchObject({
      title: 'Review the new DPA',
      updatedBy: { id: 'mem_n2dan4k8ro' },
    });
  });

  it('a service with only the interface: pins work as before, no error, no empty update', async () => {
    const bare = await startDemoServer({ rateLimit: false, reads: false });
    servers.push(bare);
    const h = await connected(bare);
    unwrap(await h.call('pinTask', { ref: 'tski_n4w8c2v6b1xq' }));
    // The reads were tried and answered 404: nothing else was sent.
    await until(() => bare.requests().some((r) => r.url.startsWith('/v1/task-management/')));
    expect(putsTo(bare)).toBe(0);
    expect(row(h, 'tski_n4w8c2v6b1xq')).toMatchObject({ snapshot: null, error: null });
    expect(unwrap(await h.call('getConnection')).state).toBe('online');
    unwrap(await h.call('updateTask', { taskId: 'tski_n4w8c2v6b1xq', patch: { status: 'done' } }));
    expect(row(h, 'tski_n4w8c2v6b1xq')?.snapshot?.title).toBe('Collect SOC 2 Type II report');
  });

  it('fourteen links of one vendor pasted one after another: its list is read once for all', async () => {
    const many = await startDemoServer({ rateLimit: false, extraTasks: 14 });
    servers.push(many);
    const h = await connected(many);
    const vendor = 'vnd_c8r2k6m0qt';
    const listReads = () =>
      many
        .requests()
        .filter(
          (r) =>
            r.method === 'GET' &&
            r.url.startsWith('/v1/task-management?') &&
            r.url.includes(vendor),
        ).length;
    const before = listReads();
    const ids = Array.from(
      { length: 14 },
      (_, i) => `${EXTRA_TASK_PREFIX}${String(i + 1).padStart(3, '0')}`,
    );
    for (const id of ids)
      unwrap(
        await h.call('pinTask', {
          ref: `https://app.trycomp.ai/${many.organizations[0]!.id}/vendors/${vendor}?taskItemId=${id}`,
        }),
      );
    await whenState(h.core, () => ids.every((id) => row(h, id)?.snapshot));
    expect(ids.map((id) => row(h, id)?.snapshot?.title)).toEqual(
      ids.map((_, i) => `Collect evidence for control ${i + 1}`),
    );
    expect(listReads() - before).toBe(1);
  });
});
