import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createServiceReads } from '../../../main/reads/service-reads';
import type { DemoCredential } from '../../helpers/demo';
import { demoClient } from '../../helpers/demo';

/**
 * "What changed since" over the reference service's audit log: the task
 * items changed after a cursor, with their vendor or risk where the row says,
 * and "unavailable" where the key lacks app:read or the service the route.
 */

const VENDOR = 'vnd_c8r2k6m0qt';

describe('changes since a cursor (audit log)', () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemoServer({ rateLimit: false });
  });
  afterAll(() => server.close());

  const readsAs = (credential: DemoCredential, on: DemoServer = server) =>
    createServiceReads(demoClient(on, credential), async () => true);
  const put = (taskId: string, key: string, body: unknown) =>
    fetch(`${server.baseUrl}/v1/task-management/${taskId}`, {
      method: 'PUT',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('names the tasks changed since the last round, newest first, with their vendor', async () => {
    const reads = readsAs('appRead');
    const first = await reads.changesSince(null);
    if (!first.ok || first.value.kind !== 'available') throw new Error('not available');
    // Nothing to start from: the caller reads what it keeps once.
    expect(first.value.complete).toBe(false);

    const [a, b] = server.taskIds(server.organizations[0]?.id ?? '');
    await put(a ?? '', server.keys.colleague, { status: 'done' });
    const made = server.createTask(server.keys.colleague, {
      entityId: VENDOR,
      entityType: 'vendor',
      title: 'New from the web',
    });
    await put(b ?? '', server.keys.colleague, { priority: 'low' });
    await put(a ?? '', server.keys.colleague, { priority: 'high' });

    const next = await reads.changesSince(first.value.cursor);
    if (!next.ok || next.value.kind !== 'available') throw new Error('not available');
    expect(next.value.complete).toBe(true);
    // One per task, its newest change first.
    expect(next.value.changes.map((c) => c.taskId)).toEqual([a, b, made]);
    expect(next.value.changes[2]).toMatchObject({
      action: 'created',
      entity: { entityType: 'vendor', entityId: VENDOR },
      memberId: 'mem_n2dan4k8ro',
    });
    const task = server.getTask(server.organizations[0]?.id ?? '', a ?? '');
    expect(next.value.changes[0]?.entity).toEqual({
      entityType: task?.entityType,
      entityId: task?.entityId,
    });

    const quiet = await reads.changesSince(next.value.cursor);
    expect(quiet.ok && quiet.value.kind === 'available' && quiet.value.changes).toEqual([]);
  });

  it('answers a second unchanged round with a 304, not a body', async () => {
    const client = demoClient(server, 'appRead');
    const reads = createServiceReads(client, async () => true);
    const first = await reads.changesSince(null);
    const cursor = first.ok && first.value.kind === 'available' ? first.value.cursor : null;
    await reads.changesSince(cursor);
    expect(client.conditionalStats()).toEqual({ conditional: 1, notModified: 1 });
  });

  it('says "unavailable" without app:read, and where the service has no audit log', async () => {
    const refused = await readsAs('full').changesSince(null);
    expect(refused.ok && refused.value).toEqual({ kind: 'unavailable', reason: 'scope' });
    const bare = await startDemoServer({ rateLimit: false, reads: false });
    try {
      const absent = await readsAs('appRead', bare).changesSince(null);
      expect(absent.ok && absent.value).toEqual({ kind: 'unavailable', reason: 'absent' });
    } finally {
      await bare.close();
    }
  });

  it('says a round is not complete when more changed than one page shows', async () => {
    const reads = readsAs('appRead');
    const start = await reads.changesSince(null);
    if (!start.ok || start.value.kind !== 'available') throw new Error('not available');
    const [taskId] = server.taskIds(server.organizations[0]?.id ?? '');
    for (let i = 0; i < 101; i++)
      await put(taskId ?? '', server.keys.full, { priority: i % 2 ? 'low' : 'medium' });
    const next = await reads.changesSince(start.value.cursor);
    if (!next.ok || next.value.kind !== 'available') throw new Error('not available');
    expect(next.value.complete).toBe(false);
    expect(next.value.changes.map((c) => c.taskId)).toEqual([taskId]);
  });

  it('keeps nothing of a hostile page: too many rows, or ids and parents out of shape', async () => {
    const reads = readsAs('appRead');
    const row = (i: number, extra: Record<string, unknown> = {}) => ({
      id: `aud_${i}`,
      entityType: 'task',
      entityId: `tski_x${i}`,
      timestamp: new Date(Date.UTC(2027, 0, 1, 0, 0, i)).toISOString(),
      ...extra,
    });
    server.faults.onlyFor = /^GET \/v1\/audit-logs/;
    server.faults.failNext(200, 1, { data: Array.from({ length: 101 }, (_, i) => row(i)) });
    const tooMany = await reads.changesSince(null);
    expect(!tooMany.ok && tooMany.error.kind).toBe('bad_response');

    server.faults.failNext(200, 1, {
      data: [
        row(1, { entityId: `tski_${'a'.repeat(10_000)}` }),
        row(2, { entityId: 'tsk_compliance1' }),
        row(3, {
          entityId: '../../etc',
          data: { parentEntityId: 'vnd_x', parentEntityType: 'vendor' },
        }),
        row(4, {
          data: { parentEntityId: '<script>', parentEntityType: 'vendor', action: 'x'.repeat(99) },
        }),
      ],
    });
    const odd = await reads.changesSince(null);
    server.faults.onlyFor = null;
    // The long id fails the page's bounds: the whole page is refused, nothing is kept.
    expect(!odd.ok && odd.error.kind).toBe('bad_response');

    server.faults.onlyFor = /^GET \/v1\/audit-logs/;
    server.faults.failNext(200, 1, {
      data: [
        row(2, { entityId: 'tsk_compliance1' }),
        row(3, { entityId: '../../etc' }),
        row(4, {
          data: { parentEntityId: '<script>', parentEntityType: 'vendor', action: 'x'.repeat(99) },
        }),
      ],
    });
    const shaped = await reads.changesSince(null);
    server.faults.onlyFor = null;
    if (!shaped.ok || shaped.value.kind !== 'available') throw new Error('not available');
    // Compliance tasks and ids not shaped like a task item are left out; a bad parent is no parent.
    expect(shaped.value.changes).toEqual([
      { taskId: 'tski_x4', entity: null, action: null, memberId: null, at: row(4).timestamp },
    ]);
  });
});
