import { describe, expect, it } from 'vitest';
import { unwrap } from '../helpers/result';
import { expectAccessible, screenshots, shownStatus } from './popup';
import { skipE2e, useE2eSuite } from './suite';
import { useRelayedDemo } from './relayed-demo';
import { NO_RETRY_BY_ITSELF } from '../helpers/relayed-service';

const DAN = 'mem_n2dan4k8ro';
const MAYA = 'mem_n1maya7q2c';

describe.skipIf(skipE2e)(
  'a task’s own view, in Chromium against main and the reference service',
  () => {
    const suite = useE2eSuite();
    const demo = useRelayedDemo();

    /** A task pinned by its link (so its vendor or risk is known and its title read). */
    async function popupWith(taskIndex: number, opts: { me?: string } = {}) {
      const h = await suite.startMain({
        outbox: { backoff: NO_RETRY_BY_ITSELF },
      });
      unwrap(
        await h.call('connectApiKey', {
          baseUrl: demo.relay.baseUrl,
          apiKey: demo.server.keys.full,
        }),
      );
      if (opts.me) unwrap(await h.call('setMe', { memberId: opts.me }));
      const t = demo.server.wireTasks(demo.orgId)[taskIndex]!;
      const id = t['id'] as string;
      const where = t['entityType'] === 'risk' ? 'risk' : 'vendors';
      unwrap(
        await h.call('pinTask', {
          ref: `https://app.example.com/${demo.orgId}/${where}/${String(t['entityId'])}?taskItemId=${id}`,
        }),
      );
      const { page } = await suite.openPopup(h);
      const row = page.locator(`li[data-task-id="${id}"]`);
      await row.locator('.task__title', { hasText: String(t['title']) }).waitFor();
      return { h, page, row, id };
    }
    const held = (id: string) => demo.server.getTask(demo.orgId, id)!;

    it('priority from the row (Shift+digit) and from the view; rename; description', async () => {
      const { page, row, id } = await popupWith(0);
      await row.focus();
      await page.keyboard.press('Shift+Digit4');
      await expect.poll(() => held(id).priority).toBe('low');

      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Task' }).waitFor();
      await page.getByRole('radio', { name: 'Urgent' }).click();
      await expect.poll(() => held(id).priority).toBe('urgent');

      await page.getByRole('button', { name: 'Rename the task' }).click();
      const title = page.getByLabel('Title');
      await title.fill('');
      await title.press('Enter');
      expect(await page.getByRole('alert').textContent()).toBe('A title cannot be empty.');
      await title.fill('Collect the SOC 2 Type II report (2026)');
      await title.press('Enter');
      await expect.poll(() => held(id).title).toBe('Collect the SOC 2 Type II report (2026)');

      // The demo's description is a web-app document: it stays one, a paragraph added.
      const before = JSON.stringify(held(id).description);
      await page.getByRole('button', { name: 'Edit' }).click();
      const box = page.getByLabel('Description');
      await box.press('Control+End');
      await box.pressSequentially('\n\nChecked with the auditor.');
      await page.getByRole('button', { name: 'Save' }).click();
      // A paragraph added: the others go back as they were (the mention too), so nothing to confirm.
      expect(await page.getByRole('button', { name: 'Save anyway' }).count()).toBe(0);
      await expect.poll(() => JSON.stringify(held(id).description)).not.toBe(before);
      const saved = held(id).description as string;
      const was = (
        typeof JSON.parse(before) === 'string' ? JSON.parse(JSON.parse(before)) : JSON.parse(before)
      ) as {
        content: unknown[];
      };
      const doc = JSON.parse(saved) as {
        type: string;
        content: { content?: { text?: string }[] }[];
      };
      expect(doc.type).toBe('doc');
      expect(doc.content.slice(0, -1)).toEqual(was.content);
      expect(doc.content.at(-1)?.content?.[0]?.text).toBe('Checked with the auditor.');
      await screenshots(page, 'task-view');
      await expectAccessible(page, 'task view');
    }, 60_000);

    it('assign to a member, to me, unassign; a refused assignee rolls back with the service’s words', async () => {
      const { page, row, id } = await popupWith(1, { me: DAN });
      await row.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Change…' }).click();
      const people = page.getByRole('list', { name: 'People' });
      await people.waitFor();
      // The web app's assignees: owners and admins, not employees.
      const names = await people.locator('.picker__name').allTextContents();
      expect(names.length).toBeGreaterThan(0);
      expect(names).not.toContain('Priya Raman');
      await screenshots(page, 'assignee-picker');
      await expectAccessible(page, 'assignee picker');
      await page.getByLabel('Search people by name or email').fill('maya');
      await people.getByRole('button').first().click();
      await expect.poll(() => held(id).assigneeId).toBe(MAYA);

      await page.getByRole('button', { name: 'Change…' }).click();
      await page.getByRole('button', { name: 'Assign to me' }).click();
      await expect.poll(() => held(id).assigneeId).toBe(DAN);

      await page.getByRole('button', { name: 'Change…' }).click();
      await page.getByRole('button', { name: 'Unassign' }).click();
      await expect.poll(() => held(id).assigneeId).toBe(null);

      demo.server.faults.onlyFor = /^PUT /;
      demo.server.faults.failNext(400, 1, {
        statusCode: 400,
        message: 'Assignee is not a member of this organization',
        error: 'Bad Request',
      });
      await page.getByRole('button', { name: 'Change…' }).click();
      await page.getByLabel('Search people by name or email').fill('maya');
      await people.getByRole('button').first().click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('Assignee is not a member of this organization');
      expect(await page.locator('.task-view__assignee').textContent()).toBe('Unassigned');
      expect(held(id).assigneeId).toBe(null);
    }, 60_000);

    it('an edit made offline waits, then lands after the service is back', async () => {
      const { page, row, id, h } = await popupWith(2);
      await row.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Task' }).waitFor();
      await demo.relay.stop();
      await page.getByRole('button', { name: 'Rename the task' }).click();
      await page.getByLabel('Title').fill('Renamed while the service was down');
      await page.getByLabel('Title').press('Enter');
      await page.getByText('Queued, not sent yet').waitFor();
      expect(held(id).title).not.toBe('Renamed while the service was down');
      await demo.relay.start();
      unwrap(await h.call('retrySync'));
      await expect.poll(() => held(id).title).toBe('Renamed while the service was down');
      await page.keyboard.press('Escape');
      expect(await shownStatus(page.locator(`li[data-task-id="${id}"]`))).not.toBe('?');
    }, 60_000);
  },
);
