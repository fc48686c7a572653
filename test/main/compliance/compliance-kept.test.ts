import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPLIANCE_BOUNDS } from '../../../common/compliance-task';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { useTempDirs } from '../../helpers/temp-dir';
import { complianceWorld, MIN, PROFILE } from './compliance-world';
import type { ComplianceWorld } from './compliance-world';

const task = (i: number, description = 'Collect the evidence.') => ({
  id: `tsk_big${i}`,
  title: `Task ${i}`,
  description,
  status: 'todo',
  frequency: 'monthly',
  department: 'it',
  reviewDate: '2026-12-01T00:00:00.000Z',
  assigneeId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
});

describe('compliance tasks kept on disk', () => {
  const tempDir = useTempDirs('task-tray-compliance-kept-');
  const servers: DemoServer[] = [];
  const worlds: ComplianceWorld[] = [];
  afterEach(async () => {
    for (const w of worlds.splice(0)) await w.reads.dispose();
    for (const s of servers.splice(0)) await s.close();
  });
  const world = async (dir: string) => {
    const server = await startDemoServer({ rateLimit: false });
    servers.push(server);
    const w = await complianceWorld(server, dir, { kind: 'api-key', apiKey: server.keys.full });
    worlds.push(w);
    return { server, w };
  };

  it('survive a restart: the next start has the list before any read, and asks with its ETag', async () => {
    const dir = await tempDir();
    const { server, w } = await world(dir);
    await w.round();
    await w.reads.dispose();
    const before = w.keeper.list(PROFILE)!;

    const again = w.keeperOf();
    await again.load();
    expect(again.list(PROFILE)).toEqual(before);
    expect(again.etag(PROFILE)).toMatch(/^W\//);
    // A new run on the same folder (the same service): its first round is a 304.
    const next = await complianceWorld(server, dir, { kind: 'api-key', apiKey: server.keys.full });
    worlds.push(next);
    expect(next.keeper.list(PROFILE)?.tasks).toHaveLength(7);
    await next.round();
    expect(next.tasksCalls()[0]).toMatchObject({ status: 304, bytes: 0 });
    expect(next.told).toEqual([]);
  });

  it('a corrupt file: start empty, say so in the log, remove it, leave other files alone', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'settings.json'), '{"kept":"as it was"}');
    await writeFile(join(dir, 'compliance.json'), '{"version":1,"entries":[{"profileId":');
    const { w } = await world(dir);
    expect(w.keeper.list(PROFILE)).toBeNull();
    expect(w.logs.some((l) => /kept list of compliance tasks could not be read/.test(l))).toBe(
      true,
    );
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).toBe('{"kept":"as it was"}');
    expect(await readdir(dir)).toEqual(['settings.json']);
    // And it is read again from the service.
    await w.round();
    expect(w.keeper.list(PROFILE)?.tasks).toHaveLength(7);
  });

  it('a hostile answer: too many tasks is refused (the kept list stays), long texts are cut', async () => {
    const dir = await tempDir();
    const { server, w } = await world(dir);
    await w.round();
    const kept = w.keeper.list(PROFILE)!;
    server.faults.onlyFor = /^GET \/v1\/tasks$/;
    const many = Array.from({ length: COMPLIANCE_BOUNDS.tasks + 1 }, (_, i) => task(i));
    server.faults.failNext(200, 1, { data: many, count: many.length });
    w.clock.advance(2 * MIN);
    await w.round();
    expect(w.keeper.list(PROFILE)!.tasks).toBe(kept.tasks);
    expect(w.logs.some((l) => /not a list of compliance tasks/.test(l))).toBe(true);

    const long = [task(1, 'x'.repeat(200_000)), { ...task(2), title: 'y'.repeat(50_000) }];
    server.faults.failNext(200, 1, { data: long, count: 2 });
    w.clock.advance(2 * MIN);
    await w.round();
    const [one, two] = w.keeper.list(PROFILE)!.tasks;
    expect(one!.description!.length).toBeLessThanOrEqual(COMPLIANCE_BOUNDS.description);
    expect(two!.title.length).toBeLessThanOrEqual(1_000);
    await w.keeper.flushed();
    expect((await readFile(w.filePath, 'utf8')).length).toBeLessThan(100_000);
  });
});
