import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withoutScopeCheck } from '../../helpers/demo';
import type { Result } from '../../../common/result';
import type { TaskStatus } from '../../../common/task';
import type { ConnectionView } from '../../../common/views';
import { describeConnection } from '../../../common/connection-model';
import { OUTBOX_FILE } from '../../../main/app/core';
import type { AppCoreOptions } from '../../../main/app/core';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { serializeOutbox } from '../../../main/outbox/outbox-format';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { observedFetch } from '../../helpers/observed-fetch';
import type { ObservedFetch } from '../../helpers/observed-fetch';
import { failure, unwrap } from '../../helpers/result';
import { startTcpRelay } from '../../helpers/tcp-relay';
import type { TcpRelay } from '../../helpers/tcp-relay';
import { useTempDirs } from '../../helpers/temp-dir';
import { whenOutboxEmpty, whenState } from '../../helpers/wait-for';
import { NO_RETRY_BY_ITSELF } from '../../helpers/relayed-service';

const gate = await keychainGate();

/** Retries every few tens of milliseconds: the faults, not the waits, are under test. */
const QUICK = { baseMs: 20, maxMs: 200 };

interface App {
  readonly h: CoreHarness;
  readonly wire: ObservedFetch;
  readonly userDataDir: string;
}

describe.skipIf(gate.skip)('changes survive faults: the service ends as the person asked', () => {
  const tempDir = useTempDirs('task-tray-faults-');
  const service = uniqueTestService();
  let server: DemoServer;
  let relay: TcpRelay;
  let org: string;
  const harnesses: CoreHarness[] = [];

  beforeAll(async () => {
    gate.assertAvailable();
    // The interface's two operations only: these faults are aimed at the person's changes,
    // and background reads would meet them first (reads have their own fault tests).
    server = await startDemoServer({ rateLimit: false, reads: false });
    relay = await startTcpRelay(server.baseUrl);
    org = server.organizations[0]!.id;
  });
  afterEach(async () => {
    server.faults.reset();
    await relay.start();
    for (const h of harnesses.splice(0)) await h.core.dispose();
  });
  afterAll(async () => {
    await relay.close();
    await server.close();
    await removeTestService(service);
  });

  const ids = () => server.taskIds(org);
  const statusOf = (id: string) => server.getTask(org, id)!.status;
  const puts = (wire: ObservedFetch) => wire.requests.filter((r) => r.method === 'PUT');

  async function app(
    opts: { dir?: string; extra?: Partial<AppCoreOptions>; timeoutMs?: number } = {},
  ): Promise<App> {
    const userDataDir = opts.dir ?? (await tempDir());
    const wire = observedFetch();
    const h = createCoreHarness(userDataDir, service, {
      fetch: wire.fetch,
      timeoutMs: opts.timeoutMs ?? 2_000,
      outbox: { backoff: QUICK },
      ...opts.extra,
    });
    harnesses.push(h);
    await h.core.start();
    return { h, wire, userDataDir };
  }

  async function connectedApp(
    opts: { baseUrl?: string; key?: string; pins?: string[]; timeoutMs?: number } & {
      extra?: Partial<AppCoreOptions>;
    } = {},
  ): Promise<App> {
    const a = await app(opts);
    const connect = () =>
      a.h.call('connectApiKey', {
        baseUrl: opts.baseUrl ?? server.baseUrl,
        apiKey: opts.key ?? server.keys.full,
      });
    // A key without the task scopes is refused at connect where the service can tell.
    unwrap(
      await (opts.key === server.keys.noScope ? withoutScopeCheck(server, connect) : connect()),
    );
    for (const id of opts.pins ?? ids()) unwrap(await a.h.call('pinTask', { ref: id }));
    return a;
  }

  const set = (a: App, taskId: string, status: TaskStatus) =>
    a.h.call('updateTask', { taskId, patch: { status } });

  const connection = async (a: App): Promise<ConnectionView> =>
    unwrap(await a.h.call('getConnection'));

  it('a connection dropped mid-request: queued, offline, then landed once it holds', async () => {
    const a = await connectedApp();
    const [id] = ids();
    server.faults.dropNext(3);
    expect(unwrap(await set(a, id!, 'in_review'))).toMatchObject({ sync: 'queued' });
    expect(await connection(a)).toMatchObject({
      state: 'offline',
      cause: 'unreachable',
      pendingChanges: 1,
    });
    await whenOutboxEmpty(a.h.core);
    expect(statusOf(id!)).toBe('in_review');
    expect(puts(a.wire).filter((r) => r.status === 200)).toHaveLength(1);
    expect(await connection(a)).toMatchObject({
      state: 'online',
      cause: 'online',
      pendingChanges: 0,
    });
    expect(unwrap(await a.h.call('listTasks'))[0]).toMatchObject({
      sync: 'idle',
      snapshot: { status: 'in_review' },
      error: null,
    });
  });

  it('the network gone as a request leaves: retried, and the later change wins', async () => {
    const a = await connectedApp({ baseUrl: relay.baseUrl });
    const [id] = ids();
    // The relay goes down the moment the request is handed to fetch: it never gets through.
    a.wire.onSend = () => {
      a.wire.onSend = null;
      void relay.stop();
    };
    const first = set(a, id!, 'done');
    const second = set(a, id!, 'canceled');
    expect(unwrap(await first)).toMatchObject({ sync: 'queued' });
    expect(unwrap(await second)).toMatchObject({
      sync: 'queued',
      pendingPatch: { status: 'canceled' },
    });
    await relay.start();
    await whenOutboxEmpty(a.h.core);
    expect(statusOf(id!)).toBe('canceled');
    // The two changes merged: what went out after the cut was one request with the last value.
    expect(
      puts(a.wire)
        .filter((r) => r.status === 200)
        .map((r) => r.body),
    ).toEqual(['{"status":"canceled"}']);
  });

  it('bursts of 5xx: every change lands, none twice', async () => {
    const a = await connectedApp();
    const [x, y, z] = ids();
    server.faults.failNext(500, 3);
    server.faults.failNext(502, 2, '<html>Bad gateway</html>');
    server.faults.failNext(503, 2, { statusCode: 503, message: 'Service Unavailable' });
    const answers = await Promise.all([
      set(a, x!, 'todo'),
      set(a, y!, 'in_progress'),
      set(a, z!, 'canceled'),
    ]);
    answers.forEach(unwrap);
    await whenOutboxEmpty(a.h.core);
    expect([statusOf(x!), statusOf(y!), statusOf(z!)]).toEqual(['todo', 'in_progress', 'canceled']);
    // A faulted request is never carried out: exactly one 200 per task.
    expect(puts(a.wire).filter((r) => r.status === 200)).toHaveLength(3);
    expect(puts(a.wire).filter((r) => (r.status ?? 0) >= 500)).toHaveLength(7);
  });

  it('a 429 storm: the app waits, then every change lands', async () => {
    const a = await connectedApp();
    const tasks = ids();
    server.faults.failNext(
      429,
      12,
      { statusCode: 429, message: 'ThrottlerException: Too Many Requests' },
      { 'Retry-After': '0' },
    );
    const statuses: TaskStatus[] = ['todo', 'in_progress', 'in_review', 'done', 'canceled'];
    await Promise.all(tasks.map((id, i) => set(a, id, statuses[i % statuses.length]!)));
    await whenOutboxEmpty(a.h.core);
    expect(tasks.map(statusOf)).toEqual(tasks.map((_, i) => statuses[i % statuses.length]));
    expect(puts(a.wire).filter((r) => r.status === 429)).toHaveLength(12);
  });

  it('latency past the timeout: retried until it answers in time; the repeat is harmless', async () => {
    const a = await connectedApp({ timeoutMs: 300 });
    const [id] = ids();
    server.faults.latencyMs = 1_000;
    expect(unwrap(await set(a, id!, 'in_review'))).toMatchObject({ sync: 'queued' });
    expect(await connection(a)).toMatchObject({ state: 'offline' });
    expect(unwrap(await a.h.call('getConnection')).message).toMatch(/did not answer/);
    // A couple of timed-out tries later, the service is fast again.
    await whenState(a.h.core, () => puts(a.wire).length >= 3);
    server.faults.latencyMs = 0;
    await whenOutboxEmpty(a.h.core);
    expect(statusOf(id!)).toBe('in_review');
    expect(await connection(a)).toMatchObject({ state: 'online' });
  });

  it('the service down for a while, then up at the same address: everything lands', async () => {
    const a = await connectedApp({ baseUrl: relay.baseUrl });
    const [x, y] = ids();
    await relay.stop();
    expect(unwrap(await set(a, x!, 'done'))).toMatchObject({ sync: 'queued' });
    expect(unwrap(await set(a, y!, 'todo'))).toMatchObject({ sync: 'queued' });
    expect(unwrap(await set(a, x!, 'in_progress'))).toMatchObject({
      sync: 'queued',
      pendingPatch: { status: 'in_progress' },
    });
    const down = await connection(a);
    expect(down).toMatchObject({ state: 'offline', cause: 'unreachable', pendingChanges: 2 });
    expect(down.message).toMatch(/ECONNREFUSED/);
    // The words beside it say this computer is online: the service's line does not send the
    // person to check their internet connection.
    expect(describeConnection(down, 'api-key').headline).toMatch(/this computer is online/);
    expect(down.message).not.toMatch(/internet connection/i);
    // Several attempts fail while it is down…
    await whenState(a.h.core, () => a.wire.requests.filter((r) => r.status === null).length >= 4);
    await relay.start();
    // …and the next one after it is back gets through, without anyone asking.
    await whenOutboxEmpty(a.h.core);
    expect([statusOf(x!), statusOf(y!)]).toEqual(['in_progress', 'todo']);
    expect(await connection(a)).toMatchObject({
      state: 'online',
      cause: 'online',
      pendingChanges: 0,
    });
  });

  it('waking up (resume) sends at once instead of waiting out a long backoff', async () => {
    const a = await connectedApp({
      baseUrl: relay.baseUrl,
      extra: { outbox: { backoff: NO_RETRY_BY_ITSELF } },
    });
    const [id] = ids();
    await relay.stop();
    unwrap(await set(a, id!, 'canceled'));
    await relay.start();
    // The backoff's timer, and the background sync's next round (one while signed in).
    expect(a.h.core.timers().pendingByLabel).toEqual({
      'outbox retry': 1,
      'background sync': 1,
    });
    a.h.core.resume();
    await whenOutboxEmpty(a.h.core);
    expect(statusOf(id!)).toBe('canceled');
    // No retry left; the notification that it was sent is gathered for 2 s, then shown.
    // What stays is the background sync's next round.
    await vi.waitFor(
      () => expect(a.h.core.timers().pendingByLabel).toEqual({ 'background sync': 1 }),
      { timeout: 10_000 },
    );
  });

  it('quit with changes waiting: the next start sends them', async () => {
    const a = await connectedApp({ baseUrl: relay.baseUrl });
    const [x, y] = ids();
    await relay.stop();
    unwrap(await set(a, x!, 'in_review'));
    unwrap(await a.h.call('updateTask', { taskId: y!, patch: { title: 'Renewed after restart' } }));
    await a.h.core.dispose();
    const file = await readFile(join(a.userDataDir, OUTBOX_FILE), 'utf8');
    expect(file).toContain(x);
    expect(file).toContain('Renewed after restart');
    await relay.start();
    const b = await app({ dir: a.userDataDir });
    expect(unwrap(await b.h.call('getConnection')).pendingChanges).toBe(2);
    await whenOutboxEmpty(b.h.core);
    expect(statusOf(x!)).toBe('in_review');
    expect(server.getTask(org, y!)?.title).toBe('Renewed after restart');
    expect(await readFile(join(a.userDataDir, OUTBOX_FILE), 'utf8')).not.toContain('"patch"');
    // The rows show what the service answered.
    const rows = unwrap(await b.h.call('listTasks'));
    expect(rows.find((r) => r.id === x)).toMatchObject({
      sync: 'idle',
      snapshot: { status: 'in_review' },
    });
  });

  it('a crash (SIGKILL) with a change waiting: the next start sends it', async () => {
    const a = await connectedApp({ baseUrl: relay.baseUrl });
    const [id] = ids();
    await a.h.core.dispose();
    await relay.stop();
    const child = await runCrashChild(a.userDataDir, service, id!, 'canceled');
    expect(child.answer).toMatchObject({ ok: true, value: { sync: 'queued' } });
    expect(child.connection).toMatchObject({
      state: 'offline',
      cause: 'unreachable',
      pendingChanges: 1,
    });
    await relay.start();
    const b = await app({ dir: a.userDataDir });
    await whenOutboxEmpty(b.h.core);
    expect(statusOf(id!)).toBe('canceled');
  });

  it('a torn outbox file: moved aside, reported, its whole entries still sent', async () => {
    const a = await connectedApp();
    const account = unwrap(await a.h.call('getAccount'));
    if (account.state !== 'connected') throw new Error('not connected');
    await a.h.core.dispose();
    const [x, y, z] = ids();
    const entry = (id: string, taskId: string, status: TaskStatus) => ({
      id,
      profileId: account.profile.id,
      taskId,
      patch: { status },
      createdAt: new Date().toISOString(),
    });
    const text = serializeOutbox([
      entry('e1', x!, 'done'),
      entry('e2', y!, 'in_review'),
      entry('e3', z!, 'canceled'),
    ]);
    const zBefore = statusOf(z!);
    await writeFile(
      join(a.userDataDir, OUTBOX_FILE),
      text.slice(0, text.indexOf('"id":"e3"') + 20),
    );
    const b = await app({ dir: a.userDataDir });
    const problem = unwrap(await b.h.call('getAccount')).problem;
    expect(problem?.message).toMatch(/damaged/);
    expect(problem?.message).toMatch(/2 changes could be recovered/);
    expect(problem?.message).toMatch(/1 change could not be read/);
    expect((await readdir(a.userDataDir)).some((f) => f.startsWith('outbox.corrupt-'))).toBe(true);
    await whenOutboxEmpty(b.h.core);
    expect([statusOf(x!), statusOf(y!), statusOf(z!)]).toEqual(['done', 'in_review', zBefore]);
    // The app goes on working with a fresh file.
    unwrap(await set(b, z!, 'todo'));
    expect(statusOf(z!)).toBe('todo');
  });

  it('an outbox file of garbage: moved aside and reported; nothing crashes', async () => {
    const a = await connectedApp();
    await a.h.core.dispose();
    await writeFile(join(a.userDataDir, OUTBOX_FILE), '\u0000{{{{not json at all');
    const b = await app({ dir: a.userDataDir });
    expect(unwrap(await b.h.call('getAccount'))).toMatchObject({
      state: 'connected',
      problem: { kind: 'storage' },
    });
    const [id] = ids();
    unwrap(await set(b, id!, 'in_progress'));
    expect(statusOf(id!)).toBe('in_progress');
  });

  it('a 401 mid-session pauses the queue and asks to reconnect; reconnecting sends everything', async () => {
    const a = await connectedApp();
    const [x, y] = ids();
    server.faults.failNext(401, 1, { statusCode: 401, message: 'Invalid or expired API key' });
    expect(unwrap(await set(a, x!, 'canceled'))).toMatchObject({ sync: 'queued' });
    const sent = a.wire.requests.length;
    expect(unwrap(await set(a, y!, 'canceled'))).toMatchObject({ sync: 'queued' });
    // Paused: the second change did not even try.
    expect(a.wire.requests.length).toBe(sent);
    const paused = await connection(a);
    expect(paused).toMatchObject({ state: 'unauthorized', cause: 'refused', pendingChanges: 2 });
    const account = unwrap(await a.h.call('getAccount'));
    expect(account.problem?.message).toMatch(/rejected the API key/);
    expect(account.problem?.message).toMatch(/kept.*reconnect/);
    expect(a.h.core.timers().pending).toBe(0);
    unwrap(await a.h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    await whenOutboxEmpty(a.h.core);
    expect([statusOf(x!), statusOf(y!)]).toEqual(['canceled', 'canceled']);
    expect(unwrap(await a.h.call('getAccount')).problem).toBeNull();
  });

  it('a key without task scope (a real 403): kept, and sent with a better key only when asked', async () => {
    // The person says yes in main's own dialog (test/main/app/one-account.test.ts asks "no").
    const a = await connectedApp({
      key: server.keys.noScope,
      extra: { confirm: async () => true },
    });
    const [id] = ids();
    const before = statusOf(id!);
    expect(unwrap(await set(a, id!, 'in_review'))).toMatchObject({ sync: 'queued' });
    expect((await connection(a)).message).toMatch(/lacks the task permissions/);
    // Another key is another identity (docs/ARCHITECTURE.md, invariant 7): the change waits, and the person is told.
    unwrap(await a.h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    const [, other] = ids();
    unwrap(await a.h.call('pinTask', { ref: other! }));
    unwrap(await set(a, other!, 'done'));
    await whenOutboxEmpty(a.h.core);
    expect(statusOf(other!)).toBe('done');
    expect(statusOf(id!)).toBe(before);
    expect((await connection(a)).othersWaiting).toEqual({
      tasks: 1,
      madeWith: expect.stringMatching(/^another API key, connected on /),
    });
    // Asked, it goes out with the new key, and the row shows it in this profile's list.
    const handed = unwrap(await a.h.call('handOverWaiting'));
    expect(handed.othersWaiting).toBeUndefined();
    await whenOutboxEmpty(a.h.core);
    expect(statusOf(id!)).toBe('in_review');
    expect(unwrap(await a.h.call('listTasks')).map((t) => t.id)).toContain(id);
  });

  it('a change queued with one key goes out with that key only, while another is shown (docs/ARCHITECTURE.md, invariant 7)', async () => {
    const [id, other] = ids();
    const a = await connectedApp({
      baseUrl: relay.baseUrl,
      pins: [id!],
      // Retries wait long: only "Retry now" sends again, so the test says when.
      extra: { outbox: { backoff: NO_RETRY_BY_ITSELF } },
    });
    await relay.stop();
    expect(unwrap(await set(a, id!, 'in_review'))).toMatchObject({ sync: 'queued' });
    await relay.start();

    // A colleague connects with their key to the same service and organization: another
    // profile, shown now; the first one's pins are not in its list.
    unwrap(
      await a.h.call('connectApiKey', { baseUrl: relay.baseUrl, apiKey: server.keys.colleague }),
    );
    expect(unwrap(await a.h.call('listTasks'))).toEqual([]);
    unwrap(await a.h.call('pinTask', { ref: other! }));
    unwrap(await set(a, other!, 'done'));
    unwrap(await a.h.call('retrySync'));
    // The first profile's change goes out in the background, with the first key.
    await whenState(a.h.core, () => statusOf(id!) === 'in_review' && statusOf(other!) === 'done');
    await whenState(a.h.core, () => !a.h.core.state().connection.waitingElsewhere);
    const sentFor = (taskId: string) =>
      puts(a.wire)
        .filter((r) => r.url.endsWith(taskId) && r.status === 200)
        .map((r) => r.apiKey);
    expect(sentFor(id!)).toEqual([server.keys.full]);
    expect(sentFor(other!)).toEqual([server.keys.colleague]);
    expect((await connection(a)).othersWaiting).toBeUndefined();
  });

  it('400 and 404 give the change up, visibly, and lose nothing else', async () => {
    const a = await connectedApp({ pins: [...ids(), 'tski_doesnotexist42'] });
    const [x] = ids();
    const before = statusOf(x!);
    server.faults.failNext(400, 1, {
      statusCode: 400,
      message: ['Assignee is not a member of this organization'],
      error: 'Bad Request',
    });
    const refused = failure(await set(a, x!, 'canceled'));
    expect(refused).toMatchObject({ kind: 'invalid' });
    const missing = failure(await set(a, 'tski_doesnotexist42', 'done'));
    expect(missing).toMatchObject({ kind: 'not_found' });
    const rows = unwrap(await a.h.call('listTasks'));
    expect(rows.find((r) => r.id === x)).toMatchObject({
      sync: 'failed',
      pendingPatch: null,
      error: { message: expect.stringMatching(/not a member/) },
    });
    expect(statusOf(x!)).toBe(before);
    expect((await connection(a)).pendingChanges).toBe(0);
    // Kept across a restart until dismissed.
    await a.h.core.dispose();
    const b = await app({ dir: a.userDataDir });
    const again = unwrap(await b.h.call('listTasks')).find((r) => r.id === 'tski_doesnotexist42');
    expect(again).toMatchObject({ sync: 'failed', error: { kind: 'not_found' } });
    unwrap(await b.h.call('dismissTaskError', { taskId: 'tski_doesnotexist42' }));
    expect(
      unwrap(await b.h.call('listTasks')).find((r) => r.id === 'tski_doesnotexist42')?.error,
    ).toBeNull();
  });

  it('signing out keeps waiting changes on disk for the same account’s return', async () => {
    const a = await connectedApp({ baseUrl: relay.baseUrl });
    const [id] = ids();
    await relay.stop();
    unwrap(await set(a, id!, 'done'));
    unwrap(await a.h.call('signOut'));
    expect(await connection(a)).toMatchObject({
      state: 'signed-out',
      cause: 'signed-out',
      pendingChanges: 1,
    });
    expect(a.h.core.timers().pending).toBe(0);
    await relay.start();
    unwrap(await a.h.call('connectApiKey', { baseUrl: relay.baseUrl, apiKey: server.keys.full }));
    await whenOutboxEmpty(a.h.core);
    expect(statusOf(id!)).toBe('done');
  });

  it('the demo keeps its changes in memory only', async () => {
    const a = await app();
    unwrap(await a.h.call('startDemo'));
    const demo = a.h.demos[0]!;
    const [row] = unwrap(await a.h.call('listTasks'));
    demo.faults.onlyFor = /^PUT /;
    demo.faults.dropNext(1);
    expect(unwrap(await set(a, row!.id, 'canceled'))).toMatchObject({ sync: 'queued' });
    expect(await readdir(a.userDataDir)).not.toContain(OUTBOX_FILE);
    await whenOutboxEmpty(a.h.core);
    expect(demo.getTask(demo.organizations[0]!.id, row!.id)?.status).toBe('canceled');
  });
});

describe.skipIf(gate.skip)('bulk changes, paced', () => {
  const tempDir = useTempDirs('task-tray-bulk-');
  const service = uniqueTestService();
  let server: DemoServer;
  const harnesses: CoreHarness[] = [];
  // The reference service counts 20 requests a second here; the app is told the same.
  const rate = { limit: 20, windowMs: 1_000 };

  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ rateLimit: rate });
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
  });
  afterAll(async () => {
    await server.close();
    await removeTestService(service);
  });

  it('sets one status on many tasks with an outcome for each, and never trips 429', async () => {
    const org = server.organizations[0]!.id;
    const wire = observedFetch();
    const h = createCoreHarness(await tempDir(), service, {
      fetch: wire.fetch,
      outbox: { backoff: QUICK, rate },
    });
    harnesses.push(h);
    await h.core.start();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    const tasks = server.taskIds(org);
    for (const id of [...tasks, 'tski_doesnotexist42'])
      unwrap(await h.call('pinTask', { ref: id }));
    const rounds: TaskStatus[] = ['todo', 'in_progress', 'in_review', 'done', 'canceled', 'todo'];
    for (const status of rounds) {
      const outcomes = unwrap(
        await h.call('updateTasks', {
          taskIds: [...tasks, 'tski_doesnotexist42', 'tski_notpinned1'],
          patch: { status },
        }),
      );
      const byId = new Map(outcomes.map((o) => [o.taskId, o.result] as const));
      for (const id of tasks)
        expect(byId.get(id)).toMatchObject({
          ok: true,
          value: { sync: 'idle', snapshot: { status } },
        });
      expect((byId.get('tski_doesnotexist42') as Result<unknown>).ok).toBe(false);
      expect(byId.get('tski_notpinned1')).toMatchObject({
        ok: false,
        error: { kind: 'bad_input' },
      });
      expect(tasks.map((id) => server.getTask(org, id)!.status)).toEqual(tasks.map(() => status));
    }
    // Every pinned task and the missing one, each round, in a few seconds against a limit of 20 a second: no 429.
    expect(wire.requests.filter((r) => r.method === 'PUT')).toHaveLength(
      rounds.length * (tasks.length + 1),
    );
    expect(wire.requests.filter((r) => r.status === 429)).toEqual([]);
    // Progress showed as events: every task passed through "pending" in each round.
    const pendingSeen = h.events.filter(
      (e) =>
        e.event === 'tasks:changed' &&
        (e.payload as { id: string; sync: string }[]).some((t) => t.sync === 'pending'),
    );
    expect(pendingSeen.length).toBeGreaterThanOrEqual(rounds.length);
  });

  it('paces by the requestsPerMinute setting, and follows it when it changes', async () => {
    const org = server.organizations[0]!.id;
    const h = createCoreHarness(await tempDir(), service, { outbox: { backoff: QUICK } });
    harnesses.push(h);
    await h.core.start();
    // Two a minute: one change may go now, the next waits for the bucket (one request is kept for reads).
    unwrap(await h.call('setSettings', { requestsPerMinute: 2 }));
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    const [x, y] = server.taskIds(org);
    for (const id of [x!, y!]) unwrap(await h.call('pinTask', { ref: id }));
    unwrap(await h.call('updateTask', { taskId: x!, patch: { status: 'in_review' } }));
    const waiting = h.call('updateTask', { taskId: y!, patch: { status: 'in_review' } });
    await whenState(
      h.core,
      () => h.core.state().tasks.find((t) => t.id === y)?.pendingPatch?.status === 'in_review',
    );
    // Its lane asks the pacer for a token within the same turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.core.timers().pendingByLabel).toEqual({ pacing: 1, 'background sync': 1 });
    expect(server.getTask(org, y!)?.status).not.toBe('in_review');
    // Raised: the waiting change goes at once.
    unwrap(await h.call('setSettings', { requestsPerMinute: 100 }));
    expect(unwrap(await waiting)).toMatchObject({ sync: 'idle' });
    expect(server.getTask(org, y!)?.status).toBe('in_review');
    expect(h.core.timers().pendingByLabel).toEqual({ 'background sync': 1 });
  });

  it('refuses a bulk change that lists a task twice or none, before anything is sent', async () => {
    const h = createCoreHarness(await tempDir(), service, {});
    harnesses.push(h);
    await h.core.start();
    const before = server.requestCount();
    for (const input of [
      { taskIds: [], patch: { status: 'done' } },
      { taskIds: ['tski_a1', 'tski_a1'], patch: { status: 'done' } },
      { taskIds: Array.from({ length: 501 }, (_, i) => `tski_x${i}`), patch: { status: 'done' } },
      { taskIds: ['tski_a1'], patch: {} },
    ])
      expect(await h.raw('tasks:update-many', input)).toMatchObject({
        ok: false,
        error: { kind: 'bad_input' },
      });
    expect(server.requestCount()).toBe(before);
  });
});

/* ------------------------------------------------------------------------ */

const CHILD = join(__dirname, 'crash-child.ts');
const TSX = pathToFileURL(createRequire(__filename).resolve('tsx')).href;

interface ChildAnswer {
  answer: Result<{ sync: string }>;
  connection: ConnectionView;
}

/** Starts the app in a child process, lets it make one change, and kills it with SIGKILL. */
function runCrashChild(
  userDataDir: string,
  keychainService: string,
  taskId: string,
  status: TaskStatus,
): Promise<ChildAnswer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, CHILD], {
      env: {
        ...process.env,
        USER_DATA: userDataDir,
        KEYCHAIN_SERVICE: keychainService,
        TASK_ID: taskId,
        STATUS: status,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let errText = '';
    child.stderr.on('data', (d: Buffer) => (errText += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        child.kill('SIGKILL');
        try {
          resolve(JSON.parse(line) as ChildAnswer);
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal !== 'SIGKILL')
        reject(new Error(`crash child ended on its own (${code}): ${errText}`));
    });
  });
}
