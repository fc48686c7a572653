import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../main/demo/server';
import type { DemoServer } from '../../main/demo/server';
import { unwrap } from '../helpers/result';
import { expectAccessible, screenshots } from './popup';
import { skipE2e, useE2eSuite } from './suite';

interface WireTask {
  id: string;
  title: string;
  status: string;
}

/**
 * What holds focus: a row's task id, or the control's role (and group) and name. A string:
 * it runs in the page, and this project's Node types have no DOM (see PageGlobals).
 */
const FOCUS_OF = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'nothing';
  if (el.dataset.taskId) return 'row ' + el.dataset.taskId;
  const group = el.closest('[role="radiogroup"]')?.getAttribute('aria-label');
  const label = el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent?.trim();
  return (el.getAttribute('role') ?? el.tagName.toLowerCase()) + (group ? ' in ' + group : '') + ': ' + label;
})()`;
const focusOf = (page: Page) => page.evaluate<string>(FOCUS_OF);
/** Whether focus is inside the element `selector` finds. */
const focusIn = (page: Page, selector: string) =>
  page.evaluate<boolean>(`!!document.activeElement?.closest(${JSON.stringify(selector)})`);

describe.skipIf(skipE2e)('the keyboard, in Chromium against main and the reference service', () => {
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

  const todo = () =>
    (server.wireTasks(orgId) as unknown as WireTask[]).filter((t) => t.status === 'todo');
  const held = (id: string) => (server.getTask(orgId, id) as { status: string }).status;

  /** Main connected with the full key and `n` tasks pinned (to do, or any); the popup open on them. */
  async function popup(n: number, anyStatus = false) {
    let hidden = 0;
    const h = await suite.startMain({
      hideWindow: () => {
        hidden += 1;
      },
    });
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    const tasks = (anyStatus ? (server.wireTasks(orgId) as unknown as WireTask[]) : todo()).slice(
      0,
      n,
    );
    expect(tasks).toHaveLength(n);
    for (const t of tasks) unwrap(await h.call('pinTask', { ref: { taskId: t.id } }));
    const { page } = await suite.openPopup(h);
    await page.getByRole('heading', { name: server.organizations[0]!.name }).waitFor();
    for (const t of tasks) await page.locator(`li[data-task-id="${t.id}"] .pill`).waitFor();
    return { page, h, tasks, hidden: () => hidden };
  }

  it('the list is one Tab stop: ↑/↓, Home and End inside, Tab out and back to the same row', async () => {
    const { page, tasks } = await popup(5, true);
    const ids = tasks.map((t) => t.id);
    await expect.poll(() => focusOf(page)).toBe(`row ${ids[0]}`);
    expect(await page.locator('li[data-task-id][tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    expect(await focusOf(page)).toBe(`row ${ids[1]}`);
    await page.keyboard.press('End');
    expect(await focusOf(page)).toBe(`row ${ids[4]}`);
    await page.keyboard.press('Home');
    expect(await focusOf(page)).toBe(`row ${ids[0]}`);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    expect(await focusOf(page)).not.toMatch(/^row /);
    await page.keyboard.press('Shift+Tab');
    expect(await focusOf(page)).toBe(`row ${ids[2]}`);
  });

  it('undo by the toast and by Ctrl+Z: the status comes back at the service', async () => {
    const { page, tasks } = await popup(2);
    const [a, b] = tasks;
    await page.keyboard.press('4');
    await expect.poll(() => held(a!.id)).toBe('done');
    const toast = page.locator('.undo-toast');
    // The toast's code loads with the first change.
    await expect.poll(() => toast.textContent()).toContain('set to Done.');
    await screenshots(page, 'undo-toast');
    await expectAccessible(page, 'undo toast');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => held(a!.id)).toBe('todo');

    await page.locator(`li[data-task-id="${b!.id}"]`).focus();
    await page.keyboard.press('3');
    await expect.poll(() => held(b!.id)).toBe('in_review');
    await page.keyboard.press('Control+z');
    await expect.poll(() => held(b!.id)).toBe('todo');
    await expect.poll(() => toast.textContent()).toContain('Undone');

    // An unpin undone: back at its place.
    await page.locator(`li[data-task-id="${a!.id}"]`).focus();
    await page.keyboard.press('Delete');
    await page.locator(`li[data-task-id="${a!.id}"]`).waitFor({ state: 'detached' });
    await page.keyboard.press('Control+z');
    await expect
      .poll(() =>
        page
          .locator('li[data-task-id]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-task-id'))),
      )
      .toEqual([a!.id, b!.id]);
  });

  it('each screen opens on its first useful control; Esc goes back one level, and hides only at Home', async () => {
    const { page, tasks, hidden } = await popup(2);
    await expect.poll(() => focusOf(page)).toBe(`row ${tasks[0]!.id}`);

    // The task view: on its status, and the list's keys work there.
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Task' }).waitFor();
    await expect.poll(() => focusOf(page)).toBe('radio in Status: To do');
    await screenshots(page, 'task-view-status-focused');
    await expectAccessible(page, 'task view, status focused');
    await page.keyboard.press('2');
    await expect.poll(() => held(tasks[0]!.id)).toBe('in_progress');
    await page.keyboard.press('Escape');
    await expect.poll(() => focusOf(page)).toBe(`row ${tasks[0]!.id}`);

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await expect.poll(() => focusIn(page, 'main.settings')).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Pinned tasks' }).waitFor();

    await page.getByRole('button', { name: 'Browse' }).click();
    await page.getByRole('heading', { name: 'Browse' }).waitFor();
    await expect.poll(() => focusOf(page)).toMatch(/Search vendors and risks/);
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Pinned tasks' }).waitFor();

    await page.getByRole('button', { name: 'Assigned', exact: true }).click();
    await page.getByRole('heading', { name: /Assigned to me|Who are you\?/ }).waitFor();
    await expect.poll(() => focusIn(page, 'main')).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Pinned tasks' }).waitFor();

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Add an account…' }).click();
    await page.getByRole('heading', { name: 'Add an account' }).waitFor();
    await expect.poll(() => focusOf(page)).toMatch(/Connect with an API key/);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusOf(page)).toMatch(/API key/);
    await page.keyboard.type('comp_half');
    await page.keyboard.press('Escape');
    await expect.poll(() => focusOf(page)).toMatch(/Connect with an API key/);
    await page.keyboard.press('Enter');
    expect(await page.getByLabel('API key').inputValue()).toBe('comp_half');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Pinned tasks' }).waitFor();
    expect(hidden()).toBe(0);

    await page.keyboard.press('Escape');
    await expect.poll(hidden).toBe(1);
  });

  it('? shows the keys over the list, and Esc closes them without hiding the popup', async () => {
    const { page, hidden } = await popup(2);
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keys' });
    await help.waitFor();
    expect(await help.textContent()).toContain('Undo the last change');
    await screenshots(page, 'keys-help');
    await expectAccessible(page, 'keys help');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    expect(hidden()).toBe(0);
  });
});
