import { execFileSync } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../common/result';
import type { Events } from '../../../common/ipc';
import { ASSIGNED_FILE } from '../../../main/assigned/assigned-cache';
import { orderAssigned } from '../../../main/assigned/assigned-order';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import type { Task } from '../../../common/task';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { failure, unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

const gate = await keychainGate();

/** "Assigned to me", main's side, against the reference service over loopback. */
describe.skipIf(gate.skip)('assigned to me', () => {
  const service = uniqueTestService();
  const tempDir = useTempDirs('task-tray-assigned-');
  const servers: DemoServer[] = [];
  const harnesses: CoreHarness[] = [];
  let server: DemoServer;

  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ rateLimit: false });
    servers.push(server);
  });
  afterEach(async () => {
    server.faults.reset();
    for (const h of harnesses.splice(0)) await h.core.dispose();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await removeTestService(service);
  });

  const org = () => server.organizations[0]!.id;
  const start = async (dir: string, on: DemoServer = server) => {
    const h = createCoreHarness(dir, service, {
      signInWithBrowser: async () =>
        ok({ cookie: on.session.cookie, organizationId: on.session.organizationId }),
      // Yes to the sign-in site the session tests set.
      confirm: async () => true,
    });
    harnesses.push(h);
    await h.core.start();
    return h;
  };
  const withKey = async (on: DemoServer = server, dir?: string) => {
    const h = await start(dir ?? (await tempDir()), on);
    unwrap(await h.call('connectApiKey', { baseUrl: on.baseUrl, apiKey: on.keys.full }));
    return h;
  };
  const withSession = async () => {
    const h = await start(await tempDir());
    unwrap(
      await h.call('setSettings', {
        signInUrl: 'https://app.example.com/',
        serviceUrl: server.baseUrl,
      }),
    );
    unwrap(await h.call('signInWithSession'));
    return h;
  };
  /** The open tasks of a member as the service holds them, in the order the view promises. */
  const openTasksOf = (memberId: string, on: DemoServer = server) =>
    orderAssigned(
      on
        .wireTasks(org())
        .filter(
          (t) => (t['assignee'] as { id?: string } | null)?.id === memberId,
        ) as unknown as Task[],
    ).map((t) => t.id);
  const progressEvents = (h: CoreHarness) =>
    h.events
      .filter((e) => e.event === 'assigned:progress')
      .map((e) => e.payload as Events['assigned:progress']);
  const settled = async (h: CoreHarness) =>
    vi.waitFor(
      async () => {
        const v = unwrap(await h.call('getAssigned'));
        expect(v.state).toMatch(/ready|failed|unavailable|needs-me/);
        return v;
      },
      { timeout: 20_000 },
    );

  it('with a key: asks who you are, then gathers your open tasks across vendors and risks, with progress', async () => {
    const dir = await tempDir();
    const h = await withKey(server, dir);
    const first = await settled(h);
    expect(first).toMatchObject({ state: 'needs-me', canChooseMe: true, tasks: [] });
    expect(first.message).toMatch(/choose yourself/);

    const people = unwrap(await h.call('listPeople'));
    // The member with the most open tasks, to show the order.
    const maya = [...people].sort(
      (a, b) => openTasksOf(b.id).length - openTasksOf(a.id).length,
    )[0]!;
    expect(maya).toMatchObject({ email: expect.stringContaining('@') });
    unwrap(await h.call('setMe', { memberId: maya.id }));
    const done = await settled(h);
    expect(done.state).toBe('ready');
    expect(done.me).toMatchObject({ id: maya.id, name: maya.name });
    expect(done.tasks.map((t) => t.id)).toEqual(openTasksOf(maya.id));
    expect(done.tasks.length).toBeGreaterThan(0);
    expect(done.tasks.every((t) => t.status !== 'done' && t.status !== 'canceled')).toBe(true);
    // Progress counted every vendor and risk, from none to all: events of its own, without the list.
    const progress = progressEvents(h);
    const total = progress.at(-1)!.total;
    expect(total).toBeGreaterThan(2);
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: total + 1 }, (_, i) => i));
    // The choice is kept per profile.
    const settings = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'));
    expect(settings.profiles[0].memberId).toBe(maya.id);
  });

  it('the tray menu changes a task of the list: pinned first, then sent', async () => {
    const h = await withKey();
    const people = unwrap(await h.call('listPeople'));
    const busiest = [...people].sort(
      (a, b) => openTasksOf(b.id).length - openTasksOf(a.id).length,
    )[0]!;
    unwrap(await h.call('setMe', { memberId: busiest.id }));
    const [first] = (await settled(h)).tasks;
    expect(unwrap(await h.call('listTasks')).some((t) => t.id === first!.id)).toBe(false);
    unwrap(await h.core.setStatus(first!.id, 'in_review'));
    expect(server.getTask(org(), first!.id)?.status).toBe('in_review');
    const pinned = unwrap(await h.call('listTasks')).find((t) => t.id === first!.id);
    expect(pinned?.snapshot?.title).toBe(first!.title);
  });

  it('opens at once from what was kept on the next start, then checks the choice again', async () => {
    const dir = await tempDir();
    let h = await withKey(server, dir);
    const maya = unwrap(await h.call('listPeople')).find((p) => p.name === 'Maya Chen')!;
    unwrap(await h.call('setMe', { memberId: maya.id }));
    const built = await settled(h);
    await h.core.dispose();

    const before = server.requestCount();
    h = await start(dir);
    // Before any read: the list kept on disk.
    const kept = unwrap(await h.call('getAssigned'));
    expect(kept.tasks.map((t) => t.id)).toEqual(built.tasks.map((t) => t.id));
    expect(kept.builtAt).toBe(built.builtAt);
    expect(server.requestCount() - before).toBeLessThanOrEqual(1);

    // A choice that is no longer a member is dropped, and the person asked again.
    await h.core.dispose();
    const file = join(dir, 'settings.json');
    const s = JSON.parse(await readFile(file, 'utf8'));
    s.profiles[0].memberId = 'mem_gone0000';
    await writeFile(file, JSON.stringify(s));
    h = await start(dir);
    const asked = await vi.waitFor(async () => {
      const v = unwrap(await h.call('getAssigned'));
      expect(v.state).toBe('needs-me');
      return v;
    });
    expect(asked.message).toMatch(/mem_gone0000.*no longer in this organization/);
  });

  it('with a session: knows who you are without asking', async () => {
    const h = await withSession();
    const v = await settled(h);
    expect(v).toMatchObject({ state: 'ready', canChooseMe: false });
    expect(v.me?.id).toMatch(/^mem_/);
    expect(v.tasks.map((t) => t.id)).toEqual(openTasksOf(v.me!.id));
    expect(failure(await h.call('setMe', { memberId: 'mem_n1maya7q2c' })).kind).toBe('bad_input');
  });

  it('choosing the same person after "Not you?" keeps the list: nothing is gathered again', async () => {
    const h = await withKey();
    const maya = unwrap(await h.call('listPeople')).find((p) => p.name === 'Maya Chen')!;
    unwrap(await h.call('setMe', { memberId: maya.id }));
    const built = await settled(h);
    expect(built.state).toBe('ready');
    const before = server.requestCount();
    const again = unwrap(await h.call('setMe', { memberId: maya.id }));
    expect(again).toMatchObject({ state: 'ready', builtAt: built.builtAt });
    expect(again.tasks.map((t) => t.id)).toEqual(built.tasks.map((t) => t.id));
    await new Promise((r) => setTimeout(r, 200));
    expect(server.requestCount()).toBe(before);
    expect(unwrap(await h.call('getAssigned')).builtAt).toBe(built.builtAt);
  });

  it('who you are, for "Assign to me": a session asks the service, without gathering tasks', async () => {
    const h = await withSession();
    const me = unwrap(await h.call('getMe'));
    expect(me?.id).toMatch(/^mem_/);
    expect(me?.name).toBeTruthy();
  });

  it('who you are, with a key and no choice yet: nobody, and no tasks are read to find out', async () => {
    const k = await withKey();
    await settled(k);
    const before = server.requests().length;
    expect(unwrap(await k.call('getMe'))).toBeNull();
    const reads = server
      .requests()
      .slice(before)
      .map((r) => `${r.method} ${r.url}`);
    expect(reads.some((r) => r.includes('task-management'))).toBe(false);
  });

  it('429s and 5xx during the build: it finishes, nothing counted twice', async () => {
    const h = await withKey();
    const maya = unwrap(await h.call('listPeople')).find((p) => p.name === 'Maya Chen')!;
    server.faults.onlyFor = /^GET \/v1\/(task-management|risks|vendors)$/;
    server.faults.failNext(429, 2, undefined, { 'Retry-After': '1' });
    server.faults.failNext(503, 1);
    server.faults.failNext(500, 1);
    unwrap(await h.call('setMe', { memberId: maya.id }));
    const v = await settled(h);
    expect(v.state).toBe('ready');
    expect(v.tasks.map((t) => t.id)).toEqual(openTasksOf(maya.id));
    expect(new Set(v.tasks.map((t) => t.id)).size).toBe(v.tasks.length);
  }, 30_000);

  it("a person's status change during the build goes first, not after it", async () => {
    const h = await withKey();
    const [pin] = server.taskIds(org());
    unwrap(await h.call('pinTask', { ref: pin! }));
    const maya = unwrap(await h.call('listPeople')).find((p) => p.name === 'Maya Chen')!;
    // Every answer takes a while, so the build is long enough to change a task in the middle of it.
    server.faults.latencyMs = 60;
    unwrap(await h.call('setMe', { memberId: maya.id }));
    await vi.waitFor(() => expect(progressEvents(h).some((p) => p.done >= 1)).toBe(true));
    unwrap(await h.call('updateTask', { taskId: pin!, patch: { status: 'in_review' } }));
    // Landed while the build still had reads to make.
    expect(unwrap(await h.call('getAssigned')).state).toBe('building');
    expect(server.getTask(org(), pin!)?.status).toBe('in_review');
    expect((await settled(h)).state).toBe('ready');
  });

  it('a corrupt kept list is dropped and built again, never fatal', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, ASSIGNED_FILE), '{"version":1,"entries":[{"tasks":');
    const h = await withKey(server, dir);
    const maya = unwrap(await h.call('listPeople')).find((p) => p.name === 'Maya Chen')!;
    unwrap(await h.call('setMe', { memberId: maya.id }));
    expect((await settled(h)).state).toBe('ready');
    expect(JSON.parse(await readFile(join(dir, ASSIGNED_FILE), 'utf8')).version).toBe(1);
  });

  it('a FIFO in place of the kept list does not hang the start: the list is built again', async () => {
    const dir = await tempDir();
    execFileSync('mkfifo', [join(dir, ASSIGNED_FILE)]);
    const h = await withKey(server, dir);
    const maya = unwrap(await h.call('listPeople')).find((p) => p.name === 'Maya Chen')!;
    unwrap(await h.call('setMe', { memberId: maya.id }));
    expect((await settled(h)).state).toBe('ready');
    expect((await stat(join(dir, ASSIGNED_FILE))).isFile()).toBe(true);
  }, 10_000);

  it('a service without the reads: says why, and the rest works as before', async () => {
    const bare = await startDemoServer({ rateLimit: false, reads: false });
    servers.push(bare);
    const h = await withKey(bare);
    const v = await settled(h);
    expect(v.state).toBe('unavailable');
    expect(v.message).toMatch(/does not list|people/);
    const [id] = bare.taskIds(bare.organizations[0]!.id);
    unwrap(await h.call('pinTask', { ref: id! }));
    unwrap(await h.call('updateTask', { taskId: id!, patch: { status: 'done' } }));
  });
});
