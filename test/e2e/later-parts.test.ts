import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../main/demo/server';
import type { DemoServer } from '../../main/demo/server';
import { unwrap } from '../helpers/result';
import { skipE2e, useE2eSuite } from './suite';

interface WireTask {
  id: string;
  title: string;
  status: string;
}

/**
 * The home screen's later parts (renderer/components/later.ts: the keys' help,
 * select mode, the undo toast…) are one file the popup fetches once idle
 * after its first paint. Here that file is held back until the test lets it
 * go, so each key or click below arrives before it: it must still do its
 * work, once the file is there, not be lost.
 */
describe.skipIf(skipE2e)('a key or click for a later part, before its file is there', () => {
  const suite = useE2eSuite();
  let server: DemoServer;
  let orgId: string;

  beforeAll(async () => {
    server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
    orgId = server.organizations[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const held = (id: string) => (server.getTask(orgId, id) as { status: string }).status;

  /** Main with 3 tasks to do pinned; the popup drawn on them, the later parts' file asked for and held. */
  async function popupWithoutLaterParts() {
    const h = await suite.startMain();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    const tasks = (server.wireTasks(orgId) as unknown as WireTask[])
      .filter((t) => t.status === 'todo')
      .slice(0, 3);
    for (const t of tasks) unwrap(await h.call('pinTask', { ref: { taskId: t.id } }));
    let asked = false;
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { page } = await suite.openPopup(h, async (p: Page) => {
      await p.route('**/home-later-*.js', async (route) => {
        asked = true;
        await released;
        await route.continue();
      });
    });
    await page.locator(`li[data-task-id="${tasks[0]!.id}"]`).waitFor();
    // Asked for (the popup went idle) and not delivered: what follows comes before the file.
    await expect.poll(() => asked).toBe(true);
    return { page, tasks, release };
  }

  it('"?" shows the keys once their code is there', async () => {
    const { page, release } = await popupWithoutLaterParts();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keys' });
    expect(await help.count()).toBe(0);
    release();
    await help.waitFor();
    expect(await help.textContent()).toContain('Undo the last change');
  });

  it('Select, then Space, take effect once select mode’s code is there', async () => {
    const { page, tasks, release } = await popupWithoutLaterParts();
    await page.getByRole('button', { name: 'Select' }).click();
    expect(await page.getByRole('checkbox').count()).toBe(0);
    release();
    const first = page.getByRole('checkbox', { name: tasks[0]!.title });
    await first.waitFor();
    await page.locator(`li[data-task-id="${tasks[0]!.id}"]`).focus();
    await page.keyboard.press(' ');
    expect(await first.isChecked()).toBe(true);
    await page.getByText('1 selected').waitFor();
  });

  it('a status key and Ctrl+Z reach the service; the toast follows with its code', async () => {
    const { page, tasks, release } = await popupWithoutLaterParts();
    const id = tasks[0]!.id;
    // A string: it runs in the page, and this project's Node types have no DOM.
    const focused = () =>
      page.evaluate<string | null>(`document.activeElement?.dataset.taskId ?? null`);
    await expect.poll(focused).toBe(id);
    await page.keyboard.press('4');
    await expect.poll(() => held(id)).toBe('done');
    await page.keyboard.press('Control+z');
    await expect.poll(() => held(id)).toBe('todo');
    release();
    await expect.poll(() => page.locator('.undo-toast').textContent()).toContain('Undone');
  });
});
