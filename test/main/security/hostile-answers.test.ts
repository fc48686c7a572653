import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

const gate = await keychainGate();

/**
 * A hostile service (or a member who can edit a pinned task) answers with
 * what breaks apps: nesting thousands deep, megabytes of title. Each costs
 * at most a shortened text; the list still lists, saves small and starts
 * again (docs/ARCHITECTURE.md, invariant 8).
 */
describe.skipIf(gate.skip)('hostile answers cannot break the task list', () => {
  const service = uniqueTestService();
  const tempDir = useTempDirs('task-tray-hostile-');
  let server: DemoServer;
  const harnesses: CoreHarness[] = [];

  beforeAll(async () => {
    gate.assertAvailable();
    // Interface-only: after the restart, what is listed is what the hostile answers left
    // (a background read would replace it with the service's list).
    server = await startDemoServer({ rateLimit: false, reads: false });
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
  });
  afterAll(async () => {
    await server.close();
    await removeTestService(service);
  });

  const start = async (dir: string) => {
    const h = createCoreHarness(dir, service);
    harnesses.push(h);
    await h.core.start();
    return h;
  };
  const org = () => server.organizations[0]!.id;
  /** The task's wire JSON with `field` replaced by raw JSON text (which JSON.stringify could not even write). */
  const answerWith = (taskId: string, field: string, rawJson: string): Buffer => {
    const wire = server.wireTasks(org()).find((t) => t['id'] === taskId)!;
    const text = JSON.stringify({ ...wire, [field]: '@@' });
    return Buffer.from(text.replace('"@@"', rawJson));
  };

  it('a description nested 5,000 levels: the change answers a Result, settings stay small, the next start lists', async () => {
    const dir = await tempDir();
    let h = await start(dir);
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    const [a, b] = server.taskIds(org());
    for (const id of [a!, b!]) unwrap(await h.call('pinTask', { ref: id }));

    const deep = `${'{"type":"paragraph","content":['.repeat(5_000)}{"type":"text","text":"x"}${']}'.repeat(5_000)}`;
    server.faults.failNext(200, 1, answerWith(a!, 'description', deep));
    const changed = await h.call('updateTask', { taskId: a!, patch: { status: 'in_review' } });
    expect(changed.ok).toBe(true);
    const listed = unwrap(await h.call('listTasks'));
    expect(() => structuredClone(listed)).not.toThrow();
    expect(typeof listed.find((t) => t.id === a)?.snapshot?.description).toBe('string');

    // Titles of 4.9 MB each.
    for (const id of [a!, b!]) {
      server.faults.failNext(
        200,
        1,
        answerWith(id, 'title', JSON.stringify('T'.repeat(4_900_000))),
      );
      unwrap(await h.call('updateTask', { taskId: id, patch: { priority: 'high' } }));
    }
    const settingsFile = join(dir, 'settings.json');
    expect((await stat(settingsFile)).size).toBeLessThan(50_000);
    // Written compactly: no indentation to grow with depth.
    expect(await readFile(settingsFile, 'utf8')).not.toMatch(/\n {2}/);

    await h.core.dispose();
    h = await start(dir);
    const again = unwrap(await h.call('listTasks'));
    expect(again.map((t) => t.id)).toEqual([a, b]);
    expect(again[0]?.snapshot?.title).toHaveLength(1_000);
    expect(() => structuredClone(again)).not.toThrow();
  });

  it('a vendor task list with a 5,000-deep description and a 4.9 MB title: bounded before it is kept', async () => {
    const reading = await startDemoServer({ rateLimit: false });
    try {
      const dir = await tempDir();
      const h = await start(dir);
      unwrap(
        await h.call('connectApiKey', { baseUrl: reading.baseUrl, apiKey: reading.keys.full }),
      );
      const orgId = reading.organizations[0]!.id;
      const wire = reading.wireTasks(orgId)[0]!;
      const deep = `${'{"type":"paragraph","content":['.repeat(5_000)}{"type":"text","text":"x"}${']}'.repeat(5_000)}`;
      const item = JSON.stringify({ ...wire, description: '@@', title: 'T'.repeat(4_900_000) });
      const meta = {
        page: 1,
        limit: 100,
        total: 1,
        totalPages: 1,
        hasNextPage: false,
        hasPrevPage: false,
      };
      reading.faults.onlyFor = /^GET \/v1\/task-management$/;
      reading.faults.failNext(
        200,
        1,
        Buffer.from(`{"data":[${item.replace('"@@"', deep)}],"meta":${JSON.stringify(meta)}}`),
      );
      const entity = wire['entityType'] === 'vendor' ? 'vendors' : 'risk';
      const link = `https://app.example.com/${orgId}/${entity}/${String(wire['entityId'])}?taskItemId=${String(wire['id'])}`;
      unwrap(await h.call('pinTask', { ref: link }));
      await vi.waitFor(async () => {
        const [row] = unwrap(await h.call('listTasks'));
        expect(row?.snapshot?.title).toHaveLength(1_000);
      });
      const listed = unwrap(await h.call('listTasks'));
      expect(typeof listed[0]?.snapshot?.description).toBe('string');
      expect(() => structuredClone(listed)).not.toThrow();
      expect((await stat(join(dir, 'settings.json'))).size).toBeLessThan(50_000);
    } finally {
      await reading.close();
    }
  });
});
