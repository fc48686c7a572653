import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../common/result';
import type { Task, TaskStatus } from '../../../common/task';
import type { DemoServer } from '../../../main/demo/server';
import { startDemoServer } from '../../../main/demo/server';
import { createLogger } from '../../../main/log/logger';
import { createOutbox } from '../../../main/outbox/outbox';
import type { AttemptOutcome, Outbox } from '../../../main/outbox/outbox';
import { createOutboxFile } from '../../../main/outbox/outbox-file';
import { createScheduler } from '../../../main/scheduler/scheduler';
import type { Scheduler } from '../../../main/scheduler/scheduler';
import { createServiceClient } from '../../../main/service/client';
import { createRequestPacer } from '../../../main/service/pacing';
import type { RateLimit } from '../../../main/service/pacing';
import { demoAuth } from '../../helpers/demo';
import { observedFetch } from '../../helpers/observed-fetch';
import type { ObservedFetch } from '../../helpers/observed-fetch';
import { useTempDirs } from '../../helpers/temp-dir';

const PROFILE = 'profile_0123456789abcdef';

interface Rig {
  readonly outbox: Outbox;
  readonly scheduler: Scheduler;
  readonly wire: ObservedFetch;
  readonly filePath: string;
  readonly landed: { taskId: string; task: Task; keepError: boolean }[];
  readonly refused: { taskId: string; error: AppError }[];
  readonly paused: AppError[];
  signedIn: boolean;
  /** Runs as each landing is recorded, before the entry leaves the outbox. */
  onLanded: ((taskId: string) => void) | null;
  /** Resolves when the outbox holds nothing for PROFILE. */
  empty(): Promise<void>;
}

