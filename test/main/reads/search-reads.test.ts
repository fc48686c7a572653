import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { READ_REST_AT_ONCE } from '../../../common/views';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { failure, unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

const gate = await keychainGate();

/** Search's reads, main's side: what was read this run, and "Read the rest", against the reference service. */
describe.skipIf(gate.skip)('what search may look in', () => {
  const service = uniqueTestService();
  const tempDir = useTempDirs('task-tray-search-');
  const harnesses: CoreHarness[] = [];
  let server: DemoServer;

  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ rateLimit: false });
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
  });
  afterAll(async () => {
    await server.close();
    await removeTestService(service);
  });

  const connected = async () => {
    const h = createCoreHarness(await tempDir(), service);
    harnesses.push(h);
    await h.core.start();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    return h;
  };
  const taskReads = () =>
    server.requests().filter((r) => r.method === 'GET' && r.url.startsWith('/v1/task-management'))
      .length;

  it('knows nothing before Browse reads, then each list Browse read, with its name and when', async () => {
    const h = await connected();
    expect(unwrap(await h.call('getKnownTasks'))).toEqual({
      lists: [],
      unread: 0,
      entitiesListed: false,
    });
    const { entities } = unwrap(await h.call('listEntities'));
    expect(unwrap(await h.call('getKnownTasks'))).toMatchObject({
      lists: [],
      unread: entities.length,
      entitiesListed: true,
    });
    const vendor = entities.find((e) => e.entityType === 'vendor')!;
    const before = Date.now();
    const listed = unwrap(
      await h.call('listEntityTasks', {
        entityType: vendor.entityType,
        entityId: vendor.entityId,
      }),
    );
    const known = unwrap(await h.call('getKnownTasks'));
    expect(known.unread).toBe(entities.length - 1);
    expect(known.lists).toHaveLength(1);
    const [list] = known.lists;
    expect(list!.entity).toEqual(vendor);
    expect(list!.tasks.map((t) => t.id)).toEqual(listed.tasks.map((t) => t.id));
    // Search looks at titles, names and ids: descriptions stay behind.
    expect(list!.tasks.every((t) => t.description === undefined)).toBe(true);
    expect(list!.readAt).toBeGreaterThanOrEqual(before);
  });

  it('"Read the rest" lists the vendors and risks first if needed, then reads the next few unread', async () => {
    const h = await connected();
    const reads = taskReads();
    const known = unwrap(await h.call('readUnknownTasks'));
    expect(known.entitiesListed).toBe(true);
    const total = known.unread + known.lists.length;
    expect(known.lists.length).toBe(Math.min(READ_REST_AT_ONCE, total));
    expect(taskReads() - reads).toBeGreaterThanOrEqual(known.lists.length);
    const org = server.organizations[0]!.id;
    const wire = server.wireTasks(org);
    for (const list of known.lists)
      expect(list.tasks.map((t) => t.id).sort()).toEqual(
        wire
          .filter((t) => t['entityId'] === list.entity.entityId)
          .map((t) => String(t['id']))
          .sort(),
      );
    // Until nothing is left unread: then it reads nothing more.
    let now = known;
    while (now.unread > 0) now = unwrap(await h.call('readUnknownTasks'));
    expect(now.lists.length).toBe(total);
    const after = taskReads();
    expect(unwrap(await h.call('readUnknownTasks')).lists.length).toBe(total);
    expect(taskReads()).toBe(after);
  });

  it('says so when no account is shown, and keeps nothing of one signed out', async () => {
    const h = await connected();
    unwrap(await h.call('readUnknownTasks'));
    unwrap(await h.call('signOut'));
    expect(failure(await h.call('getKnownTasks')).kind).toBe('not_connected');
    expect(failure(await h.call('readUnknownTasks')).kind).toBe('not_connected');
  });
});
