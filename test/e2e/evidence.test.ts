import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_TASK, MAYA, png } from '../helpers/evidence-app';
import { PAGE_TRANSPORT } from '../helpers/page-bridge';
import { unwrap } from '../helpers/result';
import { useTempDirs } from '../helpers/temp-dir';
import { expectAccessible, openComplianceTask, screenshots } from './popup';
import { useRelayedDemo } from './relayed-demo';
import { skipE2e, useE2eSuite } from './suite';

/**
 * Files dragged from the file manager onto a compliance task's view, in
 * Chromium: the page's DataTransfer holds Files as a real drag's does; their
 * paths come from the transport (webUtils.getPathForFile in the app).
 */
async function dragFiles(
  page: Page,
  selector: string,
  files: Record<string, string>,
  events: readonly ('dragenter' | 'dragover' | 'drop')[],
): Promise<void> {
  await page.evaluate(`(() => {
    globalThis.${PAGE_TRANSPORT.filePaths} = ${JSON.stringify(files)};
    const dt = new DataTransfer();
    for (const name of ${JSON.stringify(Object.keys(files))}) dt.items.add(new File(['x'], name));
    const el = document.querySelector(${JSON.stringify(selector)});
    for (const type of ${JSON.stringify(events)})
      el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
  })()`);
}

describe.skipIf(skipE2e)(
  'evidence on a compliance task, in Chromium against main and the reference service',
  () => {
    const suite = useE2eSuite();
    const demo = useRelayedDemo();
    const tempDir = useTempDirs('task-tray-e2e-files-');
    const signedIn = async (extra: { timeoutMs?: number } = {}) => {
      const h = await suite.startMain(extra);
      unwrap(
        await h.call('connectApiKey', {
          baseUrl: demo.relay.baseUrl,
          apiKey: demo.server.keys.full,
        }),
      );
      unwrap(await h.call('setMe', { memberId: MAYA }));
      return h;
    };

    it('two files dropped on the view: highlighted, uploading with progress, then listed', async () => {
      // Every request waits a while below (the service's latency): the app's timeout allows for it.
      const h = await signedIn({ timeoutMs: 15_000 });
      const dir = await tempDir();
      const files = {
        'mfa-settings.png': join(dir, 'mfa-settings.png'),
        'access-policy.pdf': join(dir, 'access-policy.pdf'),
      };
      await writeFile(files['mfa-settings.png'], png(2_000_000));
      await writeFile(files['access-policy.pdf'], `%PDF-1.4\n${'policy '.repeat(200_000)}`);
      const { page } = await suite.openPopup(h);
      await openComplianceTask(page, EVIDENCE_TASK, 'Access review');
      await page.getByText('No evidence attached yet.').waitFor();

      await dragFiles(page, 'main.compliance .task-view__label', files, ['dragenter', 'dragover']);
      await page.locator('main.compliance.evidence-drop--over').waitFor();
      await screenshots(page, 'evidence-drop-target');

      // The service answers a while after each request's last byte: the bar stops short of the end.
      demo.server.faults.latencyMs = 1_500;
      await dragFiles(page, 'main.compliance .task-view__label', files, ['drop']);
      expect(await page.locator('main.compliance.evidence-drop--over').count()).toBe(0);
      const line = page.getByText(/^Uploading 2 files… [1-9]\d? %$/);
      await line.waitFor();
      const bar = page.getByRole('progressbar');
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      await screenshots(page, 'evidence-uploading');
      await expectAccessible(page, 'evidence uploading');

      demo.server.faults.latencyMs = 0;
      const list = page.getByRole('list', { name: 'Attachments' });
      await list.getByRole('button', { name: 'access-policy.pdf' }).waitFor({ timeout: 20_000 });
      expect(await list.getByRole('listitem').allTextContents()).toEqual([
        expect.stringMatching(/^mfa-settings\.png2 MB · by you · just now$/),
        expect.stringMatching(/^access-policy\.pdf1\.4 MB · by you · just now$/),
      ]);
      expect(await page.getByText(/^Uploading/).count()).toBe(0);
      await screenshots(page, 'evidence-list');
      const stored = demo.server.attachments(demo.orgId, EVIDENCE_TASK);
      expect(stored.slice(-2).map((a) => a.name)).toEqual([
        'mfa-settings.png',
        'access-policy.pdf',
      ]);
    });

    it('a file dropped on a row of My work: the row highlighted, then the file on its task', async () => {
      const h = await signedIn();
      const path = join(await tempDir(), 'firewall-rules.pdf');
      await writeFile(path, '%PDF-1.4\nallow 443');
      const { page } = await suite.openPopup(h);
      const row = page
        .getByRole('list', { name: 'Compliance tasks' })
        .locator(`li[data-task-id="${EVIDENCE_TASK}"]`);
      await row.waitFor();
      const title = `li[data-task-id="${EVIDENCE_TASK}"] .task__title`;
      await dragFiles(page, title, { 'firewall-rules.pdf': path }, ['dragenter', 'dragover']);
      await page.locator(`li.evidence-drop--over[data-task-id="${EVIDENCE_TASK}"]`).waitFor();
      await screenshots(page, 'evidence-drop-row');
      await dragFiles(page, title, { 'firewall-rules.pdf': path }, ['drop']);
      await expect
        .poll(() => demo.server.attachments(demo.orgId, EVIDENCE_TASK).at(-1)?.name)
        .toBe('firewall-rules.pdf');
      expect(await page.locator('.evidence-drop--over').count()).toBe(0);
    });
  },
);
