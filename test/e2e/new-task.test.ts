import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../helpers/result';
import { NO_RETRY_BY_ITSELF } from '../helpers/relayed-service';
import { expectAccessible, screenshots } from './popup';
import { useRelayedDemo } from './relayed-demo';
import { skipE2e, useE2eSuite } from './suite';

/**
 * The quick entry of a new task (issue 38), in Chromium against main and the
 * reference service: opened as the tray's "New task…" opens it, filled with
 * the keyboard alone, created with Enter and shown at once in the list; made
 * while the service cannot be reached, it waits there as "Creating…".
 */
// Strings: they run in the page, and this project's Node types have no DOM.
const focused = (page: Page) => page.evaluate<string>(`document.activeElement?.id ?? ''`);
const focusedRow = (page: Page) =>
  page.evaluate<string>(`document.activeElement?.dataset?.taskId ?? ''`);

describe.skipIf(skipE2e)('a new task from the quick entry', () => {
  const suite = useE2eSuite();
  const demo = useRelayedDemo();
  const VENDOR = 'vnd_c8r2k6m0qt'; // CloudVault Storage
  const titled = (title: string) =>
    demo.server
      .taskIds(demo.orgId)
      .map((id) => demo.server.getTask(demo.orgId, id)!)
      .filter((t) => t.title === title);

  it('opens on its title, takes every field from the keyboard, and Enter makes the task', async () => {
    const h = await suite.startMain({ outbox: { backoff: NO_RETRY_BY_ITSELF } });
    unwrap(
      await h.call('connectApiKey', { baseUrl: demo.relay.baseUrl, apiKey: demo.server.keys.full }),
    );
    const { page } = await suite.openPopup(h);
    // The popup is up (in the app it is loaded at start, before any shortcut is pressed).
    await page.locator('footer').waitFor();
    h.core.openNewTask();
    await page.getByRole('heading', { name: 'New task' }).waitFor();
    const title = page.getByLabel('Title');
    const titleId = await title.getAttribute('id');
    await expect.poll(() => focused(page)).toBe(titleId);
    await page.keyboard.type('Review the CloudVault DPA');
    await page.keyboard.press('Tab');
    await page.keyboard.type('cloudvault');
    const where = page.getByRole('listbox', { name: 'Vendor or risk' });
    await where.getByRole('option', { name: /CloudVault Storage/ }).waitFor();
    await page.keyboard.press('Tab'); // the list, its first match chosen
    await page.keyboard.press('Tab'); // priority
    await page.keyboard.press('ArrowUp'); // medium → high (most pressing first)
    await page.getByLabel('Description').fill('The renewal is due in March.');
    await screenshots(page, 'new-task-entry');
    await expectAccessible(page, 'the quick entry of a new task');

    await page.getByLabel('Title').press('Enter');
    await page.getByRole('heading', { name: 'New task' }).waitFor({ state: 'detached' });
    const made = titled('Review the CloudVault DPA');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ entityId: VENDOR, priority: 'high' });
    // Pinned under its real id, and the row holds focus.
    const row = page.locator(`li[data-task-id="${made[0]!.id}"]`);
    await row.waitFor();
    await expect.poll(() => focusedRow(page)).toBe(made[0]!.id);
  });

  it('made while the service is down: shown at once as "Creating…", made once when it is back', async () => {
    const h = await suite.startMain({ outbox: { backoff: NO_RETRY_BY_ITSELF } });
    unwrap(
      await h.call('connectApiKey', { baseUrl: demo.relay.baseUrl, apiKey: demo.server.keys.full }),
    );
    // Used once online: offered first, and offline too.
    unwrap(await h.call('listEntities'));
    unwrap(
      await h.call('createTask', { title: 'Earlier one', entityType: 'vendor', entityId: VENDOR }),
    );
    const { page } = await suite.openPopup(h);
    await page.locator('li[data-task-id]').getByText('Earlier one').waitFor();
    await demo.relay.stop();
    h.core.openNewTask();
    await page.getByRole('heading', { name: 'New task' }).waitFor();
    const where = page.getByRole('listbox', { name: 'Vendor or risk' });
    await where.getByRole('option', { name: /CloudVault Storage/ }).waitFor();
    await page.getByLabel('Title').fill('Made with the service down');
    await page.getByLabel('Title').press('Enter');

    const row = page.locator('li[data-task-id^="new_"]');
    await row.getByText('Made with the service down').waitFor();
    await row.focus();
    await row.getByText(/Creating… It is kept here/).waitFor();
    await screenshots(page, 'new-task-creating-offline');
    await expectAccessible(page, 'a new task waiting to be created');
    expect(titled('Made with the service down')).toHaveLength(0);

    await demo.relay.start();
    unwrap(await h.call('retrySync'));
    await expect.poll(() => titled('Made with the service down').length).toBe(1);
    const id = titled('Made with the service down')[0]!.id;
    await page.locator(`li[data-task-id="${id}"]`).waitFor();
    expect(await page.locator('li[data-task-id^="new_"]').count()).toBe(0);
  });
});
