import { describe, expect, it } from 'vitest';
import { ok } from '../../common/result';
import { complianceCall } from '../helpers/compliance-calls';
import { unwrap } from '../helpers/result';
import { expectAccessible, openComplianceTask, screenshots } from './popup';
import { useRelayedDemo } from './relayed-demo';
import { skipE2e, useE2eSuite } from './suite';

const MAYA = 'mem_n1maya7q2c';
const DANIEL = 'mem_n2dan4k8ro';
const ACCESS_REVIEW = 'tsk_n1access7review'; // todo, quarterly, due in 3 days, Maya's
const BACKUP = 'tsk_n2backup4restore'; // in progress, 2 days overdue, Maya's

describe.skipIf(skipE2e)(
  'a compliance task’s view, in Chromium against main and the reference service',
  () => {
    const suite = useE2eSuite();
    const demo = useRelayedDemo();
    const onServer = async (id: string) =>
      (await complianceCall(demo.server, 'key', 'GET', `/v1/tasks/${id}`)).json;

    it('shows the task; keys set statuses; done answers the next review; not relevant asks why', async () => {
      const h = await suite.startMain();
      unwrap(
        await h.call('connectApiKey', {
          baseUrl: demo.relay.baseUrl,
          apiKey: demo.server.keys.full,
        }),
      );
      unwrap(await h.call('setMe', { memberId: MAYA }));
      const { page } = await suite.openPopup(h);
      await openComplianceTask(page, ACCESS_REVIEW, 'Access review');

      const view = page.locator('main.compliance');
      await view.getByText('Quarterly').waitFor();
      expect(await view.getByText('IT', { exact: true }).count()).toBe(1);
      expect(await view.locator('.compliance__due').textContent()).toMatch(
        /^Due (tomorrow|[A-Z][a-z]+day|\d{1,2} [A-Z][a-z]{2})$/,
      );
      await page.getByRole('link', { name: /Open in the web app/ }).waitFor();
      await screenshots(page, 'compliance-task');
      await expectAccessible(page, 'compliance task');

      // The status switch has focus as the view opens: 2 is in progress.
      await page.keyboard.press('2');
      await expect.poll(async () => (await onServer(ACCESS_REVIEW)).status).toBe('in_progress');

      await page.keyboard.press('4');
      await expect.poll(async () => (await onServer(ACCESS_REVIEW)).status).toBe('done');
      const note = page.getByText(/^Done\. Next review/);
      await note.waitFor();
      const next = String((await onServer(ACCESS_REVIEW))['reviewDate']);
      const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }).format(
        new Date(next),
      );
      expect(await note.textContent()).toContain(day);

      await page.keyboard.press('5');
      const why = page.getByLabel('Why is this task not relevant?');
      await why.waitFor();
      await page.keyboard.press('Enter');
      await page.getByText(/Say why the task is not relevant/).waitFor();
      await why.fill('Run by the parent company');
      await screenshots(page, 'compliance-not-relevant');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await onServer(ACCESS_REVIEW)).status).toBe('not_relevant');
      expect((await onServer(ACCESS_REVIEW))['notRelevantJustification']).toBe(
        'Run by the parent company',
      );
      await page.getByText('Not relevant: Run by the parent company').waitFor();
    });

    it('submits for review to an approver chosen from the people (a web session)', async () => {
      const h = await suite.startMain({
        signInWithBrowser: async () =>
          ok({
            cookie: demo.server.session.cookie,
            organizationId: demo.server.session.organizationId,
          }),
        confirm: async () => true,
      });
      unwrap(
        await h.call('setSettings', {
          signInUrl: 'https://app.example.com/',
          serviceUrl: demo.relay.baseUrl,
        }),
      );
      unwrap(await h.call('signInWithSession'));
      const { page } = await suite.openPopup(h);
      await openComplianceTask(page, BACKUP, 'Backup restore test');
      await page.getByText(/^\d+ days? overdue$/).waitFor();

      await page.getByRole('button', { name: 'Submit for review…' }).click();
      const picker = page.getByRole('group', { name: 'Choose the approver' });
      const daniel = picker.getByRole('button', { name: /Daniel/ });
      await daniel.waitFor();
      await screenshots(page, 'compliance-submit-for-review');
      await daniel.click();
      await expect.poll(async () => (await onServer(BACKUP)).status).toBe('in_review');
      expect((await onServer(BACKUP))['approverId']).toBe(DANIEL);
      await page.getByText(/^Waiting for Daniel .* to review the evidence\.$/).waitFor();
      expect(
        await page.getByRole('radio', { name: 'In review' }).getAttribute('aria-checked'),
      ).toBe('true');

      // In review, a status changes only by a review: the server's words, rolled back.
      await page.getByRole('radio', { name: 'Done' }).click();
      const alert = page.getByRole('alert');
      await alert.getByText(/Cannot change status directly while task is in review/).waitFor();
      expect(
        await page.getByRole('radio', { name: 'In review' }).getAttribute('aria-checked'),
      ).toBe('true');
      expect((await onServer(BACKUP)).status).toBe('in_review');
    });
  },
);
