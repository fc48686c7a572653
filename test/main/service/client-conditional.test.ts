import { describe, expect, it } from 'vitest';
import { createConditionalMemory } from '../../../main/service/conditional-memory';
import { demoClient, withDemoServer } from '../../helpers/demo';

/**
 * Conditional reads over the reference service: the client remembers each
 * list's ETag, asks with If-None-Match, and tells "unchanged" (304) from a
 * new body without parsing anything again.
 */

const VENDOR = { entityId: 'vnd_j3n7b1x5pe', entityType: 'vendor', limit: '100' };

describe('service client: conditional reads', () => {
  const demo = withDemoServer();

  it('answers a second read of an unchanged list as unchanged, with the same value, and counts it', async () => {
    const client = demoClient(demo.server);
    const first = await client.readIfChanged('/v1/task-management', VENDOR);
    const second = await client.readIfChanged('/v1/task-management', VENDOR);
    if (!first.ok || !second.ok) throw new Error('a read failed');
    expect(first.value.unchanged).toBe(false);
    expect(second.value.unchanged).toBe(true);
    // The very value kept: nothing was parsed again.
    expect(second.value.value).toBe(first.value.value);
    expect(client.conditionalStats()).toEqual({ conditional: 1, notModified: 1 });
    const sent = demo.server.requests().slice(-1)[0];
    expect(sent?.headerNames).toEqual(expect.arrayContaining(['if-none-match']));
  });

  it('reads the new body once the list changed', async () => {
    const client = demoClient(demo.server);
    const first = await client.readIfChanged('/v1/task-management', VENDOR);
    if (!first.ok) throw new Error('the read failed');
    const [task] = (first.value.value as { data: { id: string }[] }).data;
    expect((await client.updateTask(task?.id ?? '', { priority: 'low' })).ok).toBe(true);
    const after = await client.readIfChanged('/v1/task-management', VENDOR);
    if (!after.ok) throw new Error('the read failed');
    expect(after.value.unchanged).toBe(false);
    expect((after.value.value as { data: { id: string; priority: string }[] }).data).toContainEqual(
      expect.objectContaining({ id: task?.id, priority: 'low' }),
    );
  });

  it('never sends a tag when told not to (a benchmark without 304s)', async () => {
    const client = demoClient(demo.server, 'full', { conditional: false });
    await client.readIfChanged('/v1/task-management', VENDOR);
    const again = await client.readIfChanged('/v1/task-management', VENDOR);
    expect(again.ok && again.value.unchanged).toBe(false);
    expect(client.conditionalStats()).toEqual({ conditional: 0, notModified: 0 });
  });

  it('forgets a list that was refused, and sends no tag for it', async () => {
    const client = demoClient(demo.server);
    await client.readIfChanged('/v1/task-management', VENDOR);
    demo.server.faults.failNext(503, 1);
    expect((await client.readIfChanged('/v1/task-management', VENDOR)).ok).toBe(false);
    const third = await client.readIfChanged('/v1/task-management', VENDOR);
    expect(third.ok && third.value.unchanged).toBe(false);
    expect(client.conditionalStats().conditional).toBe(1);
  });
});

describe('conditional memory', () => {
  it('keeps within its entries and bytes, the least recently used going first', () => {
    const memory = createConditionalMemory({ entries: 2, bytes: 1_000 });
    memory.fresh('/a', 'W/"1-a"', { a: 1 }, 100);
    memory.fresh('/b', 'W/"1-b"', { b: 1 }, 100);
    memory.unchanged('/a');
    memory.fresh('/c', 'W/"1-c"', { c: 1 }, 100);
    expect(memory.etagFor('/a')).toBe('W/"1-a"');
    expect(memory.etagFor('/b')).toBeNull();
    memory.fresh('/big', 'W/"1-d"', {}, 600);
    expect(memory.etagFor('/big')).toBeNull();
    memory.fresh('/d', 'W/"1-d"', {}, 240);
    memory.fresh('/e', 'W/"1-e"', {}, 240);
    expect(memory.size().bytes).toBeLessThanOrEqual(1_000);
    expect(memory.size().entries).toBeLessThanOrEqual(2);
  });

  it('keeps no tag that is too long or not one header value', () => {
    const memory = createConditionalMemory();
    memory.fresh('/a', `W/"${'x'.repeat(500)}"`, {}, 10);
    memory.fresh('/b', 'W/"a"\r\nX-Injected: 1', {}, 10);
    expect(memory.etagFor('/a')).toBeNull();
    expect(memory.etagFor('/b')).toBeNull();
  });
});
