import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { ASK_AGAIN_MS } from '../../../main/compliance/compliance-reads';
import { useTempDirs } from '../../helpers/temp-dir';
import { changedElsewhere, complianceWorld, MIN, PROFILE } from './compliance-world';
import type { ComplianceWorld } from './compliance-world';

const LIST = '/v1/tasks?includeRelations=true';
const OPTIONS = '/v1/tasks/options';

describe('compliance tasks kept, read over the reference service', () => {
  const tempDir = useTempDirs('task-tray-compliance-');
  const servers: DemoServer[] = [];
  const worlds: ComplianceWorld[] = [];
  afterEach(async () => {
    for (const w of worlds.splice(0)) await w.reads.dispose();
    for (const s of servers.splice(0)) await s.close();
  });
  const serve = async () => {
    const server = await startDemoServer({ rateLimit: false });
    servers.push(server);
    return server;
  };
  const withKey = async (key: 'full' | 'noScope' = 'full') => {
    const server = await serve();
    const w = await complianceWorld(server, await tempDir(), {
      kind: 'api-key',
      apiKey: server.keys[key],
    });
    worlds.push(w);
    return { server, w };
  };

  it('lists the organization in one request, then a round costs a 304 and tells nobody', async () => {
    const { w } = await withKey();
    await w.round();
    // The list and, at connect, the options: nothing per task, nothing per entity.
    expect(w.tasksCalls().map((s) => s.path)).toEqual([LIST, OPTIONS]);
    const kept = w.keeper.list(PROFILE)!;
    expect(kept.tasks.map((t) => t.id)).toContain('tsk_n2backup4restore');
    expect(kept.tasks).toHaveLength(7);
    // Northwind Health uses evidence approval (the options say so; the organization does not).
    expect(kept.approvalEnabled).toBe(true);
    expect(w.told).toEqual([PROFILE]);

    w.clock.advance(2 * MIN);
    await w.round();
    const second = w.tasksCalls().slice(2);
    // One conditional request, answered with no body: nothing to read or check.
    expect(second).toEqual([{ path: LIST, status: 304, bytes: 0 }]);
    expect(w.keeper.list(PROFILE)!.tasks).toBe(kept.tasks);
    expect(w.keeper.list(PROFILE)!.readAt).toBe(w.clock.now());
    expect(w.told).toEqual([PROFILE]);
  });

  it('shows a change made elsewhere after one round, told once', async () => {
    const { server, w } = await withKey();
    await w.round();
    await changedElsewhere(server, 'tsk_n1access7review', { title: 'Access review (Q4)' });
    w.clock.advance(2 * MIN);
    await w.round();
    expect(w.tasksCalls().at(-1)).toMatchObject({ path: LIST, status: 200 });
    const task = w.keeper.list(PROFILE)!.tasks.find((t) => t.id === 'tsk_n1access7review');
    expect(task?.title).toBe('Access review (Q4)');
    expect(w.told).toEqual([PROFILE, PROFILE]);
    // Read again, unchanged: a 304, and nobody told.
    w.clock.advance(2 * MIN);
    await w.round();
    expect(w.tasksCalls().at(-1)?.status).toBe(304);
    expect(w.told).toHaveLength(2);
  });

  it('a task the service answered with replaces its row, told once; the same again tells nobody', async () => {
    const { w } = await withKey();
    await w.round();
    const answered = await w.account.compliance.patch('tsk_n5vendor6assess', { department: 'hr' });
    expect(answered.ok).toBe(true);
    if (!answered.ok) return;
    w.keeper.put(PROFILE, answered.value);
    w.keeper.put(PROFILE, answered.value);
    expect(
      w.keeper.list(PROFILE)!.tasks.find((t) => t.id === 'tsk_n5vendor6assess')?.department,
    ).toBe('hr');
    expect(w.told).toEqual([PROFILE, PROFILE]);
  });

  it('a key without task:read: said once, the list is null, not asked again within the hour', async () => {
    const { w } = await withKey('noScope');
    await w.round();
    expect(w.reads.availability(PROFILE)).toBe('not_permitted');
    expect(w.keeper.list(PROFILE)).toBeNull();
    expect(w.logs.filter((l) => /not available with this API key/.test(l))).toHaveLength(1);
    expect(w.tasksCalls()).toHaveLength(1);
    for (let i = 0; i < 5; i++) {
      w.clock.advance(10 * MIN - 1);
      await w.round();
      await w.reads.opened(PROFILE);
    }
    expect(w.tasksCalls()).toHaveLength(1);
    w.clock.advance(ASK_AGAIN_MS);
    await w.round();
    expect(w.tasksCalls()).toHaveLength(2);
    // Still refused: not said again, and the availability was told once.
    expect(w.logs.filter((l) => /not available/.test(l))).toHaveLength(1);
    expect(w.availability).toEqual([`${PROFILE} not_permitted`]);
    // Connected again (perhaps with a new key): asked at once.
    w.reads.connected(PROFILE);
    await w.round();
    expect(w.tasksCalls()).toHaveLength(3);
  });

  it('a service without the routes (404): said once, asked again only after the hour', async () => {
    const { server, w } = await withKey();
    server.faults.onlyFor = /^GET \/v1\/tasks/;
    server.faults.failNext(404, 100);
    await w.round();
    await w.reads.opened(PROFILE);
    w.clock.advance(30 * MIN);
    await w.round();
    expect(w.reads.availability(PROFILE)).toBe('absent');
    expect(w.tasksCalls()).toHaveLength(1);
    expect(w.logs.filter((l) => /not available from this service/.test(l))).toHaveLength(1);
    // The routes came back (a newer service): the hourly ask finds them.
    server.faults.reset();
    w.clock.advance(ASK_AGAIN_MS);
    await w.round();
    expect(w.reads.availability(PROFILE)).toBe('ok');
    expect(w.keeper.list(PROFILE)!.tasks).toHaveLength(7);
  });

  it("an employee's session is not permitted (403 Access denied)", async () => {
    const server = await serve();
    const w = await complianceWorld(server, await tempDir(), {
      kind: 'session',
      cookie: server.otherSessions.employee,
      organizationId: server.organizations[0]!.id,
    });
    worlds.push(w);
    await w.round();
    expect(w.reads.availability(PROFILE)).toBe('not_permitted');
    expect(w.keeper.list(PROFILE)).toBeNull();
  });

  it('a list that lost its permission is no longer kept', async () => {
    const { server, w } = await withKey();
    await w.round();
    expect(w.keeper.list(PROFILE)).not.toBeNull();
    server.faults.onlyFor = /^GET \/v1\/tasks$/;
    server.faults.failNext(403, 1, {
      statusCode: 403,
      message: 'API key lacks required permission scope',
    });
    w.clock.advance(2 * MIN);
    await w.round();
    expect(w.keeper.list(PROFILE)).toBeNull();
    expect(w.told).toEqual([PROFILE, PROFILE]);
  });

  it('the popup opened twice within seconds reads once; a round after sign-out reads nothing', async () => {
    const { w } = await withKey();
    await w.reads.opened(PROFILE);
    await w.reads.opened(PROFILE);
    expect(w.tasksCalls().filter((s) => s.path === LIST)).toHaveLength(1);
    w.signOut();
    w.clock.advance(2 * MIN);
    await w.round();
    await w.reads.opened(PROFILE);
    expect(w.tasksCalls().filter((s) => s.path === LIST)).toHaveLength(1);
  });

  it("the popup's read does not wait behind a round waiting for the person's changes", async () => {
    const { w } = await withKey();
    const release = w.changeOnTheWire();
    const round = w.round();
    await w.reads.opened(PROFILE);
    expect(w.tasksCalls().filter((s) => s.path === LIST)).toHaveLength(1);
    expect(w.keeper.list(PROFILE)?.tasks).toHaveLength(7);
    // The round goes once the change is sent, and finds nothing left to ask.
    release();
    await round;
    expect(w.tasksCalls().filter((s) => s.path === LIST)).toHaveLength(1);
  });

  it('options are read at connect and hourly, not each round', async () => {
    const { w } = await withKey();
    for (let i = 0; i < 12; i++) {
      await w.round();
      w.clock.advance(5 * MIN);
    }
    expect(w.tasksCalls().filter((s) => s.path === OPTIONS)).toHaveLength(1);
    w.clock.advance(ASK_AGAIN_MS);
    await w.round();
    expect(w.tasksCalls().filter((s) => s.path === OPTIONS)).toHaveLength(2);
  });
});
