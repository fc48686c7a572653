import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../main/demo/server';
import { createScheduler } from '../../main/scheduler/scheduler';
import type { DemoServer } from '../../main/demo/server';
import { unwrap } from '../helpers/result';
import { chooseStatus, expectAccessible, screenshots, shownStatus } from './popup';
import type { WireTask } from './popup';
import { skipE2e, useE2eSuite } from './suite';

describe.skipIf(skipE2e)('browse, in Chromium against main and the reference service', () => {
  const suite = useE2eSuite();
  const servers: DemoServer[] = [];
  let server: DemoServer;

  beforeAll(async () => {
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
    servers.push(server);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  async function popupOn(on: DemoServer, key: string) {
    const h = await suite.startMain();
    unwrap(await h.call('connectApiKey', { baseUrl: on.baseUrl, apiKey: key }));
    const popup = await suite.openPopup(h);
    await popup.page.getByRole('heading', { name: on.organizations[0]!.name }).waitFor();
    return popup.page;
  }
  /** The vendors as the service itself lists them. */
  const vendorNames = async () =>
    (
      (await (
        await fetch(`${server.baseUrl}/v1/vendors`, { headers: { 'X-API-Key': server.keys.full } })
      ).json()) as { data: { id: string; name: string }[] }
    ).data;

  it('browses to a vendor, changes one of its tasks in place, and the service has it', async () => {
    const page = await popupOn(server, server.keys.full);
    await page.getByRole('button', { name: 'Browse', exact: true }).click();
    const search = page.getByRole('searchbox', { name: 'Search vendors and risks' });
    await search.waitFor();
    const vendors = await vendorNames();
    const orgId = server.organizations[0]!.id;
    const vendor = vendors.find((v) =>
      (server.wireTasks(orgId) as unknown as WireTask[]).some((t) => t.entityId === v.id),
    )!;
    await page.getByRole('button', { name: vendor.name, exact: true }).waitFor();
    await screenshots(page, 'browse-list');
    await expectAccessible(page, 'browse list');

    await search.fill(vendor.name.slice(0, 4));
    await page.getByRole('button', { name: vendor.name, exact: true }).click();
    const mine = (server.wireTasks(orgId) as unknown as WireTask[]).filter(
      (t) => t.entityId === vendor.id,
    );
    const list = page.getByRole('list', { name: `Tasks of Vendor ${vendor.name}` });
    await list.waitFor();
    for (const t of mine) await list.getByText(t.title, { exact: true }).waitFor();
    expect(await page.locator('.browse__counts').textContent()).toMatch(
      new RegExp(`^${mine.length} tasks?: `),
    );

    const t = mine[0]!;
    const next = t.status === 'done' ? 'To do' : 'Done';
    const row = page.locator(`li[data-task-id="${t.id}"]`);
    await chooseStatus(row, next);
    await expect
      .poll(() => server.getTask(orgId, t.id)?.status)
      .toBe(next === 'Done' ? 'done' : 'todo');
    // Changed here, so pinned: its row offers Unpin now, and the pinned list has it.
    await row.getByRole('button', { name: `Unpin ${t.title}` }).waitFor();
    await screenshots(page, 'browse-vendor');
    await expectAccessible(page, 'browse vendor');

    await page.getByRole('button', { name: 'Back to vendors and risks' }).click();
    await page.getByRole('button', { name: 'Back to tasks' }).click();
    await page.locator(`li[data-task-id="${t.id}"]`).getByText(t.title).waitFor();
  });

  it('a bare task id: its vendor or risk is found, and the row shows its title and status', async () => {
    const orgId = server.organizations[0]!.id;
    const t =
      (server.wireTasks(orgId) as unknown as WireTask[]).find((x) => x.status === 'in_review') ??
      (server.wireTasks(orgId) as unknown as WireTask[])[2]!;
    const page = await popupOn(server, server.keys.full);
    const input = page.getByLabel('Pin a task by id or link');
    await input.fill(t.id);
    await input.press('Enter');
    const row = page.locator(`li[data-task-id="${t.id}"]`);
    await row.locator('.task__title', { hasText: t.title }).waitFor();
    expect(await shownStatus(row)).not.toBe('?');
    expect(server.requests().filter((q) => q.method === 'PUT' && q.url.includes(t.id))).toEqual([]);
  });

  it('a change made on the service (the web app) shows after the popup reads again', async () => {
    const orgId = server.organizations[0]!.id;
    const t = (server.wireTasks(orgId) as unknown as WireTask[]).find((x) => x.status === 'todo')!;
    // Main's clock, moved on by the test: the popup's reads are at least 10 s apart.
    let skew = 0;
    const base = createScheduler();
    const h = await suite.startMain({ scheduler: { ...base, now: () => base.now() + skew } });
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    unwrap(await h.call('pinTask', { ref: t.id }));
    const { page } = await suite.openPopup(h);
    const row = page.locator(`li[data-task-id="${t.id}"]`);
    await row.locator('.task__title', { hasText: t.title }).waitFor();
    expect(await shownStatus(row)).toBe('To do');

    // Someone else moves it on in the web app.
    const put = await fetch(`${server.baseUrl}/v1/task-management/${t.id}`, {
      method: 'PUT',
      headers: { 'X-API-Key': server.keys.colleague, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'in_review' }),
    });
    expect(put.status).toBe(200);
    skew += 11_000;
    // The popup shown again (or its minute up): it asks main to read again.
    await page.evaluate(`document.dispatchEvent(new Event('visibilitychange'))`);
    await row.locator('.task__line .pill', { hasText: 'In review' }).waitFor();
  });

  it('a key without vendor:read lists risks and names the scope vendors need', async () => {
    const page = await popupOn(server, server.keys.colleague);
    await page.getByRole('button', { name: 'Browse', exact: true }).click();
    await page.getByText(/vendor:read/).waitFor();
    expect(await page.getByRole('region', { name: /Vendors/ }).count()).toBe(0);
    expect(await page.getByRole('region', { name: /Risks/ }).count()).toBe(1);
    await expectAccessible(page, 'browse without vendors');
  });

  it('against a service without the reads, says to pin by link', async () => {
    const bare = await startDemoServer({
      host: '127.0.0.1',
      port: 0,
      rateLimit: false,
      reads: false,
    });
    servers.push(bare);
    const page = await popupOn(bare, bare.keys.full);
    await page.getByRole('button', { name: 'Browse', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText(/pin tasks by their links/)
      .waitFor();
    await expectAccessible(page, 'browse unavailable');
  });
});
