import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TaskCreate } from '../../../common/task-create';
import { PROFILE, nextSend, useOutboxRig } from './outbox-rig';
import type { Rig } from './outbox-rig';

/**
 * Creating a task through the outbox, over the reference service on real
 * loopback HTTP: kept on disk before it goes, sent once, looked for before it
 * goes again when an answer was lost (the service has no idempotency key),
 * rolled back with the service's words, and followed by the edits made to it
 * while it waited.
 */

const VENDOR = 'vnd_c8r2k6m0qt';
const MEMBER_OF_B = 'mem_a2ken8s3ty';

const create = (title: string, more: Partial<TaskCreate> = {}): TaskCreate => ({
  title,
  entityType: 'vendor',
  entityId: VENDOR,
  ...more,
});

const posts = (r: Rig) => r.wire.requests.filter((q) => q.method === 'POST');
const reads = (r: Rig) =>
  r.wire.requests.filter((q) => q.method === 'GET' && q.url.includes('/v1/task-management?'));

describe('outbox: creating a task', () => {
  const { rig, tempDir, server, org } = useOutboxRig();
  const titled = (title: string) =>
    server()
      .taskIds(org())
      .map((id) => server().getTask(org(), id)!)
      .filter((t) => t.title === title);

  it('makes the task with one request (after one look at its list), and hands its real id over', async () => {
    const r = await rig();
    const { taskId, outcome } = r.outbox.enqueueCreate({
      profileId: PROFILE,
      create: create('Online create', { priority: 'high' }),
      durable: true,
    });
    expect(taskId).toMatch(/^new_[a-f0-9]{32}$/);
    const landed = await outcome;
    expect(landed.kind).toBe('landed');
    await r.empty();
    const made = titled('Online create');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ priority: 'high', entityId: VENDOR });
    expect(r.created).toEqual([
      { localId: taskId, task: expect.objectContaining({ id: made[0]!.id }) },
    ]);
    expect(posts(r)).toHaveLength(1);
    // The vendor's tasks of that title, noted before it went: none of them can be the one it makes.
    expect(reads(r)).toHaveLength(1);
    expect(r.outbox.creates(PROFILE)).toEqual([]);
  });

  it('keeps a create made offline across a restart, and makes it once', async () => {
    const dir = await tempDir();
    const first = await rig({ dir, baseMs: 60_000 });
    // The service cannot be reached: the connection is cut before anything is done.
    server().faults.onlyFor = /^POST /;
    server().faults.dropNext(5);
    const { taskId, outcome } = first.outbox.enqueueCreate({
      profileId: PROFILE,
      create: create('Made offline'),
      durable: true,
    });
    expect((await outcome).kind).toBe('queued');
    expect(first.outbox.creates(PROFILE)).toMatchObject([
      { taskId, create: { title: 'Made offline' }, sync: 'queued' },
    ]);
    expect(readFileSync(first.filePath, 'utf8')).toContain('Made offline');
    await first.outbox.dispose();
    server().faults.reset();
    expect(readFileSync(first.filePath, 'utf8')).toContain('"sentAt"');
    const second = await rig({ dir });
    await second.empty();
    expect(titled('Made offline')).toHaveLength(1);
    expect(second.created.map((c) => c.localId)).toEqual([taskId]);
    // It may have gone out before: looked for first, then sent.
    expect(reads(second)).toHaveLength(1);
    expect(posts(second)).toHaveLength(1);
  });

  it('finds the task a lost answer made instead of making a second', async () => {
    const r = await rig();
    server().faults.onlyFor = /^POST /;
    server().faults.loseAnswerNext();
    const { taskId, outcome } = r.outbox.enqueueCreate({
      profileId: PROFILE,
      create: create('Answer lost'),
      durable: true,
    });
    expect((await outcome).kind).toBe('queued');
    await r.empty();
    const made = titled('Answer lost');
    expect(made).toHaveLength(1);
    expect(posts(r)).toHaveLength(1);
    expect(r.created).toEqual([
      { localId: taskId, task: expect.objectContaining({ id: made[0]!.id }) },
    ]);
  });

  it("after a restart, never takes a colleague's task of the same title made just before ours", async () => {
    const dir = await tempDir();
    // A colleague's task of the same name, priority and assignee, made a moment before ours
    // went (well within the clocks' allowance): not ours.
    const older = server().createTask(server().keys.full, {
      entityId: VENDOR,
      entityType: 'vendor',
      title: 'Weekly review',
    });
    const first = await rig({ dir, baseMs: 60_000 });
    // Our first POST never reaches the service; the app cannot know that.
    server().faults.onlyFor = /^POST /;
    server().faults.dropNext();
    first.outbox.enqueueCreate({
      profileId: PROFILE,
      create: create('Weekly review'),
      durable: true,
    });
    await new Promise<void>((resolve) => {
      const check = () => (posts(first).length === 1 ? resolve() : setTimeout(check, 5));
      check();
    });
    await first.outbox.quiet();
    await first.outbox.dispose();
    server().faults.reset();
    const second = await rig({ dir });
    await second.empty();
    const made = titled('Weekly review');
    expect(made).toHaveLength(2);
    expect(second.created[0]?.task.id).not.toBe(older);
    expect(made.map((t) => t.id)).toContain(second.created[0]?.task.id);
    expect(posts(second)).toHaveLength(1);
  });

  it('two creates of one title made offline are two tasks, each with its own description', async () => {
    const r = await rig({ baseMs: 5 });
    server().faults.dropNext(2);
    const a = r.outbox.enqueueCreate({
      profileId: PROFILE,
      create: create('Call back', { description: 'about the invoice' }),
      durable: true,
    });
    const b = r.outbox.enqueueCreate({
      profileId: PROFILE,
      create: create('Call back', { description: 'about the contract' }),
      durable: true,
    });
    await Promise.all([a.outcome, b.outcome]);
    await r.empty();
    const made = titled('Call back');
    expect(made).toHaveLength(2);
    expect(new Set(r.created.map((c) => c.task.id)).size).toBe(2);
  });

  it('rolls back a create the service refuses, with its words, and the edits behind it', async () => {
    const r = await rig();
    const { taskId, outcome } = r.outbox.enqueueCreate({
      profileId: PROFILE,
      create: create('Wrong assignee', { assigneeId: MEMBER_OF_B }),
      durable: true,
    });
    const refused = await outcome;
    expect(refused).toMatchObject({
      kind: 'refused',
      error: { message: expect.stringContaining('Assignee is not a member of this organization') },
    });
    await r.empty();
    expect(r.refused).toMatchObject([{ taskId }]);
    expect(titled('Wrong assignee')).toHaveLength(0);
    expect(r.outbox.creates(PROFILE)).toEqual([]);
  });

  it('refuses a blank title without sending anything', async () => {
    const r = await rig();
    const { outcome } = r.outbox.enqueueCreate({
      profileId: PROFILE,
      create: { ...create('x'), title: '   ' },
      durable: true,
    });
    expect(await outcome).toMatchObject({
      kind: 'refused',
      error: { message: 'A title cannot be empty.' },
    });
    expect(posts(r)).toHaveLength(0);
  });

  it('folds an edit made before the create went out into the create', async () => {
    const r = await rig();
    r.signedIn = false;
    r.outbox.refresh();
    const { taskId } = r.outbox.enqueueCreate({
      profileId: PROFILE,
      create: create('Draft title'),
      durable: true,
    });
    await r.outbox.enqueue({
      profileId: PROFILE,
      taskId,
      patch: { title: 'Final title', priority: 'urgent' },
      durable: true,
    });
    expect(r.outbox.creates(PROFILE)).toMatchObject([
      { taskId, create: { title: 'Final title', priority: 'urgent' } },
    ]);
    r.signedIn = true;
    r.outbox.resumeProfile(PROFILE);
    await r.empty();
    expect(titled('Final title')).toMatchObject([{ priority: 'urgent' }]);
    expect(titled('Draft title')).toHaveLength(0);
    expect(r.wire.requests.filter((q) => q.method === 'PUT')).toHaveLength(0);
  });

  it('sends an edit made while the create was on the wire to the real id once it lands', async () => {
    const r = await rig();
    server().faults.latencyMs = 50;
    const sent = nextSend(r.wire);
    const { taskId } = r.outbox.enqueueCreate({
      profileId: PROFILE,
      create: create('On the wire'),
      durable: true,
    });
    await sent;
    const edit = r.outbox.enqueue({
      profileId: PROFILE,
      taskId,
      patch: { status: 'in_progress', description: 'Added while it was being made' },
      durable: true,
    });
    expect((await edit).kind).toBe('landed');
    await r.empty();
    const [made] = titled('On the wire');
    expect(made).toMatchObject({
      status: 'in_progress',
      description: 'Added while it was being made',
    });
    const puts = r.wire.requests.filter((q) => q.method === 'PUT');
    expect(puts.map((q) => q.url)).toEqual([expect.stringContaining(`/${made!.id}`)]);
  });
});
