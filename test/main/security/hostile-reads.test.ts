import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOUNDS } from '../../../common/bounds';
import { ok } from '../../../common/result';
import type { AssignedView } from '../../../common/views';
import { ASSIGNED_FILE } from '../../../main/assigned/assigned-cache';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { startHostileProxy } from '../../helpers/hostile-proxy';
import type { HostileAnswer } from '../../helpers/hostile-proxy';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

const gate = await keychainGate();

/** Bytes of a value as JSON: what a file, an answer or an event of it weighs. */
const weight = (v: unknown): number => Buffer.byteLength(JSON.stringify(v) ?? '');
const MB = 1024 * 1024;
const DESCRIPTION = 'd'.repeat(60 * 1024);

/** A task item as the service lists one, with a 60 KB description. */
const wireTask = (id: string, vendor: string, assigneeId: string | null) => ({
  id,
  title: `Task ${id}`,
  description: DESCRIPTION,
  status: 'todo',
  priority: 'medium',
  entityId: vendor,
  entityType: 'vendor',
  assignee: assigneeId ? { id: assigneeId, user: { name: 'Maya' } } : null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
});
const page = (data: unknown[], at: number, totalPages: number): HostileAnswer => ({
  json: { data, meta: { page: at, totalPages } },
});

/**
 * What the second red-team ran against the reads (issue 34, findings 1, 2
 * and 6): hostile services on loopback, in front of the reference service.
 * Each costs a shortened list and a sentence saying so: never an event, an
 * answer or a file of megabytes, nor seconds of a stalled main process.
 */
