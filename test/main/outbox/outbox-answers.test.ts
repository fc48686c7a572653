import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { change, nextSend, PROFILE, puts, useOutboxRig } from './outbox-rig';

describe('the outbox, when the service does not take a change', () => {
  const { rig, server, org, tasks, statusOf } = useOutboxRig();

  it('answers "queued" after a dropped connection, then lands the change on a retry', async () => {
    const r = await rig();
    const [id] = tasks();
    server().faults.dropNext(2);
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
    server().faults.latencyMs = 50;
    server().faults.failNext(404, 1, { statusCode: 404, message: 'Task item not found' });
    const onWire = nextSend(r.wire);
    const refused = r.outbox.enqueue(change(id!, 'canceled'));
    await onWire;
    const next = r.outbox.enqueue({ ...change(id!, 'done'), patch: { priority: 'urgent' } });
    const outcome = await refused;
    expect(outcome).toMatchObject({ kind: 'refused', error: { kind: 'not_found' } });
    expect(r.refused.map((x) => x.taskId)).toEqual([id]);
    expect((await next).kind).toBe('landed');
    // The refused status never reached the task; the later, separate change did.
    expect(server().getTask(org(), id!)).toMatchObject({ status: before, priority: 'urgent' });
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
      if (puts(r.wire, id).length === 2) server().faults.failNext(503);
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
    server().faults.failNext(409, 1, { statusCode: 409, message: 'The task changed meanwhile' });
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
    server().faults.failNext(
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
    server().faults.dropNext(1);
    expect((await r.outbox.enqueue(change(id!, 'in_progress'))).kind).toBe('queued');
    expect(r.scheduler.stats().pending).toBe(1);
    r.outbox.retryNow();
    await r.empty();
    expect(statusOf(id!)).toBe('in_progress');
    expect(r.scheduler.stats()).toMatchObject({ pending: 0, fired: 0 });
  });

  it('leaves no timer and no waiter behind once everything landed', async () => {
    const r = await rig();
    server().faults.failNext(503, 2);
    await Promise.all(tasks().map((id) => r.outbox.enqueue(change(id, 'todo'))));
    await r.empty();
    await r.outbox.quiet();
    expect(r.scheduler.stats().pending).toBe(0);
    expect(r.scheduler.stats().firedByLabel['outbox retry']).toBeGreaterThan(0);
  });
});
