import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { failure, unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

const gate = await keychainGate();

/** Browse, main's side, against the reference service over loopback. */
describe.skipIf(gate.skip)('browsing vendors and risks', () => {
  const service = uniqueTestService();
  const tempDir = useTempDirs('task-tray-browse-');
  const servers: DemoServer[] = [];
  const harnesses: CoreHarness[] = [];
  let server: DemoServer;

  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ rateLimit: false });
    servers.push(server);
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await removeTestService(service);
  });

  const connected = async (on: DemoServer = server, apiKey = on.keys.full) => {
    const h = createCoreHarness(await tempDir(), service);
    harnesses.push(h);
    await h.core.start();
    unwrap(await h.call('connectApiKey', { baseUrl: on.baseUrl, apiKey }));
    return h;
  };
  /** What the service itself lists, asked directly. */
  const wire = async (path: string, key = server.keys.full) =>
    (await (await fetch(`${server.baseUrl}${path}`, { headers: { 'X-API-Key': key } })).json()) as {
      data: { id: string; name?: string; title?: string }[];
    };

  it('lists every vendor by name and every risk by title', async () => {
    const h = await connected();
    const list = unwrap(await h.call('listEntities'));
    const vendors = (await wire('/v1/vendors')).data;
    const risks = (await wire('/v1/risks?perPage=250')).data;
    expect(vendors.length).toBeGreaterThan(0);
    expect(risks.length).toBeGreaterThan(0);
    expect(list.note).toBeNull();
    expect(list.entities).toEqual([
      ...vendors.map((v) => ({ entityType: 'vendor', entityId: v.id, name: v.name })),
      ...risks.map((r) => ({ entityType: 'risk', entityId: r.id, name: r.title })),
    ]);
  });

  it("lists a vendor's task items; pinning one shows it at once, and changing it reaches the service", async () => {
    const h = await connected();
    const org = server.organizations[0]!.id;
    const task = server.wireTasks(org).find((t) => t['entityType'] === 'vendor')!;
    const entity = { entityType: 'vendor' as const, entityId: String(task['entityId']) };
    const listed = unwrap(await h.call('listEntityTasks', entity));
    const expected = server
      .wireTasks(org)
      .filter((t) => t['entityId'] === entity.entityId)
      .map((t) => t['id']);
    expect(listed.tasks.map((t) => t.id).sort()).toEqual([...expected].sort());
    expect(listed.note).toBeNull();
    const puts = () => server.requests().filter((r) => r.method === 'PUT').length;
    const before = puts();

    const pinned = unwrap(
      await h.call('pinTask', { ref: { taskId: String(task['id']), ...entity } }),
    );
    // Known from the list just read: no wait for a read, no PUT.
    expect(pinned.snapshot?.title).toBe(task['title']);
    expect(puts()).toBe(before);

    const next = task['status'] === 'done' ? 'todo' : 'done';
    unwrap(await h.call('updateTask', { taskId: pinned.id, patch: { status: next } }));
    expect(server.getTask(org, pinned.id)?.status).toBe(next);
  });

  it('a key without vendor:read still lists risks, and says which scope vendors need', async () => {
    const h = await connected(server, server.keys.colleague);
    const list = unwrap(await h.call('listEntities'));
    expect(list.entities.length).toBeGreaterThan(0);
    expect(list.entities.every((e) => e.entityType === 'risk')).toBe(true);
    expect(list.note).toMatch(/vendor:read/);
  });

  it('a service without the reads says so plainly, and pinning by link works as before', async () => {
    const bare = await startDemoServer({ rateLimit: false, reads: false });
    servers.push(bare);
    const h = await connected(bare);
    const e = failure(await h.call('listEntities'));
    expect(e.message).toMatch(
      /does not list vendors, risks or their tasks: pin tasks by their links/,
    );
    const [id] = bare.taskIds(bare.organizations[0]!.id);
    unwrap(await h.call('pinTask', { ref: id! }));
    unwrap(await h.call('updateTask', { taskId: id!, patch: { status: 'done' } }));
    expect(bare.getTask(bare.organizations[0]!.id, id!)?.status).toBe('done');
  });

  it('refuses an entity id that is not one before asking the service', async () => {
    const h = await connected();
    const e = failure(
      await h.raw('browse:entity-tasks', { entityType: 'vendor', entityId: '../../v1/people' }),
    );
    expect(e.kind).toBe('bad_input');
  });
});
