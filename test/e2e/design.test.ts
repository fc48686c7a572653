import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../main/demo/server';
import type { DemoServer } from '../../main/demo/server';
import type { AppCoreOptions } from '../../main/app/core';
import { unwrap } from '../helpers/result';
import { chooseStatus, expectAccessible, screenshots, shownStatus } from './popup';
import { skipE2e, useE2eSuite } from './suite';
import { NO_RETRY_BY_ITSELF } from '../helpers/relayed-service';

/** An hour between retries: a state stays on screen long enough to look at. */
const STAY = { outbox: { backoff: NO_RETRY_BY_ITSELF } };

describe.skipIf(skipE2e)('the popup at its default size, light and dark', () => {
  const suite = useE2eSuite();
  let server: DemoServer;
  let orgId: string;

  beforeAll(async () => {
    // The sample organization has eleven tasks: a few more make a dozen to pin.
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false, extraTasks: 4 });
    orgId = server.organizations[0]!.id;
  });
  afterEach(() => server.faults.reset());
  afterAll(async () => {
    await server?.close();
  });

  async function home(pins: number, extra: Partial<AppCoreOptions> = {}) {
    const h = await suite.startMain({ ...STAY, ...extra });
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    // Pinned by their web-app links, as a person would: the link names the vendor or risk to read.
    const wire = server.wireTasks(orgId).slice(0, pins);
    const ids = wire.map((t) => t['id'] as string);
    for (const t of wire) {
      const where = t['entityType'] === 'risk' ? 'risk' : 'vendors';
      const link = `https://app.example.com/${orgId}/${where}/${String(t['entityId'])}?taskItemId=${String(t['id'])}`;
      unwrap(await h.call('pinTask', { ref: link }));
    }
    const { page } = await suite.openPopup(h);
    const rows = page.locator('li[data-task-id]');
    await expect.poll(() => rows.count()).toBe(ids.length);
    // Titles, not ids, once the service's reads have answered (a task the service left untitled keeps its id).
    const untitled = wire.filter((t) => !String(t['title'] ?? '').trim()).length;
    await expect
      .poll(() => page.locator('.task__title--id').count(), { timeout: 20_000 })
      .toBe(untitled);
    return { h, page, ids, rows, untitledRows: untitled };
  }

  it('twelve pinned tasks fit the list, the first focused and open, ready for the keys', async () => {
    const { page, rows, untitledRows } = await home(12);
    // My work sits above the pins (here its one line: the key has not said whose it is yet).
    await page.getByText(/Say who you are/).waitFor();
    await screenshots(page, 'home-12-tasks');
    const scroll = await page.locator('.tasks__scroll').boundingBox();
    const boxes = await rows.evaluateAll((lis) =>
      lis.map((li) => {
        const r = li.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      }),
    );
    expect(boxes).toHaveLength(12);
    expect(untitledRows).toBe(0);
    // The twelve, one open, take no more than the list's height: all in view below My work's
    // line once it is scrolled past, and all but the last with it.
    expect(boxes.at(-1)!.bottom - boxes[0]!.top).toBeLessThanOrEqual(scroll!.height + 0.5);
    for (const b of boxes.slice(0, -1)) {
      expect(b.top).toBeGreaterThanOrEqual(scroll!.y - 0.5);
      expect(b.bottom).toBeLessThanOrEqual(scroll!.y + scroll!.height + 0.5);
    }
    // Focus is on the first task as the popup opens: ↓ and a digit change the second one.
    const firstId = await rows.first().getAttribute('data-task-id');
    expect(await page.locator('li[data-task-id]:focus').getAttribute('data-task-id')).toBe(firstId);
    expect(await rows.first().getByRole('radiogroup').count()).toBe(1);
    await expectAccessible(page, 'home with twelve tasks');

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('3');
    const second = rows.nth(1);
    const secondId = (await second.getAttribute('data-task-id'))!;
    await expect.poll(() => server.getTask(orgId, secondId)?.status).toBe('in_review');
    expect(await shownStatus(second)).toBe('In review');
  }, 60_000);

  it('the organization’s details open on demand, in words', async () => {
    const { page } = await home(3);
    await page.getByRole('button', { name: 'Organization details' }).click();
    // Its code loads on first use.
    await page.locator('.org-facts').waitFor();
    const details = page.locator('.org__details');
    expect(await details.textContent()).toContain('Organization id');
    expect(await details.textContent()).toContain('Device label id');
    await screenshots(page, 'home-org-details');
    await expectAccessible(page, 'organization details');
  }, 60_000);

  // Each cause, produced the way it happens, said the same in the footer and the notice.
  const causes: {
    name: string;
    label: string;
    extra?: Partial<AppCoreOptions>;
    fault: (s: DemoServer) => void;
  }[] = [
    {
      name: 'computer-offline',
      label: 'This computer is offline',
      extra: { isOnline: () => false },
      fault: (s) => s.faults.dropNext(5),
    },
    { name: 'unreachable', label: 'Service unreachable', fault: (s) => s.faults.dropNext(5) },
    { name: 'failing', label: 'Service failing', fault: (s) => s.faults.failNext(500, 5) },
    {
      name: 'rate-limited',
      label: 'Slowed down by the service',
      fault: (s) => s.faults.failNext(429, 5, undefined, { 'Retry-After': '3600' }),
    },
    { name: 'refused', label: 'Key refused', fault: (s) => s.faults.failNext(401, 5) },
    {
      name: 'permission',
      label: 'Permission missing',
      fault: (s) =>
        s.faults.failNext(403, 5, {
          statusCode: 403,
          message: 'API key lacks required permission scope',
          error: 'Forbidden',
        }),
    },
  ];

  for (const c of causes) {
    it(`connection: ${c.name} reads "${c.label}" in the footer and says what becomes of the change`, async () => {
      const { page, rows } = await home(4, c.extra);
      server.faults.onlyFor = /^PUT /;
      c.fault(server);
      await chooseStatus(rows.first(), 'Done');
      const footer = page.locator('footer');
      await expect.poll(() => footer.textContent()).toContain(c.label);
      expect(await footer.textContent()).not.toContain('Connected');
      // The words whole, not cut short (issue 36): the footer's line is the state's own.
      const state = footer.locator('.footer__state');
      expect(await state.textContent()).toBe(c.label);
      const fits = await state.evaluate((el) => {
        const e = el as unknown as { scrollWidth: number; clientWidth: number };
        return e.scrollWidth <= e.clientWidth;
      });
      expect(fits).toBe(true);
      await page.locator('.connection-notice').waitFor();
      if (c.name === 'permission')
        expect(await page.locator('.connection-notice').textContent()).toMatch(
          /task:create, task:read, task:update, task:delete/,
        );
      await screenshots(page, `connection-${c.name}`);
      await expectAccessible(page, `connection ${c.name}`);
    }, 60_000);
  }

  it('the connect form’s errors sit on the field at fault', async () => {
    const h = await suite.startMain();
    const { page } = await suite.openPopup(h);
    await page.getByRole('button', { name: /Connect with an API key/ }).click();
    await page.getByLabel('Service address').fill('http://api.example.com');
    await page.getByLabel('API key').fill(server.keys.full);
    await page.getByRole('button', { name: 'Connect' }).click();
    expect(await page.getByLabel('Service address').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('API key').getAttribute('aria-invalid')).toBe('false');
    await screenshots(page, 'connect-error-http');

    await page.getByLabel('Service address').fill(server.baseUrl);
    await page.getByLabel('API key').fill(server.keys.noScope);
    await page.getByRole('button', { name: 'Connect' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/task:create, task:read, task:update, task:delete/);
    expect(await page.getByLabel('API key').getAttribute('aria-invalid')).toBe('true');
    await screenshots(page, 'connect-error-scopes');
    await expectAccessible(page, 'connect form errors');
  }, 60_000);

  it('settings, and the demo’s home says it is the demo', async () => {
    const { page } = await home(2);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await page.getByLabel('Shortcut to open Task Tray').inputValue()).toBe(
      'Ctrl+Alt+Shift+T',
    );
    await screenshots(page, 'settings');
    await expectAccessible(page, 'settings');

    const d = await suite.startMain();
    unwrap(await d.call('startDemo'));
    const demo = (await suite.openPopup(d)).page;
    await demo.locator('li[data-task-id]').first().waitFor();
    expect(await demo.locator('.org__main').textContent()).toContain('Demo');
    await screenshots(demo, 'demo-home');
    await expectAccessible(demo, 'demo home');
  }, 60_000);
});
