import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ScreenPermission } from '../../main/capture/capture-port';
import { drawnScreen } from '../helpers/drawn-image';
import type { CoreHarness } from '../helpers/app-core';
import { unwrap } from '../helpers/result';
import { expectAccessible, screenshots } from './popup';
import { useRelayedDemo } from './relayed-demo';
import { skipE2e, useE2eSuite } from './suite';

const MAYA = 'mem_n1maya7q2c';

/**
 * "Capture evidence…" in Chromium against main and the reference service:
 * the chooser, the capture shown with the task picker before it is sent, a
 * region dragged, and macOS's permission asked with words first. The screen
 * is drawn in memory (test/helpers/drawn-image.ts): main's capture is real.
 */
describe.skipIf(skipE2e)('capturing the screen as evidence, in Chromium', () => {
  const suite = useE2eSuite();
  const demo = useRelayedDemo();
  const org = () => demo.server.organizations[0]!.id;

  const open = async (permission?: () => ScreenPermission) => {
    const screen = drawnScreen(permission ? { permission } : {});
    const h = await suite.startMain({ capture: screen.port });
    unwrap(
      await h.call('connectApiKey', { baseUrl: demo.relay.baseUrl, apiKey: demo.server.keys.full }),
    );
    unwrap(await h.call('setMe', { memberId: MAYA }));
    unwrap(await h.call('getCompliance'));
    const { page } = await suite.openPopup(h);
    await page.locator('.app').first().waitFor();
    return { h, page, screen };
  };
  // As the tray's "Capture evidence…" does: main asks the popup for the chooser.
  const startCapture = async (h: CoreHarness, page: Page) => {
    h.core.startCapture();
    await page.getByRole('heading', { name: 'Capture evidence' }).waitFor();
  };

  it('chooses a window, shows it with the tasks, and sends it to the task picked', async () => {
    const { h, page } = await open();
    await startCapture(h, page);
    await page.getByRole('button', { name: 'Entire screen' }).waitFor();
    // The keyboard starts on the first source: Enter captures it.
    await expect
      .poll(() => page.evaluate('document.activeElement?.textContent'))
      .toBe('Entire screen');
    await screenshots(page, 'capture-chooser');
    await expectAccessible(page, 'capture chooser');

    await page.getByRole('radio', { name: 'Window' }).check();
    await page.getByRole('button', { name: 'Access review — Spreadsheet' }).click();
    await page.getByRole('heading', { name: 'Send the capture' }).waitFor();
    await page.getByRole('img', { name: 'The capture, as it will be sent' }).waitFor();
    const tasks = page.getByRole('radiogroup', { name: 'Tasks' }).getByRole('radio');
    expect(await tasks.count()).toBeGreaterThan(1);
    // My work's first is chosen until the person picks another.
    expect(await tasks.first().getAttribute('aria-checked')).toBe('true');
    await screenshots(page, 'capture-task-picker');
    await expectAccessible(page, 'capture task picker');

    const second = (await tasks.nth(1).locator('.capture__task-title').textContent())!;
    await page.getByRole('searchbox', { name: 'Search tasks' }).fill(second.split(' ')[0]!);
    await page.getByRole('radio', { name: new RegExp(second) }).click();
    await page.getByLabel('What it shows (optional)').fill('Quarterly access review, signed');
    await page.getByRole('button', { name: 'Attach' }).click();
    await page.getByText(/is on its way to/).waitFor();
    await screenshots(page, 'capture-sent');
    const taskId = unwrap(await h.call('getCompliance')).tasks.find((t) => t.title === second)!.id;
    await expect
      .poll(() => demo.server.attachments(org(), taskId).length, { timeout: 10_000 })
      .toBe(1);
    expect(demo.server.attachments(org(), taskId)[0]).toMatchObject({
      fileType: 'image/png',
      description: 'Quarterly access review, signed',
    });
  });

  it('a region: the part dragged over the preview is what is sent', async () => {
    const { h, page } = await open();
    await startCapture(h, page);
    await page.getByRole('radio', { name: 'Region' }).check();
    await page.getByRole('button', { name: 'Entire screen' }).click();
    const attach = page.getByRole('button', { name: 'Attach' });
    await attach.waitFor();
    expect(await attach.isDisabled()).toBe(true);
    const box = (await page.locator('.capture__preview').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.75, { steps: 5 });
    await page.mouse.up();
    await page.getByText(/the part you dragged over is sent/).waitFor();
    await screenshots(page, 'capture-region');
    const taskId = unwrap(await h.call('getCompliance')).tasks[0]!.id;
    await attach.click();
    await page.getByText(/is on its way to/).waitFor();
    await expect
      .poll(() => demo.server.attachments(org(), taskId).length, { timeout: 10_000 })
      .toBe(1);
    const png = demo.server.attachments(org(), taskId)[0]!.bytes;
    // About half of 1280 × 800 each way (the drag is in the preview's pixels).
    expect(Math.abs(png.readUInt32BE(16) - 640)).toBeLessThan(20);
    expect(Math.abs(png.readUInt32BE(20) - 400)).toBeLessThan(20);
  });

  it('cancelled, nothing is sent; Esc goes back to the chooser', async () => {
    const { h, page } = await open();
    const tasks = unwrap(await h.call('getCompliance')).tasks;
    // The reference service is the suite's: count what the tests before left.
    const attached = () => tasks.flatMap((t) => demo.server.attachments(org(), t.id)).length;
    const before = attached();
    await startCapture(h, page);
    await page.getByRole('button', { name: 'Entire screen' }).click();
    await page.getByRole('heading', { name: 'Send the capture' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Capture evidence' }).waitFor();
    await page.getByRole('button', { name: 'Entire screen' }).click();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('heading', { name: 'Capture evidence' }).waitFor();
    expect(attached()).toBe(before);
  });

  it('on macOS, says why before the OS asks', async () => {
    const { h, page } = await open(() => 'not-determined');
    await startCapture(h, page);
    await page.getByText('Allow screen recording').waitFor();
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await screenshots(page, 'capture-permission');
    await expectAccessible(page, 'capture permission');
  });
});