describe.skipIf(gate.skip)('hostile reads are bounded in total', () => {
  const service = uniqueTestService();
  const tempDir = useTempDirs('task-tray-hostile-reads-');
  const closing: (() => Promise<void>)[] = [];
  const harnesses: CoreHarness[] = [];
  let demo: DemoServer;

  beforeAll(async () => {
    gate.assertAvailable();
    demo = await startDemoServer({ rateLimit: false });
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
    for (const close of closing.splice(0)) await close();
  });
  afterAll(async () => {
    await demo.close();
    await removeTestService(service);
  });

  const hostile = async (answer: Parameters<typeof startHostileProxy>[1]) => {
    const proxy = await startHostileProxy(demo.baseUrl, answer);
    closing.push(proxy.close);
    return proxy;
  };
  const start = async (dir: string, baseUrl: string) => {
    const h = createCoreHarness(dir, service, {
      signInWithBrowser: async () =>
        ok({ cookie: demo.session.cookie, organizationId: demo.session.organizationId }),
    });
    harnesses.push(h);
    await h.core.start();
    unwrap(await h.call('connectApiKey', { baseUrl, apiKey: demo.keys.full }));
    return h;
  };

  it('"assigned to me" over 30 vendors × 75 open tasks of 60 KB: a capped list, small events, answer and file', async () => {
    const maya = { id: '' };
    const vendors = Array.from({ length: 30 }, (_, i) => `vnd_hostile${i}`);
    const proxy = await hostile((method, url) => {
      if (method !== 'GET') return null;
      if (url.pathname === '/v1/vendors')
        return { json: { data: vendors.map((id) => ({ id, name: id })) } };
      if (url.pathname === '/v1/risks') return { json: { data: [], pageCount: 1 } };
      const vendor = url.searchParams.get('entityId');
      if (url.pathname === '/v1/task-management' && vendor)
        return page(
          Array.from({ length: 75 }, (_, i) =>
            wireTask(`tski_${vendor.slice(4)}n${i}`, vendor, maya.id),
          ),
          1,
          1,
        );
      return null;
    });
    const dir = await tempDir();
    const h = await start(dir, proxy.baseUrl);
    maya.id = unwrap(await h.call('listPeople')).find((p) => p.name === 'Maya Chen')!.id;

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const began = Date.now();
    unwrap(await h.call('setMe', { memberId: maya.id }));
    const done = await vi.waitFor(
      async () => {
        const v = unwrap(await h.call('getAssigned'));
        expect(v.state).toBe('ready');
        return v;
      },
      { timeout: 120_000, interval: 200 },
    );
    delay.disable();
    const took = Date.now() - began;

    // The most pressing few hundred are kept, and the view says how many more there are.
    expect(done.tasks).toHaveLength(BOUNDS.assignedShown);
    expect(done.more).toBe(30 * 75 - BOUNDS.assignedShown);
    // No descriptions in a list: the task view reads them.
    expect(done.tasks.every((t) => t.description === undefined)).toBe(true);
    // Progress goes out without the list.
    const progress = h.events.filter((e) => e.event === 'assigned:progress');
    expect(progress.length).toBeGreaterThan(20);
    expect(progress.every((e) => weight(e.payload) < 200)).toBe(true);
    const listEvents = h.events.filter((e) => e.event === 'assigned:changed');
    expect(listEvents.length).toBeLessThan(8);
    // The tray's state does not carry the list.
    expect(h.core.state().assigned?.tasks.length ?? 0).toBeLessThanOrEqual(25);

    const largestEvent = Math.max(...h.events.map((e) => weight(e.payload)));
    const largestAnswer = Math.max(...h.answers.map(weight));
    const file = (await stat(join(dir, ASSIGNED_FILE))).size;
    // The figures issue 34 asks for, printed on every run.
    console.warn(
      `assigned, 30 × 75 × 60 KB: largest event ${largestEvent} B, answer ${largestAnswer} B, ` +
        `${ASSIGNED_FILE} ${file} B, longest stall ${(delay.max / 1e6).toFixed(0)} ms, ` +
        `events ${h.events.length}, refresh ${took} ms`,
    );
    expect(largestEvent).toBeLessThan(1 * MB);
    expect(largestAnswer).toBeLessThan(1 * MB);
    expect(file).toBeLessThan(1 * MB);
  }, 180_000);

  it('Browse on a service that always has a next page: the first N shown, duplicates dropped, a small answer', async () => {
    let pagesAsked = 0;
    const proxy = await hostile((method, url) => {
      if (method !== 'GET') return null;
      // 2,500 copies of one vendor, and one more.
      if (url.pathname === '/v1/vendors')
        return {
          json: {
            data: [
              ...Array.from({ length: 2_500 }, () => ({ id: 'vnd_twin', name: 'Twin' })),
              { id: 'vnd_other', name: 'Other' },
            ],
          },
        };
      if (url.pathname === '/v1/task-management' && url.searchParams.get('entityId')) {
        const at = Number(url.searchParams.get('page'));
        pagesAsked += 1;
        // 80 of 60 KB fit a page under the client's 5 MB cap; every other page repeats the one before.
        const n = at % 2 === 0 ? at - 1 : at;
        return page(
          Array.from({ length: 80 }, (_, i) => wireTask(`tski_p${n}i${i}`, 'vnd_twin', null)),
          at,
          at + 1,
        );
      }
      return null;
    });
    const h = await start(await tempDir(), proxy.baseUrl);

    const list = unwrap(await h.call('listEntities'));
    expect(list.entities.filter((e) => e.entityType === 'vendor').map((e) => e.entityId)).toEqual([
      'vnd_twin',
      'vnd_other',
    ]);

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const listed = unwrap(
      await h.call('listEntityTasks', { entityType: 'vendor', entityId: 'vnd_twin' }),
    );
    delay.disable();
    const ids = listed.tasks.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeLessThanOrEqual(BOUNDS.listedTasks);
    expect(listed.note).toMatch(new RegExp(`first ${ids.length} .*shown`));
    const answer = weight(h.answers.at(-1));
    console.warn(
      `browse, endless pages of 80 × 60 KB: ${pagesAsked} pages read, ${ids.length} tasks, ` +
        `answer ${answer} B, longest stall ${(delay.max / 1e6).toFixed(0)} ms`,
    );
    expect(answer).toBeLessThanOrEqual(BOUNDS.listBytes + MB);
    expect(pagesAsked).toBeLessThan(20);
  }, 60_000);

  it('a member id from /v1/auth/me that is no member id is not taken', async () => {
    const orgId = demo.session.organizationId;
    const hostileId = `mem_${'x'.repeat(10_000)}<a href="../../">`;
    const asked: string[] = [];
    const proxy = await hostile((method, url) => {
      if (url.pathname === '/v1/task-management') asked.push(url.search);
      if (method === 'GET' && url.pathname === '/v1/auth/me')
        return { json: { organizations: [{ id: orgId, memberId: hostileId }] } };
      return null;
    });
    const dir = await tempDir();
    const h = createCoreHarness(dir, service, {
      signInWithBrowser: async () => ok({ cookie: demo.session.cookie, organizationId: orgId }),
      // The person says yes to the new sign-in site (main asks: issue 34, finding 9).
      confirm: async () => true,
    });
    harnesses.push(h);
    await h.core.start();
    unwrap(
      await h.call('setSettings', {
        signInUrl: 'https://app.example.com/',
        serviceUrl: proxy.baseUrl,
      }),
    );
    unwrap(await h.call('signInWithSession'));
    const v: AssignedView = await vi.waitFor(
      async () => {
        const view = unwrap(await h.call('getAssigned'));
        expect(view.state).toMatch(/failed|unavailable/);
        return view;
      },
      { timeout: 20_000 },
    );
    expect(v.me).toBeNull();
    expect(v.message).toMatch(/did not say which member you are/);
    expect(asked.filter((q) => q.includes('assigneeId'))).toEqual([]);
    expect(JSON.stringify(h.events)).not.toContain('xxxxxxxxxx');
    await expect(stat(join(dir, ASSIGNED_FILE))).rejects.toThrow();
  });
});
