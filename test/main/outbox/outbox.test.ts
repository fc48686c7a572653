import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log/logger';
import { createOutbox } from '../../../main/outbox/outbox';
import type { AttemptOutcome } from '../../../main/outbox/outbox';
import { createOutboxFile } from '../../../main/outbox/outbox-file';
import { createScheduler } from '../../../main/scheduler/scheduler';
import { createServiceClient } from '../../../main/service/client';
import { createRequestPacer } from '../../../main/service/pacing';
import { demoAuth } from '../../helpers/demo';
import { change, nextSend, PROFILE, puts, useOutboxRig } from './outbox-rig';

describe('the outbox, against the reference service over loopback', () => {
  const { rig, tempDir, server, org, tasks, statusOf } = useOutboxRig();

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
    server().faults.latencyMs = 100;
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
    expect(server().getTask(org(), id!)).toMatchObject({ status: 'in_review', priority: 'low' });
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
    server().faults.latencyMs = 50;
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
    expect(server().getTask(org(), a!)).toMatchObject({ status: 'in_progress', title: 'Replayed' });
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
          baseUrl: server().baseUrl,
          auth: demoAuth(server()),
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
});
