import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DemoServer } from '../../main/demo/server';
import { unwrap } from '../helpers/result';
import { expectAccessible, screenshots, shownStatus } from './popup';
import { skipE2e, useE2eSuite } from './suite';

interface WireTask {
  id: string;
  title: string;
  status: string;
}

describe.skipIf(skipE2e)(
  'changing several tasks at once, in Chromium against main and the reference service',
  () => {
    const suite = useE2eSuite();

    /**
     * "Try the demo" (setup, not under test): main starts its own reference
     * service and pins five of its tasks with their titles; every test gets
     * fresh data. `pins`: more task ids to pin by hand.
     */
    async function demoPopup(opts: { pins?: (demo: DemoServer) => string[] } = {}) {
      const h = await suite.startMain();
      unwrap(await h.call('startDemo'));
      const demo = h.demos[0]!;
      for (const ref of opts.pins?.(demo) ?? []) unwrap(await h.call('pinTask', { ref }));
      const { page } = await suite.openPopup(h);
      await page.getByRole('heading', { name: 'Northwind Health' }).waitFor();
      const orgId = demo.organizations[0]!.id;
      const pinned = (demo.wireTasks(orgId) as unknown as WireTask[]).slice(0, 5);
      await page.getByRole('button', { name: 'Select' }).click();
      const bar = page.getByRole('region', { name: 'Change several tasks' });
      await bar.waitFor();
      return { page, h, demo, orgId, pinned, bar };
    }

    const row = (page: Page, id: string) => page.locator(`li[data-task-id="${id}"]`);
    const checkedIn = (page: Page, id: string) => shownStatus(row(page, id));

    it('three tasks set to Done at once: progress, all three land, the summary says so', async () => {
      const { page, demo, orgId, pinned, bar } = await demoPopup();
      const chosen = pinned.filter((t) => t.status !== 'done' && t.status !== 'canceled');
      const others = pinned.filter((t) => !chosen.includes(t));
      expect(chosen).toHaveLength(3);

      // Two by their checkboxes (named by the task titles), the third by keyboard.
      await page.getByRole('checkbox', { name: chosen[0]!.title }).check();
      await page.getByRole('checkbox', { name: chosen[1]!.title }).check();
      await row(page, chosen[2]!.id).focus();
      await page.keyboard.press('Space');
      await bar.getByText('3 selected').waitFor();
      expect(await bar.getByRole('checkbox', { name: 'Select all' }).isChecked()).toBe(false);
      await screenshots(page, 'bulk-selecting');
      await expectAccessible(page, 'select mode with three tasks ticked');

      // Each answer takes a moment, so the progress is there to be seen.
      demo.faults.latencyMs = 300;
      await bar
        .getByRole('group', { name: 'Set 3 tasks to' })
        .getByRole('button', { name: 'Done' })
        .click();
      const status = bar.getByRole('status');
      await status.getByText(/^Setting 3 tasks to Done… [0-3]\/3$/).waitFor();
      for (const t of chosen) expect(await checkedIn(page, t.id)).toBe('Done');

      await status.getByText('3 set to Done.').waitFor();
      for (const t of chosen) {
        expect(demo.getTask(orgId, t.id)?.status).toBe('done');
        expect(await checkedIn(page, t.id)).toBe('Done');
        expect(await row(page, t.id).locator('.sync').count()).toBe(0);
      }
      // What was not ticked is as it was, here and on the service.
      for (const t of others) expect(demo.getTask(orgId, t.id)?.status).toBe(t.status);
      expect(await page.locator('footer').textContent()).not.toMatch(/waiting/);
      await screenshots(page, 'bulk-done');

      await bar.getByRole('button', { name: 'Close' }).click();
      await bar.waitFor({ state: 'detached' });
      expect(await page.getByRole('checkbox').count()).toBe(0);
      await page.getByLabel('Pin a task by id or link').waitFor();
    });

    it('one of them refused: the others land, the summary names the refused task and why', async () => {
      // A task of another organization: the service answers 404 for it.
      let foreign = '';
      const { page, demo, orgId, pinned, bar } = await demoPopup({
        pins: (d) => {
          foreign = d.taskIds(d.organizations[1]!.id)[0]!;
          return [foreign];
        },
      });
      const foreignBefore = demo.getTask(demo.organizations[1]!.id, foreign)!;
      const chosen = pinned.filter((t) => t.status === 'todo' || t.status === 'in_progress');
      expect(chosen).toHaveLength(2);
      for (const t of chosen) await page.getByRole('checkbox', { name: t.title }).check();
      // Not fetched yet, so its row (and checkbox) is named by its id.
      await page.getByRole('checkbox', { name: foreign }).check();
      await bar.getByText('3 selected').waitFor();
      await bar.getByRole('button', { name: 'In review' }).click();

      const status = bar.getByRole('status');
      await status.getByText('2 set to In review, 1 refused.').waitFor();
      const refusal = await status.getByRole('listitem').textContent();
      expect(refusal).toContain(`“${foreign}”`);
      expect(refusal).toMatch(/There is no task/);
      for (const t of chosen) expect(demo.getTask(orgId, t.id)?.status).toBe('in_review');
      expect(demo.getTask(demo.organizations[1]!.id, foreign)).toEqual(foreignBefore);
      // The refused row says why on itself, and shows no status it does not have.
      const alert = row(page, foreign).getByRole('alert');
      expect(await alert.textContent()).toMatch(/There is no task/);
      expect(await shownStatus(row(page, foreign))).toBe('?');
      await row(page, foreign).scrollIntoViewIfNeeded();
      await screenshots(page, 'bulk-refused');
      await expectAccessible(page, 'a bulk change with a refusal');
    });
  },
);