describe('the outbox, against the reference service over loopback', () => {
  const tempDir = useTempDirs('task-tray-outbox-');
  let server: DemoServer;
  let org: string;
  const rigs: Rig[] = [];

  beforeAll(async () => {
    server = await startDemoServer({ rateLimit: false });
    org = server.organizations[0]!.id;
  });
  afterEach(async () => {
    server.faults.reset();
    for (const r of rigs.splice(0)) await r.outbox.dispose();
  });
  afterAll(() => server.close());

  const tasks = () => server.taskIds(org);
  const statusOf = (id: string) => (server.getTask(org, id) as { status: string }).status;
  const puts = (wire: ObservedFetch, id?: string) =>
    wire.requests.filter((r) => r.method === 'PUT' && (!id || r.url.endsWith(`/${id}`)));

  async function rig(
    opts: {
      dir?: string;
      rate?: RateLimit;
      baseMs?: number;
      key?: 'full' | 'noScope';
    } = {},
  ): Promise<Rig> {
    const dir = opts.dir ?? (await tempDir());
    const filePath = join(dir, 'outbox.json');
    const scheduler = createScheduler();
    const wire = observedFetch();
    const pacer = createRequestPacer(opts.rate ?? { limit: 1000, windowMs: 1000 }, scheduler);
    const client = createServiceClient({
      baseUrl: server.baseUrl,
      auth: demoAuth(server, opts.key ?? 'full'),
      fetch: wire.fetch,
      timeoutMs: 2000,
    });
    const listeners = new Set<() => void>();
    const r: Rig = {
      scheduler,
      wire,
      filePath,
      landed: [],
      refused: [],
      paused: [],
      signedIn: true,
      onLanded: null,
      outbox: undefined as unknown as Outbox,
      empty: () =>
        new Promise<void>((resolve) => {
          const check = () => {
            if (r.outbox.pendingTasks(PROFILE) === 0) {
              listeners.delete(check);
              resolve();
            }
          };
          listeners.add(check);
          check();
        }),
    };
    const outbox = createOutbox({
      store: createOutboxFile({ filePath }),
      scheduler,
      pacer,
      clientFor: (p) => (p === PROFILE && r.signedIn ? client : null),
      onLanded: async (_p, taskId, task, keepError) => {
        r.landed.push({ taskId, task, keepError });
        r.onLanded?.(taskId);
      },
      onRefused: async (_p, taskId, error) => void r.refused.push({ taskId, error }),
      onAttempt: () => {},
      onPaused: (_p, e) => void r.paused.push(e),
      onChange: () => listeners.forEach((l) => l()),
      log: createLogger(
        () => {},
        () => [],
      ),
      backoff: { baseMs: opts.baseMs ?? 10, maxMs: (opts.baseMs ?? 10) * 4 },
    });
    (r as { outbox: Outbox }).outbox = outbox;
    await outbox.load();
    outbox.refresh();
    rigs.push(r);
    return r;
  }

  /** Resolves when the next request leaves: changes made then find the first one on the wire. */
  const nextSend = (wire: ObservedFetch) =>
    new Promise<void>((resolve) => {
      wire.onSend = () => {
        wire.onSend = null;
        resolve();
      };
    });

  const change = (taskId: string, status: TaskStatus, durable = true) => ({
    profileId: PROFILE,
    taskId,
    patch: { status },
    durable,
  });

  it('writes every change to disk before its request leaves', async () => {
    const r = await rig();
    const seen: string[] = [];
    // At the moment each request leaves, read the file as a crash would leave it.
    r.wire.onSend = (req) => seen.push(`${req.body} ⇐ ${readFileSync(r.filePath, 'utf8')}`);
    const [a, b] = tasks();
    const outcomes = await Promise.all([
      r.outbox.enqueue(change(a!, 'in_review')),
      r.outbox.enqueue(change(b!, 'canceled')),
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['landed', 'landed']);
    expect(seen).toHaveLength(2);
    for (const line of seen) {
      const [body, file] = line.split(' ⇐ ') as [string, string];
      const status = (JSON.parse(body) as { status: string }).status;
      expect(file).toContain(`"patch":{"status":"${status}"}`);
    }
    // Landed changes leave the file.
    await r.outbox.quiet();
    expect(readFileSync(r.filePath, 'utf8')).not.toContain('"patch"');
  });

  it('sends one request at a time per task, merging what comes meanwhile, and lands the last values', async () => {
    const r = await rig();
    const [id] = tasks();
    server.faults.latencyMs = 100;
    const onWire = nextSend(r.wire);
    const first = r.outbox.enqueue(change(id!, 'in_progress'));
    await onWire;
    const rest = [
      r.outbox.enqueue(change(id!, 'done')),
      r.outbox.enqueue({ ...change(id!, 'todo'), patch: { priority: 'low' } }),
      r.outbox.enqueue(change(id!, 'in_review')),
    ];
    const outcomes = await Promise.all([first, ...rest]);
    expect(outcomes.every((o) => o.kind === 'landed')).toBe(true);
    await r.outbox.quiet();
    const sent = puts(r.wire, id);
    expect(sent.map((s) => JSON.parse(s.body ?? '{}'))).toEqual([
      { status: 'in_progress' },
      { status: 'in_review', priority: 'low' },
    ]);
    expect(sent.every((s) => s.alongside === 0)).toBe(true);
    expect(server.getTask(org, id!)).toMatchObject({ status: 'in_review', priority: 'low' });
  });

  it('keeps a change made just as the previous one lands', async () => {
    const r = await rig();
    const [id, other] = tasks();
    const later: Promise<AttemptOutcome>[] = [];
    r.onLanded = (taskId) => {
      if (taskId !== id || later.length > 0) return;
      // Another task's change starts a write; this task's change queues behind it, and is
      // written together with the removal of the entry that just landed.
      later.push(r.outbox.enqueue(change(other!, 'todo')));
      later.push(r.outbox.enqueue(change(id!, 'canceled')));
    };
    expect((await r.outbox.enqueue(change(id!, 'done'))).kind).toBe('landed');
    expect((await Promise.all(later)).map((o) => o.kind)).toEqual(['landed', 'landed']);
    await r.empty();
    expect([statusOf(id!), statusOf(other!)]).toEqual(['canceled', 'todo']);
  });

  it('sends different tasks side by side', async () => {
    const r = await rig();
    server.faults.latencyMs = 50;
    const ids = tasks();
    // Kept while signed out, then all free to go at once: nothing makes one task wait for another.
    r.signedIn = false;
    r.outbox.refresh();
    for (const id of ids) await r.outbox.enqueue(change(id, 'done'));
    r.signedIn = true;
    r.outbox.resumeProfile(PROFILE);
    await r.empty();
    expect(r.wire.peak()).toBe(ids.length);
    expect(ids.map(statusOf)).toEqual(ids.map(() => 'done'));
  });

  it('answers "queued" after a dropped connection, then lands the change on a retry', async () => {
    const r = await rig();
    const [id] = tasks();
    server.faults.dropNext(2);
    expect((await r.outbox.enqueue(change(id!, 'canceled'))).kind).toBe('queued');
    expect(r.outbox.laneView(PROFILE, id!)).toEqual({
      patch: { status: 'canceled' },
      sync: 'queued',
    });
    await r.empty();
    expect(statusOf(id!)).toBe('canceled');
    expect(puts(r.wire, id)).toHaveLength(3);
    expect(r.landed.map((l) => l.task.status)).toEqual(['canceled']);
  });

  it('gives up a change the service refuses, says why, and sends the next one', async () => {
    const r = await rig();
    const [id] = tasks();
    const before = statusOf(id!);
    server.faults.latencyMs = 50;
    server.faults.failNext(404, 1, { statusCode: 404, message: 'Task item not found' });
    const onWire = nextSend(r.wire);
    const refused = r.outbox.enqueue(change(id!, 'canceled'));
    await onWire;
    const next = r.outbox.enqueue({ ...change(id!, 'done'), patch: { priority: 'urgent' } });
    const outcome = await refused;
    expect(outcome).toMatchObject({ kind: 'refused', error: { kind: 'not_found' } });
    expect(r.refused.map((x) => x.taskId)).toEqual([id]);
    expect((await next).kind).toBe('landed');
    // The refused status never reached the task; the later, separate change did.
    expect(server.getTask(org, id!)).toMatchObject({ status: before, priority: 'urgent' });
  });

  it('sends apart the fields of a combined change the service refused: the good ones land', async () => {
    const r = await rig();
    const [id] = tasks();
    // Made while signed out, so they wait combined: a status, and an assignee who is no member.
    r.signedIn = false;
    r.outbox.refresh();
    expect((await r.outbox.enqueue(change(id!, 'in_review'))).kind).toBe('queued');
    const stranger = { ...change(id!, 'done'), patch: { assigneeId: 'mem_notamember0' } };
    expect((await r.outbox.enqueue(stranger)).kind).toBe('queued');
    r.signedIn = true;
    r.outbox.resumeProfile(PROFILE);
    await r.empty();
    expect(puts(r.wire, id).map((p) => JSON.parse(p.body ?? '{}'))).toEqual([
      { status: 'in_review', assigneeId: 'mem_notamember0' },
      { status: 'in_review' },
      { assigneeId: 'mem_notamember0' },
    ]);
    expect(statusOf(id!)).toBe('in_review');
    expect(r.refused.map((x) => x.error.message)).toEqual([expect.stringMatching(/not a member/)]);
    // The status landed before its sibling was refused: nothing to keep on the row yet.
    expect(r.landed.map((x) => x.keepError)).toEqual([false]);
    // The file holds nothing more to send.
    expect(JSON.parse(readFileSync(r.filePath, 'utf8'))).toMatchObject({ entries: [] });
  });

  it('keeps a piece’s refusal on the row when a sibling lands after it', async () => {
    const r = await rig();
    const [id] = tasks();
    r.signedIn = false;
    r.outbox.refresh();
    await r.outbox.enqueue({ ...change(id!, 'done'), patch: { assigneeId: 'mem_notamember0' } });
    await r.outbox.enqueue(change(id!, 'in_review'));
    r.signedIn = true;
    r.outbox.resumeProfile(PROFILE);
    await r.empty();
    expect(r.refused.map((x) => x.error.message)).toEqual([expect.stringMatching(/not a member/)]);
    expect(r.landed.map((x) => [x.task.status, x.keepError])).toEqual([['in_review', true]]);
  });

  it('tries a piece of a refused change again on its own, never the whole again', async () => {
    const r = await rig();
    const [id] = tasks();
    r.signedIn = false;
    r.outbox.refresh();
    await r.outbox.enqueue(change(id!, 'in_progress'));
    await r.outbox.enqueue({ ...change(id!, 'done'), patch: { assigneeId: 'mem_notamember0' } });
    // The first piece meets a service that cannot answer for a moment.
    r.wire.onSend = () => {
      if (puts(r.wire, id).length === 2) server.faults.failNext(503);
    };
    r.signedIn = true;
    r.outbox.resumeProfile(PROFILE);
    await r.empty();
    expect(puts(r.wire, id).map((p) => JSON.parse(p.body ?? '{}'))).toEqual([
      { status: 'in_progress', assigneeId: 'mem_notamember0' },
      { status: 'in_progress' },
      { status: 'in_progress' },
      { assigneeId: 'mem_notamember0' },
    ]);
    expect(statusOf(id!)).toBe('in_progress');
    expect(r.refused).toHaveLength(1);
  });

  it('does not split a change refused as a whole: a conflict (409) is not about one field', async () => {
    const r = await rig();
    const [id] = tasks();
    r.signedIn = false;
    r.outbox.refresh();
    await r.outbox.enqueue(change(id!, 'in_progress'));
    await r.outbox.enqueue({ ...change(id!, 'done'), patch: { priority: 'low' } });
    server.faults.failNext(409, 1, { statusCode: 409, message: 'The task changed meanwhile' });
    r.signedIn = true;
    r.outbox.resumeProfile(PROFILE);
    await r.empty();
    expect(puts(r.wire, id)).toHaveLength(1);
    expect(r.refused.map((x) => x.error.message)).toEqual([expect.stringMatching(/changed/)]);
  });

  it('pauses on a refused account, keeps every change, and resumes when told', async () => {
    const r = await rig({ key: 'noScope' });
    const [a, b] = tasks();
    expect((await r.outbox.enqueue(change(a!, 'done'))).kind).toBe('queued');
    expect(r.paused.map((e) => e.kind)).toEqual(['forbidden']);
    expect(r.outbox.pausedReason(PROFILE)?.message).toMatch(/permission/);
    // While paused nothing more is sent: the second change waits without a request.
    const sentBefore = r.wire.requests.length;
    expect((await r.outbox.enqueue(change(b!, 'done'))).kind).toBe('queued');
    expect(r.wire.requests.length).toBe(sentBefore);
    expect(r.outbox.pendingTasks(PROFILE)).toBe(2);
    expect(r.scheduler.stats().pending).toBe(0);
    // Same profile, new key (a rig with the full key on the same file stands for the reconnect).
    const dir = join(r.filePath, '..');
    await r.outbox.dispose();
    const again = await rig({ dir });
    await again.empty();
    expect([statusOf(a!), statusOf(b!)]).toEqual(['done', 'done']);
  });

  it('waits for Retry-After before sending anything again, on every task', async () => {
    const r = await rig();
    const [a, b] = tasks();
    server.faults.failNext(
      429,
      1,
      { statusCode: 429, message: 'Too Many Requests' },
      {
        'Retry-After': '1',
      },
    );
    expect((await r.outbox.enqueue(change(a!, 'todo'))).kind).toBe('queued');
    const refusedAt = puts(r.wire)[0]!.answeredAt!;
    const other = r.outbox.enqueue(change(b!, 'todo'));
    await r.empty();
    await other;
    const later = puts(r.wire).slice(1);
    expect(later).toHaveLength(2);
    for (const req of later) expect(req.sentAt).toBeGreaterThanOrEqual(refusedAt + 1000 - 5);
  });

  it('retryNow sends a waiting change without waiting out its backoff', async () => {
    const r = await rig({ baseMs: 3_600_000 });
    const [id] = tasks();
    server.faults.dropNext(1);
    expect((await r.outbox.enqueue(change(id!, 'in_progress'))).kind).toBe('queued');
    expect(r.scheduler.stats().pending).toBe(1);
    r.outbox.retryNow();
    await r.empty();
    expect(statusOf(id!)).toBe('in_progress');
    expect(r.scheduler.stats()).toMatchObject({ pending: 0, fired: 0 });
  });

  it('holds changes while signed out, with no timer running, and sends them on return', async () => {
    const r = await rig();
    const [id] = tasks();
    r.signedIn = false;
    r.outbox.refresh();
    expect((await r.outbox.enqueue(change(id!, 'canceled'))).kind).toBe('queued');
    expect(r.outbox.laneView(PROFILE, id!)?.sync).toBe('queued');
    expect(r.wire.requests).toHaveLength(0);
    expect(r.scheduler.stats().pending).toBe(0);
    r.signedIn = true;
    r.outbox.resumeProfile(PROFILE);
    await r.empty();
    expect(statusOf(id!)).toBe('canceled');
  });

  it('replays what a previous run left, in one request per task', async () => {
    const dir = await tempDir();
    const [a, b] = tasks();
    const first = await rig({ dir });
    first.signedIn = false;
    first.outbox.refresh();
    await first.outbox.enqueue(change(a!, 'in_progress'));
    await first.outbox.enqueue({ ...change(a!, 'done'), patch: { title: 'Replayed' } });
    await first.outbox.enqueue(change(b!, 'in_review'));
    await first.outbox.dispose();
    const second = await rig({ dir });
    await second.empty();
    expect(server.getTask(org, a!)).toMatchObject({ status: 'in_progress', title: 'Replayed' });
    expect(statusOf(b!)).toBe('in_review');
    expect(puts(second.wire)).toHaveLength(2);
  });

  it('never writes a demo change to disk', async () => {
    const r = await rig();
    r.signedIn = false;
    r.outbox.refresh();
    const [id] = tasks();
    expect((await r.outbox.enqueue(change(id!, 'done', false))).kind).toBe('queued');
    expect(r.outbox.pendingTasks(PROFILE)).toBe(1);
    expect(() => readFileSync(r.filePath)).toThrow();
    await r.outbox.discardProfile(PROFILE);
    expect(r.outbox.pendingTasks(PROFILE)).toBe(0);
  });

  it('refuses a change it cannot write down, and sends nothing', async () => {
    const dir = await tempDir();
    const r = await rig({ dir });
    await writeFile(join(dir, 'blocker'), '');
    // Point a second outbox at a path under a file: every save fails.
    const scheduler = createScheduler();
    const broken = createOutbox({
      store: createOutboxFile({ filePath: join(dir, 'blocker', 'outbox.json') }),
      scheduler,
      pacer: createRequestPacer({ limit: 10, windowMs: 1000 }, scheduler),
      clientFor: () =>
        createServiceClient({
          baseUrl: server.baseUrl,
          auth: demoAuth(server),
          fetch: r.wire.fetch,
        }),
      onLanded: async () => {},
      onRefused: async () => {},
      onAttempt: () => {},
      onPaused: () => {},
      onChange: () => {},
      log: createLogger(
        () => {},
        () => [],
      ),
    });
    const outcome: AttemptOutcome = await broken.enqueue(change(tasks()[0]!, 'canceled'));
    expect(outcome).toMatchObject({ kind: 'not_saved', error: { kind: 'storage' } });
    expect(broken.pendingTasks(PROFILE)).toBe(0);
    expect(r.wire.requests).toHaveLength(0);
    await broken.dispose();
  });

  it('leaves no timer and no waiter behind once everything landed', async () => {
    const r = await rig();
    server.faults.failNext(503, 2);
    await Promise.all(tasks().map((id) => r.outbox.enqueue(change(id, 'todo'))));
    await r.empty();
    await r.outbox.quiet();
    expect(r.scheduler.stats().pending).toBe(0);
    expect(r.scheduler.stats().firedByLabel['outbox retry']).toBeGreaterThan(0);
  });
});
