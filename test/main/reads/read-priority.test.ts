import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createAccountReads } from '../../../main/reads/account-reads';
import { createReadBudgets } from '../../../main/reads/read-budgets';
import type { ServiceClient } from '../../../main/service/client';
import { demoClient } from '../../helpers/demo';
import { manualClock } from '../../helpers/manual-clock';

/**
 * The reads' priority and budget over the reference service (real loopback
 * HTTP) on a virtual clock: what the person asked for goes first, background
 * reads keep to 20 a minute per route, shared by the accounts of one address.
 */

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 2));

describe('read priority and budget over the reference service', () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemoServer({
      rateLimit: false,
      largeOrganization: { vendors: 200, risks: 0, tasks: 400 },
    });
  });
  afterAll(() => server.close());

  const readsOf = (
    clock: ReturnType<typeof manualClock>,
    budgets: ReturnType<typeof createReadBudgets>,
    client: ServiceClient,
  ) =>
    createAccountReads({
      shown: () => ({ profileId: 'p', client, address: server.baseUrl }),
      budgets,
      scheduler: clock as never,
      quiet: async () => undefined,
      stopped: () => false,
    });
  const vendorIds = () =>
    Array.from({ length: 200 }, (_, i) => `vnd_gen${String(i + 1).padStart(4, '0')}`);

  it("lists Browse's vendors at once while 200 background reads wait their turn", async () => {
    const clock = manualClock();
    const budgets = createReadBudgets(clock as never);
    const client = demoClient(server);
    const account = readsOf(clock, budgets, client);
    const behind = account.readsFor('p', client, { background: true });
    let backgroundDone = 0;
    for (const entityId of vendorIds())
      void behind.entityTasks({ entityType: 'vendor', entityId }).then(() => (backgroundDone += 1));
    // The background's first burst (two) is answered; the rest wait for time to pass.
    while (backgroundDone < 2) await flush();
    await flush();
    const before = server.requestCount();

    const vendors = await account.readsFor('p', client).vendors();
    expect(vendors.ok && vendors.value.items.length).toBeGreaterThanOrEqual(200);
    // The person's read went straight to the service: nothing queued went first.
    expect(server.requestCount() - before).toBe(1);
    expect(server.requests().at(-1)?.url).toBe('/v1/vendors');
    expect(backgroundDone).toBe(2);
    expect(budgets.forAddress(server.baseUrl).waitingBehind()).toBeGreaterThanOrEqual(198);
    budgets.dispose();
  });

  it('joins a second ask for a list being read: one request for both', async () => {
    const clock = manualClock();
    const budgets = createReadBudgets(clock as never);
    const client = demoClient(server);
    const reads = readsOf(clock, budgets, client).readsFor('p', client);
    const before = server.requestCount();
    const entity = { entityType: 'vendor', entityId: 'vnd_gen0001' } as const;
    const [a, b] = await Promise.all([reads.entityTasks(entity), reads.entityTasks(entity)]);
    expect(a).toBe(b);
    expect(server.requestCount() - before).toBe(1);
    budgets.dispose();
  });

  it('keeps two accounts of one address to one background budget: 20 a minute per route between them', async () => {
    const clock = manualClock();
    const budgets = createReadBudgets(clock as never);
    const sentAt: number[] = [];
    const timed: typeof fetch = (input, init) => {
      sentAt.push(clock.now());
      return fetch(input, init);
    };
    const mine = demoClient(server, 'full', { fetch: timed });
    const colleague = demoClient(server, 'colleague', { fetch: timed });
    const accounts = [mine, colleague].map((client) =>
      readsOf(clock, budgets, client).readsFor('p', client, { background: true }),
    );
    let done = 0;
    for (const [i, entityId] of vendorIds().slice(0, 80).entries())
      void accounts[i % 2]?.entityTasks({ entityType: 'vendor', entityId }).then(() => (done += 1));
    for (let s = 0; s < 10 * 60 && done < 80; s++) {
      clock.advance(1_000);
      await flush();
    }
    expect(done).toBe(80);
    let busiest = 0;
    for (const t of sentAt)
      busiest = Math.max(busiest, sentAt.filter((u) => u >= t && u < t + 60_000).length);
    expect(busiest).toBeLessThanOrEqual(20);
    budgets.dispose();
  });
});
