import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../main/demo/server';
import type { DemoServer } from '../../main/demo/server';
import { complianceCall } from '../helpers/compliance-calls';
import { unwrap } from '../helpers/result';
import { expectAccessible, screenshots, shownStatus } from './popup';
import { skipE2e, useE2eSuite } from './suite';

/** Maya, of the reference service's Northwind Health: compliance tasks and task items are hers. */
const MAYA = 'mem_n1maya7q2c';
/** Hers in the order to do them (main's orderMine): overdue by 2 days, in 3 days, in 10 days. */
const MAYAS = ['tsk_n2backup4restore', 'tsk_n1access7review', 'tsk_n5vendor6assess'];

describe.skipIf(skipE2e)('My work, in Chromium against main and the reference service', () => {
  const suite = useE2eSuite();
  let server: DemoServer;

  beforeAll(async () => {
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('just connected: compliance tasks, then task items, at once; a key sets a status on the service', async () => {
    const h = await suite.startMain();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    unwrap(await h.call('setMe', { memberId: MAYA }));
    const { page } = await suite.openPopup(h);

    const compliance = page.getByRole('list', { name: 'Compliance tasks' });
    await compliance.waitFor();
    const rows = compliance.locator('li[data-task-id]');
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-task-id')))).toEqual(
      MAYAS,
    );
    expect(await rows.locator('.due').allTextContents()).toEqual([
      '2 days overdue',
      expect.stringMatching(/^due [A-Z][a-z]+day$/),
      expect.stringMatching(/^due \d{1,2} [A-Z][a-z]{2}/),
    ]);
    const items = page.getByRole('list', { name: 'Task items assigned to me' });
    await items.locator('li[data-task-id]').first().waitFor({ timeout: 20_000 });
    expect(await page.getByText('No pinned tasks yet').count()).toBe(0);
    // The first of her work took focus: the keys act at once.
    await expect
      .poll(() => page.evaluate(`document.activeElement?.getAttribute('data-task-id')`))
      .toBe(MAYAS[0]);
    await screenshots(page, 'my-work');
    await expectAccessible(page, 'my work');

    // The open row: its schedule, and 1–6 (2: in progress) on the access review.
    const access = rows.nth(1);
    await access.focus();
    await expect
      .poll(() => access.locator('.ctask__schedule').textContent())
      .toBe('Quarterly · IT');
    await screenshots(page, 'my-work-open-row');
    await page.keyboard.press('2');
    expect(await shownStatus(access)).toBe('In progress');
    await expect
      .poll(async () => {
        const a = await complianceCall(server, 'key', 'GET', `/v1/tasks/${MAYAS[1]}`);
        return (a.json as unknown as { status: string }).status;
      })
      .toBe('in_progress');
  }, 60_000);

  it('with pins: My work above them, the pins named, each task item once', async () => {
    const h = await suite.startMain();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    unwrap(await h.call('setMe', { memberId: MAYA }));
    const orgId = server.organizations[0]!.id;
    const wire = server.wireTasks(orgId);
    const assignee = (t: Record<string, unknown>) => (t['assignee'] as { id?: string } | null)?.id;
    const open = (t: Record<string, unknown>) =>
      !['done', 'canceled'].includes(t['status'] as string);
    const hers = wire.find((t) => assignee(t) === MAYA && open(t))!['id'] as string;
    const other = wire.find((t) => assignee(t) !== MAYA)!['id'] as string;
    unwrap(await h.call('pinTask', { ref: other }));
    unwrap(await h.call('pinTask', { ref: hers }));
    const { page } = await suite.openPopup(h);

    await page.getByRole('list', { name: 'Compliance tasks' }).waitFor();
    const items = page.getByRole('list', { name: 'Task items assigned to me' });
    await items.locator('li[data-task-id]').first().waitFor({ timeout: 20_000 });
    const pins = page.getByRole('list', { name: 'Pinned tasks' });
    // Hers is pinned: it shows with the pins, not twice.
    expect(await items.locator(`li[data-task-id="${hers}"]`).count()).toBe(0);
    expect(await pins.locator(`li[data-task-id="${hers}"]`).count()).toBe(1);
    expect(
      await pins.evaluate(
        (el) => el.ownerDocument.defaultView!.getComputedStyle(el, '::before').content,
      ),
    ).toBe('"Pinned"');
    await pins.scrollIntoViewIfNeeded();
    await screenshots(page, 'my-work-with-pins');
    await expectAccessible(page, 'my work with pins');
  }, 60_000);

  it('select mode ticks compliance tasks beside a pin: one change lands on both kinds', async () => {
    const h = await suite.startMain();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    unwrap(await h.call('setMe', { memberId: MAYA }));
    const orgId = server.organizations[0]!.id;
    const item = server
      .wireTasks(orgId)
      .find((t) => !['done', 'canceled'].includes(t['status'] as string))!;
    unwrap(await h.call('pinTask', { ref: item['id'] as string }));
    const { page } = await suite.openPopup(h);
    const compliance = page.getByRole('list', { name: 'Compliance tasks' });
    await compliance.waitFor();
    const title = async (id: string) =>
      (await compliance.locator(`li[data-task-id="${id}"] .task__title`).textContent()) ?? '';

    await page.getByRole('button', { name: 'Select' }).click();
    const bar = page.getByRole('region', { name: 'Change several tasks' });
    await page.getByRole('checkbox', { name: await title(MAYAS[0]!) }).check();
    await page.getByRole('checkbox', { name: await title(MAYAS[2]!) }).check();
    await page.getByRole('checkbox', { name: item['title'] as string }).check();
    await bar.getByText('3 selected').waitFor();
    // Both kinds ticked: the statuses they share, and a priority for the task item alone.
    expect(
      await bar
        .getByRole('group', { name: /^Set 3 tasks to/ })
        .getByRole('button')
        .allTextContents(),
    ).toEqual(['To do', 'In progress', 'In review', 'Done']);
    await screenshots(page, 'bulk-both-kinds');
    await expectAccessible(page, 'select mode across both kinds');

    await bar.getByRole('button', { name: 'Done' }).click();
    // The vendor assessment waits for its approver: the service refuses, and says what to do.
    await bar.getByText('2 set to Done, 1 refused.').waitFor();
    await bar.getByText(/Cannot change status directly while task is in review/).waitFor();
    await screenshots(page, 'bulk-both-kinds-refusal');
    const statusOf = async (id: string) =>
      (
        (await complianceCall(server, 'key', 'GET', `/v1/tasks/${id}`)).json as unknown as {
          status: string;
        }
      ).status;
    expect(await statusOf(MAYAS[0]!)).toBe('done');
    expect(await statusOf(MAYAS[2]!)).toBe('in_review');
    const after = server.wireTasks(orgId).find((t) => t['id'] === item['id'])!;
    expect(after['status']).toBe('done');
  }, 60_000);
});
