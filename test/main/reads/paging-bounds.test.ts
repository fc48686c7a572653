import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOUNDS } from '../../../common/bounds';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createScheduler } from '../../../main/scheduler/scheduler';
import type { Scheduler } from '../../../main/scheduler/scheduler';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { startHostileProxy } from '../../helpers/hostile-proxy';
import type { HostileAnswer } from '../../helpers/hostile-proxy';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';

const gate = await keychainGate();

/** How long each page of a slow service takes, on main's clock. */
const PAGE_MS = 15_000;

const wireTask = (id: string, vendor: string) => ({
  id,
  title: `Task ${id}`,
  status: 'todo',
  priority: 'medium',
  entityId: vendor,
  entityType: 'vendor',
  assignee: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
});

/**
 * A list the service pages without end is bounded in time as well as size
 * (docs/ARCHITECTURE.md, invariant 8; issue 34, finding 2): Browse answers
 * within BOUNDS.listTimeMs with the first N shown, and asks for no page
 * after. Main's clock is moved by the service itself, a page at a time, so
 * a minute of slow pages takes a moment of the test.
 */
describe.skipIf(gate.skip)('paging is bounded in total time and size', () => {
  const service = uniqueTestService();
  const tempDir = useTempDirs('task-tray-paging-');
  const harnesses: CoreHarness[] = [];
  const closing: (() => Promise<void>)[] = [];
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

  /** Main's scheduler, its clock ahead of the wall's by what the slow service has taken. */
  const clock = () => {
    const real = createScheduler();
    let ahead = 0;
    const scheduler: Scheduler = { ...real, now: () => real.now() + ahead };
    return { scheduler, elapse: (ms: number) => void (ahead += ms), now: scheduler.now };
  };
  const connected = async (
    answer: (method: string, url: URL) => HostileAnswer | null,
    scheduler?: Scheduler,
  ) => {
    const proxy = await startHostileProxy(demo.baseUrl, answer);
    closing.push(proxy.close);
    const h = createCoreHarness(await tempDir(), service, scheduler ? { scheduler } : {});
    harnesses.push(h);
    await h.core.start();
    unwrap(await h.call('connectApiKey', { baseUrl: proxy.baseUrl, apiKey: demo.keys.full }));
    return h;
  };
  const settle = () => new Promise((done) => setTimeout(done, 300));

  it('Browse of a vendor whose slow pages never end: the first N shown within the time bound, and no page asked after', async () => {
    const time = clock();
    const asked: number[] = [];
    const h = await connected((method, url) => {
      if (method !== 'GET' || url.pathname !== '/v1/task-management') return null;
      if (url.searchParams.get('entityId') !== 'vnd_slow') return null;
      const at = Number(url.searchParams.get('page'));
      asked.push(time.now());
      time.elapse(PAGE_MS);
      const data = Array.from({ length: 10 }, (_, i) =>
        wireTask(`tski_slow${at}n${i}`, 'vnd_slow'),
      );
      return { json: { data, meta: { page: at, totalPages: at + 1 } } };
    }, time.scheduler);

    const began = time.now();
    const listed = unwrap(
      await h.call('listEntityTasks', { entityType: 'vendor', entityId: 'vnd_slow' }),
    );
    const took = time.now() - began;

    // Every page was asked for within the bound; the answer came with the last one's
    // (what real time the test itself took is on main's clock too).
    expect(asked.length).toBe(BOUNDS.listTimeMs / PAGE_MS);
    expect(asked.every((t) => t - began < BOUNDS.listTimeMs)).toBe(true);
    expect(took).toBeLessThan(BOUNDS.listTimeMs + 5_000);
    expect(listed.tasks).toHaveLength(asked.length * 10);
    expect(listed.note).toBe(
      `The first ${asked.length * 10} tasks are shown: this vendor has more, which the web app lists.`,
    );
    // Nothing goes on reading behind the answer.
    const pages = asked.length;
    time.elapse(BOUNDS.listTimeMs);
    await settle();
    expect(asked).toHaveLength(pages);
  });

  // The 5,000 cap on vendors and risks is not what stops risks here: at the reads' pacing
  // (20 a minute) the 21st page of 250 would come after the minute's bound.
  it('Browse when slow pages of risks never end: the first N vendors and risks shown within the time bound', async () => {
    const vendors = (await (
      await fetch(`${demo.baseUrl}/v1/vendors`, { headers: { 'X-API-Key': demo.keys.full } })
    ).json()) as { data: unknown[] };
    const time = clock();
    let asked = 0;
    const h = await connected((method, url) => {
      if (method !== 'GET' || url.pathname !== '/v1/risks') return null;
      const at = Number(url.searchParams.get('page'));
      asked += 1;
      time.elapse(PAGE_MS);
      const data = Array.from({ length: 250 }, (_, i) => ({
        id: `rsk_p${at}n${i}`,
        title: `Risk ${at}.${i}`,
      }));
      return { json: { data, pageCount: at + 1 } };
    }, time.scheduler);

    const began = time.now();
    const list = unwrap(await h.call('listEntities'));
    expect(time.now() - began).toBeLessThan(BOUNDS.listTimeMs + 5_000);
    const risks = list.entities.filter((e) => e.entityType === 'risk');
    expect(risks).toHaveLength((BOUNDS.listTimeMs / PAGE_MS) * 250);
    expect(list.entities).toHaveLength(vendors.data.length + risks.length);
    expect(list.note).toBe(
      `The first ${list.entities.length.toLocaleString('en-US')} vendors and risks are shown: ` +
        'the service lists more, which the web app shows.',
    );
    const pages = asked;
    time.elapse(BOUNDS.listTimeMs);
    await settle();
    expect(asked).toBe(pages);
  });
});
