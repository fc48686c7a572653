import { afterEach, describe, expect, it } from 'vitest';
import { unwrap } from '../helpers/result';
import {
  chooseStatus,
  expectAccessible,
  screensPrefetched,
  screenshots,
  shownStatus,
} from './popup';
import { skipE2e, useE2eSuite } from './suite';
import { useRelayedDemo } from './relayed-demo';
import { NO_RETRY_BY_ITSELF } from '../helpers/relayed-service';

// NO_RETRY_BY_ITSELF: within a test nothing is resent on the outbox's own clock, so a change
// that lands was sent because the popup said the network is back (its 'online' event →
// retrySync) — the path under test.

describe.skipIf(skipE2e)(
  'a change made offline, in Chromium against main and the reference service',
  () => {
    const suite = useE2eSuite();
    const demo = useRelayedDemo();
    // Runs first (after-hooks run in reverse): the browser's network back, then the relay.
    afterEach(async () => {
      await suite.context().setOffline(false);
    });

    const puts = () => demo.server.requests().filter((q) => q.method === 'PUT').length;

    it('service down: the change shows as queued with the count in the footer; back up: it lands and shows confirmed', async () => {
      const t = demo.server
        .taskIds(demo.orgId)
        .find((id) => demo.server.getTask(demo.orgId, id)?.status === 'todo')!;
      const title = demo.server.getTask(demo.orgId, t)!.title;
      // Counts the requests main tries to send, reachable or not: a retry shows here even while refused.
      let attempts = 0;
      const counting: typeof fetch = (input, init) => {
        attempts += 1;
        return fetch(input, init);
      };
      const h = await suite.startMain({
        outbox: { backoff: NO_RETRY_BY_ITSELF },
        fetch: counting,
      });
      unwrap(
        await h.call('connectApiKey', {
          baseUrl: demo.relay.baseUrl,
          apiKey: demo.server.keys.full,
        }),
      );
      unwrap(await h.call('pinTask', { ref: t }));
      // Setup, not under test: one answer from the service gives the row its title.
      unwrap(await h.call('updateTask', { taskId: t, patch: { status: 'todo' } }));
      const { page } = await suite.openPopup(h);
      const row = page.locator(`li[data-task-id="${t}"]`);
      await row.getByText(title).waitFor();
      const footer = page.locator('footer');
      const checked = () => shownStatus(row);

      // The service goes away, and so does the machine's network (once the page has all its code).
      await screensPrefetched(page);
      await demo.relay.stop();
      await suite.context().setOffline(true);
      const sentBefore = puts();
      await chooseStatus(row, 'Done');

      await row.getByText('Queued, not sent yet').waitFor();
      expect(await checked()).toBe('Done');
      // Main's machine is online (its isOnline says so here): the service is what is down.
      await expect
        .poll(() => footer.textContent())
        .toMatch(/Service unreachable.*1 change waiting/);
      const notice = page.locator('.connection-notice');
      expect(await notice.textContent()).toContain(
        'The service is not answering (this computer is online). 1 change waits and will be sent when it answers.',
      );
      expect(demo.server.getTask(demo.orgId, t)?.status).toBe('todo');
      await screenshots(page, 'task-queued-offline');
      await expectAccessible(page, 'a change queued while offline');

      // "Retry now" while the service is still down: tried at once, still kept, still said.
      // (Main may report the short "sending" moment and the refusal in one event, so the attempt is
      // observed where it happens: at main's fetch.)
      const attemptsBefore = attempts;
      await notice.getByRole('button', { name: 'Retry now' }).click();
      await expect.poll(() => attempts).toBeGreaterThan(attemptsBefore);
      await expect.poll(async () => unwrap(await h.call('listTasks'))[0]?.sync).toBe('queued');
      // Focus is on "Retry now", so the row is closed: its line still marks it queued.
      await row.locator('.task__line .sync--queued[title="Queued, not sent yet"]').waitFor();
      expect(await footer.textContent()).toMatch(/1 change waiting/);
      expect(puts()).toBe(sentBefore);

      // Back: the page sees the network return and tells main, which sends the change now.
      await demo.relay.start();
      await suite.context().setOffline(false);
      await expect.poll(() => demo.server.getTask(demo.orgId, t)?.status).toBe('done');
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
