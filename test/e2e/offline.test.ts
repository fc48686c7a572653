import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../main/demo/server';
import type { DemoServer } from '../../main/demo/server';
import { createCoreHarness } from '../helpers/app-core';
import type { CoreHarness } from '../helpers/app-core';
import {
  bridgeInitScript,
  browserGate,
  e2eRequired,
  ensureRendererBuilt,
  launchBrowser,
  serveStatic,
} from '../helpers/browser';
import type { LaunchedBrowser, StaticServer } from '../helpers/browser';
import { keychainGate, removeTestService, uniqueTestService } from '../helpers/keychain';
import { unwrap } from '../helpers/result';
import { startTcpRelay } from '../helpers/tcp-relay';
import type { TcpRelay } from '../helpers/tcp-relay';
import { createTempDir, removeTempDir } from '../helpers/temp-dir';
import { expectAccessible, openPopup, screenshots } from './popup';
import type { Popup } from './popup';

const browser = browserGate();
const keychain = await keychainGate();

/**
 * An hour between retries: within a test nothing is resent on the outbox's
 * own clock, so a change that lands was sent because the popup said the
 * network is back (its 'online' event → retrySync) — the path under test.
 */
const NO_RETRY_BY_ITSELF = { baseMs: 3_600_000, maxMs: 3_600_000 };

// With REQUIRE_E2E=1 a missing keychain fails too (in beforeAll), rather than skipping the suite.
describe.skipIf(browser.skip || (keychain.skip && !e2eRequired()))(
  'a change made offline, in Chromium against main and the reference service',
  () => {
    const service = uniqueTestService();
    let chromium: LaunchedBrowser;
    let site: StaticServer;
    let bridge: string;
    let server: DemoServer;
    let relay: TcpRelay;
    let orgId: string;
    const opened: { popup: Popup; h: CoreHarness; dir: string }[] = [];

    beforeAll(async () => {
      browser.assertAvailable();
      keychain.assertAvailable();
      site = await serveStatic(await ensureRendererBuilt());
      bridge = await bridgeInitScript();
      chromium = await launchBrowser();
      server = await startDemoServer({ host: '127.0.0.1', port: 0, rateLimit: false });
      // The app talks to the service through the relay, which can take it off the network.
      relay = await startTcpRelay(server.baseUrl);
      orgId = server.organizations[0]!.id;
    });

    afterEach(async () => {
      await chromium.context.setOffline(false);
      await relay.start();
      for (const o of opened.splice(0)) {
        expect(o.popup.problems).toEqual([]);
        await o.popup.close();
        await o.h.core.dispose();
        await removeTempDir(o.dir);
      }
    });

    afterAll(async () => {
      await chromium?.close();
      await site?.close();
      await relay?.close();
      await server?.close();
      await removeTestService(service);
    });

    const puts = () => server.requests().filter((q) => q.method === 'PUT').length;

    it('service down: the change shows as queued with the count in the footer; back up: it lands and shows confirmed', async () => {
      const t = server.taskIds(orgId).find((id) => server.getTask(orgId, id)?.status === 'todo')!;
      const title = server.getTask(orgId, t)!.title;
      const dir = await createTempDir('task-tray-e2e-');
      // Counts the requests main tries to send, reachable or not: a retry shows here even while refused.
      let attempts = 0;
      const counting: typeof fetch = (input, init) => {
        attempts += 1;
        return fetch(input, init);
      };
      const h = createCoreHarness(dir, service, {
        outbox: { backoff: NO_RETRY_BY_ITSELF },
        fetch: counting,
      });
      await h.core.start();
      unwrap(await h.call('connectApiKey', { baseUrl: relay.baseUrl, apiKey: server.keys.full }));
      unwrap(await h.call('pinTask', { ref: t }));
      // Setup, not under test: one answer from the service gives the row its title.
      unwrap(await h.call('updateTask', { taskId: t, patch: { status: 'todo' } }));
      const popup = await openPopup(chromium.context, site.url, bridge, h.core);
      opened.push({ popup, h, dir });
      const { page } = popup;
      const row = page.locator(`li[data-task-id="${t}"]`);
      await row.getByText(title).waitFor();
      const footer = page.locator('footer');
      const checked = () => row.locator('[role="radio"][aria-checked="true"]').textContent();

      // The service goes away, and so does the machine's network.
      await relay.stop();
      await chromium.context.setOffline(true);
      const sentBefore = puts();
      await row.getByRole('radio', { name: 'Done' }).click();

      await row.getByText('Queued, not sent yet').waitFor();
      expect(await checked()).toBe('Done');
      await expect.poll(() => footer.textContent()).toMatch(/Offline.*1 change waiting/);
      const notice = page.locator('.connection-notice');
      expect(await notice.textContent()).toContain(
        'Offline: 1 change will be sent when the connection is back',
      );
      expect(server.getTask(orgId, t)?.status).toBe('todo');
      await screenshots(page, 'task-queued-offline');
      await expectAccessible(page, 'a change queued while offline');

      // "Retry now" while the service is still down: tried at once, still kept, still said.
      // (Main may report the short "sending" moment and the refusal in one event, so the attempt is
      // observed where it happens: at main's fetch.)
      const attemptsBefore = attempts;
      await notice.getByRole('button', { name: 'Retry now' }).click();
      await expect.poll(() => attempts).toBeGreaterThan(attemptsBefore);
      await expect.poll(async () => unwrap(await h.call('listTasks'))[0]?.sync).toBe('queued');
      await row.getByText('Queued, not sent yet').waitFor();
      expect(await footer.textContent()).toMatch(/1 change waiting/);
      expect(puts()).toBe(sentBefore);

      // Back: the page sees the network return and tells main, which sends the change now.
      await relay.start();
      await chromium.context.setOffline(false);
      await expect.poll(() => server.getTask(orgId, t)?.status).toBe('done');
      await row.locator('.sync').waitFor({ state: 'detached' });
      expect(await checked()).toBe('Done');
      expect(await row.getAttribute('class')).toContain('task--idle');
      await expect.poll(() => footer.textContent()).toMatch(/Connected/);
      expect(await footer.textContent()).not.toMatch(/waiting/);
      await notice.waitFor({ state: 'detached' });
      // Main agrees: confirmed, nothing left in the outbox.
      const [v] = unwrap(await h.call('listTasks'));
      expect(v).toMatchObject({ sync: 'idle', snapshot: { status: 'done' }, pendingPatch: null });
      expect(unwrap(await h.call('getConnection')).pendingChanges).toBe(0);
    });
  },
);
