import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../main/demo/server';
import type { DemoServer } from '../../main/demo/server';
import { expectAccessible, screenshots } from './popup';
import { skipE2e, useE2eSuite } from './suite';

describe.skipIf(skipE2e)('first run, in Chromium against main', () => {
  const suite = useE2eSuite();
  let server: DemoServer;

  beforeAll(async () => {
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function signedOutPopup() {
    const h = await suite.startMain();
    const popup = await suite.openPopup(h);
    return { page: popup.page, h, popup };
  }

  it('a bad key is refused with the reason and what to do; then a good key shows the organization', async () => {
    const { page, h } = await signedOutPopup();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome to Task Tray' }).count())
      .toBe(1);
    await screenshots(page, 'first-run');
    await expectAccessible(page, 'first run');

    await page.getByRole('button', { name: /Connect with an API key/ }).click();
    await page.getByLabel('Service address').fill(server.baseUrl);
    const key = page.getByLabel('API key');
    await key.fill(`comp_${'0'.repeat(64)}`);
    await page.getByRole('button', { name: 'Connect' }).click();

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Could not connect');
    expect(await alert.textContent()).toMatch(/API key/);
    expect(await alert.textContent()).toContain('Settings → API keys');
    expect(await key.getAttribute('aria-invalid')).toBe('true');
    // Nothing typed is lost.
    expect(await page.getByLabel('Service address').inputValue()).toBe(server.baseUrl);
    await screenshots(page, 'api-key-refused');
    await expectAccessible(page, 'API key form with a refusal');

    await key.fill(server.keys.full);
    await page.getByRole('button', { name: 'Connect' }).click();
    const org = server.organizations[0]!;
    await page.getByRole('heading', { name: org.name }).waitFor();
    await page.getByRole('button', { name: 'Organization details' }).click();
    await page.locator('.org-facts').waitFor();
    expect(await page.locator('.org__details').textContent()).toContain('Signed in withAPI key');
    // My work: a key says nobody yet, so it asks who the person is.
    await page.getByText(/Say who you are/).waitFor();
    expect(await page.locator('footer').textContent()).toContain('Connected');

    // The key went to main and the keychain, never back to the page.
    expect(await page.content()).not.toContain(server.keys.full);
    expect(JSON.stringify(h.answers)).not.toContain(server.keys.full);
    expect(JSON.stringify(h.events)).not.toContain(server.keys.full);
    await screenshots(page, 'empty');
    await expectAccessible(page, 'connected, nothing pinned');
  });

  it('an unreachable address says to check it, and points at the field', async () => {
    const { page } = await signedOutPopup();
    await page.getByRole('button', { name: /Connect with an API key/ }).click();
    // A closed loopback port: refused at once, no waiting on a timeout.
    await page.getByLabel('Service address').fill('http://127.0.0.1:9');
    await page.getByLabel('API key').fill('comp_whatever');
    await page.getByRole('button', { name: 'Connect' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Check the base URL');
    expect(await page.getByLabel('Service address').getAttribute('aria-invalid')).toBe('true');
  });

  it('"Try the demo" opens a working popup in one click', async () => {
    const { page, popup } = await signedOutPopup();
    await page.getByRole('button', { name: /Try the demo/ }).click();
    await page.getByRole('heading', { name: 'Northwind Health' }).waitFor();
    const rows = page.locator('li[data-task-id]');
    await expect.poll(() => rows.count()).toBe(5);
    expect(await rows.first().locator('.task__title').textContent()).toBe(
      'Collect SOC 2 Type II report',
    );
    // The logo is on storage.example.com: the request is refused here and initials stand in.
    await page.getByTestId('org-initials').waitFor();
    expect(await page.getByTestId('org-initials').textContent()).toBe('NH');
    expect(popup.outside.every((r) => r.type === 'image')).toBe(true);
    await screenshots(page, 'home');
    await expectAccessible(page, 'home');
    await page.getByRole('button', { name: 'Organization details' }).click();
    await page.locator('.org-facts').waitFor();
    expect(await page.locator('.org__details').textContent()).toContain('Healthcare');
    await screenshots(page, 'home-details');
  });
});
