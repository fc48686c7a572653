import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../main/demo/server';
import type { DemoServer } from '../../main/demo/server';
import { unwrap } from '../helpers/result';
import { expectAccessible, screenshots } from './popup';
import { skipE2e, useE2eSuite } from './suite';

describe.skipIf(skipE2e)('settings and the assignee picker, in Chromium over main', () => {
  const suite = useE2eSuite();
  let server: DemoServer;

  beforeAll(async () => {
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function connected(pins = 1) {
    const h = await suite.startMain();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    const org = server.organizations[0]!.id;
    for (const id of server.taskIds(org).slice(0, pins))
      unwrap(await h.call('pinTask', { ref: id }));
    const { page } = await suite.openPopup(h);
    await page.locator('li[data-task-id]').first().waitFor();
    return { h, page };
  }

  it('one save model with Undo, an index to jump, the shortcut warning, Check for updates', async () => {
    const { h, page } = await connected();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const index = page.getByRole('navigation', { name: 'Settings sections' });
    expect(await index.getByRole('button').allTextContents()).toEqual([
      'Account',
      'More accounts',
      'General',
      'Notifications',
      'Keeping current',
      'Service',
      'About',
    ]);
    await screenshots(page, 'settings-top');
    await expectAccessible(page, 'settings');

    // A switch saves at once, and the bar under the screen says so, with Undo.
    await page.getByRole('checkbox', { name: 'Changes the service refused' }).click();
    const saved = page.locator('.settings__saved');
    await expect
      .poll(() => saved.textContent())
      .toMatch(/Changes the service refused: off — saved/);
    expect(unwrap(await h.call('getSettings')).notifications.refused).toBe(false);
    await screenshots(page, 'settings-saved-undo');
    await expectAccessible(page, 'settings with a change saved');
    await saved.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(async () => unwrap(await h.call('getSettings')).notifications.refused)
      .toBe(true);

    // The shortcut: a browser's chord is named and not taken; Reset to default comes with a change.
    const field = page.getByLabel('Shortcut to open Task Tray');
    await field.focus();
    await page.keyboard.press('Control+Shift+KeyT');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/reopen a browser's closed tab/);
    expect(unwrap(await h.call('getSettings')).shortcut).toBe('CommandOrControl+Alt+Shift+T');
    await screenshots(page, 'settings-shortcut-warning');
    await expectAccessible(page, 'settings, shortcut warning');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('heading', { name: 'Settings' }).count()).toBe(1);

    // The index jumps to About, where updates are said and can be checked.
    await index.getByRole('button', { name: 'About' }).click();
    const about = page.getByRole('region', { name: 'About' });
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('About');
    expect(await about.textContent()).toMatch(/Updates are not available here\.|does not update/);
    await screenshots(page, 'settings-about');
  }, 60_000);

  it('the assignee picker: Assign to me asks who you are; search fields have no blue ×', async () => {
    const { page } = await connected();
    await page.locator('li[data-task-id]').first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Task' }).waitFor();
    await page.getByRole('button', { name: 'Change…' }).click();
    await page.getByRole('button', { name: 'Assign to me…' }).click();
    await page.getByText(/Who are you\? Choose yourself once/).waitFor();
    const search = page.getByLabel('Search people by name or email');
    // Chromium gives no computed style for this pseudo-element: the page's own rule is what hides it.
    // (A string: test code has no DOM types; it runs in the page.)
    const hidden = await page.evaluate(`Array.from(document.styleSheets).some((sheet) =>
      Array.from(sheet.cssRules).some((r) =>
        r instanceof CSSStyleRule &&
        r.selectorText.includes('[type="search"]::-webkit-search-cancel-button') &&
        r.style.getPropertyValue('appearance') === 'none'))`);
    expect(hidden).toBe(true);
    await search.fill('a');
    await screenshots(page, 'assignee-who-are-you');
    await expectAccessible(page, 'assignee picker, who are you');
  }, 60_000);
});
