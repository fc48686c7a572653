import { describe, expect, it } from 'vitest';
import { unwrap } from '../helpers/result';
import { chooseStatus, expectAccessible, screenshots, shownStatus } from './popup';
import { skipE2e, useE2eSuite } from './suite';
import { useRelayedDemo } from './relayed-demo';
import { NO_RETRY_BY_ITSELF } from '../helpers/relayed-service';

describe.skipIf(skipE2e)('several accounts, in Chromium against main (issue 17)', () => {
  const suite = useE2eSuite();
  const demo = useRelayedDemo();

  it('switches between two keys from the header, each with its pins and its waiting changes', async () => {
    const [t1, t2, t3] = demo.server.taskIds(demo.orgId);
    const h = await suite.startMain({ outbox: { backoff: NO_RETRY_BY_ITSELF } });
    const connect = async (apiKey: string, label: string, pins: string[]) => {
      const status = unwrap(await h.call('connectApiKey', { baseUrl: demo.relay.baseUrl, apiKey }));
      const id = status.state === 'connected' ? status.profile.id : '';
      unwrap(await h.call('renameProfile', { profileId: id, label }));
      for (const t of pins) {
        unwrap(await h.call('pinTask', { ref: t }));
        // Setup, not under test: one answer from the service gives the row its title.
        unwrap(await h.call('updateTask', { taskId: t, patch: { status: 'todo' } }));
      }
      return id;
    };
    const mine = await connect(demo.server.keys.full, 'Compliance lead', [t1!, t2!]);
    // My change waits: the service is away.
    await demo.relay.stop();
    unwrap(await h.call('updateTask', { taskId: t1!, patch: { status: 'in_review' } }));
    await demo.relay.start();
    await connect(demo.server.keys.colleague, 'Shared ops key', [t3!]);
    // And one of the colleague's waits too.
    await demo.relay.stop();
    unwrap(await h.call('updateTask', { taskId: t3!, patch: { status: 'in_progress' } }));
    await demo.relay.start();

    const { page } = await suite.openPopup(h);
    const title = (t: string) => demo.server.getTask(demo.orgId, t)!.title!;
    await page.getByText(title(t3!)).waitFor();
    expect(await page.getByText(title(t1!)).count()).toBe(0);
    await page.locator(`li[data-task-id="${t3}"]`).getByText('Queued, not sent yet').waitFor();

    const switcher = page.getByRole('button', {
      name: /Switch account: Shared ops key shown, 2 on this computer/,
    });
    await switcher.click();
    const menu = page.getByRole('menu', { name: 'Accounts' });
    const me = menu.getByRole('menuitemradio', { name: /Compliance lead/ });
    expect(await me.textContent()).toMatch(/1 change waiting/);
    expect(
      await menu
        .getByRole('menuitemradio', { name: /Shared ops key/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await screenshots(page, 'accounts-menu');
    await expectAccessible(page, 'account menu');

    await me.click();
    const row = page.locator(`li[data-task-id="${t1}"]`);
    await row.getByText(title(t1!)).waitFor();
    expect(await page.getByText(title(t3!)).count()).toBe(0);
    expect(await shownStatus(row)).toBe('In review');
    await row.getByText('Queued, not sent yet').waitFor();
    await screenshots(page, 'accounts-switched');
    // From here, the colleague's account is the one with a change waiting.
    await page.getByRole('button', { name: /Switch account/ }).click();
    expect(await page.getByRole('menuitemradio', { name: /Shared ops key/ }).textContent()).toMatch(
      /1 change waiting/,
    );

    // Back on the colleague's key, both changes go out, each with its own key: the
    // service records mine under the owner (an API key) and theirs under Daniel.
    await page.getByRole('menuitemradio', { name: /Shared ops key/ }).click();
    await page.getByText(title(t3!)).waitFor();
    unwrap(await h.call('retrySync'));
    await expect.poll(() => demo.server.getTask(demo.orgId, t1!)?.status).toBe('in_review');
    await expect.poll(() => demo.server.getTask(demo.orgId, t3!)?.status).toBe('in_progress');
    expect(demo.server.getTask(demo.orgId, t1!)?.updatedById).toBe('mem_n1maya7q2c');
    expect(demo.server.getTask(demo.orgId, t3!)?.updatedById).toBe('mem_n2dan4k8ro');
    // A change here stays with this key.
    const row3 = page.locator(`li[data-task-id="${t3}"]`);
    await row3.click();
    await chooseStatus(row3, 'Done');
    await expect.poll(() => demo.server.getTask(demo.orgId, t3!)?.status).toBe('done');
    const state = h.core.state();
    expect(state.connection.waitingElsewhere).toBeUndefined();
    expect(state.account.state === 'connected' && state.account.profile.id).not.toBe(mine);

    // Settings lists the other account with what it still has to send (nothing now), and
    // the notification switches.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Settings' }).click();
    const others = page.getByRole('list', { name: 'Other accounts' });
    expect(await others.textContent()).toMatch(/Compliance lead/);
    await screenshots(page, 'accounts-settings');
    await expectAccessible(page, 'settings with two accounts');
    await page.getByRole('region', { name: 'Notifications' }).scrollIntoViewIfNeeded();
    await screenshots(page, 'settings-notifications');
    await page.getByRole('button', { name: 'Back to tasks' }).click();

    // The account menu says the same: two accounts, this one ticked, nothing waiting.
    await page.getByRole('button', { name: /Switch account/ }).click();
    expect(
      await page.getByRole('menuitemradio', { name: /Compliance lead/ }).textContent(),
    ).not.toMatch(/waiting/);
  });
});
