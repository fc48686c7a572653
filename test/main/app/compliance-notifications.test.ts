import { describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '../../../main/notify/notify-events';
import type { AppCoreOptions } from '../../../main/app/core';
import { createScheduler } from '../../../main/scheduler/scheduler';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { useDemoBehindRelay } from '../../helpers/demo-behind-relay';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { NO_RETRY_BY_ITSELF } from '../../helpers/relayed-service';
import { useTempDirs } from '../../helpers/temp-dir';
import { unwrap } from '../../helpers/result';
import { whenOutboxEmpty } from '../../helpers/wait-for';

const gate = await keychainGate();

/** The notifications' gathering window is 2 s: a few seconds more is enough to see them all. */
const SEEN = { timeout: 6_000, interval: 50 };
const ACCESS_REVIEW = 'tsk_n1access7review'; // "Access review", todo
const VENDORS = 'tsk_n5vendor6assess'; // in review: a status change is refused
const TABLETOP = 'tsk_n4tabletop2exercise'; // nobody's
const TRAINING = 'tsk_n3training8records'; // Priya's
const MAYA = 'mem_n1maya7q2c';

/**
 * Compliance tasks' changes are news as task items' are, over the reference
 * service behind a relay that can go offline: a change that waited lands,
 * a refusal the popup is not there to show.
 */
describe.skipIf(gate.skip)('notifications of compliance task changes', () => {
  const tempDir = useTempDirs('task-tray-compliance-notify-');
  const service = uniqueTestService();
  const harnesses: CoreHarness[] = [];
  // The service's read routes on: compliance tasks are listed and read there.
  const env = useDemoBehindRelay(
    { rateLimit: false },
    {
      beforeStart: () => gate.assertAvailable(),
      afterEachTest: async () => {
        for (const h of harnesses.splice(0)) await h.core.dispose();
      },
      afterClose: () => removeTestService(service),
    },
  );
  const start = async (extra: Partial<AppCoreOptions>) => {
    const h = createCoreHarness(await tempDir(), service, extra);
    harnesses.push(h);
    await h.core.start();
    return h;
  };

  async function app(popup: { visible: boolean }, extra: Partial<AppCoreOptions> = {}) {
    const shown: AppNotification[] = [];
    const h = await start({
      ...extra,
      outbox: { backoff: NO_RETRY_BY_ITSELF },
      notify: (n) => shown.push(n),
      popupVisible: () => popup.visible,
    });
    const status = unwrap(
      await h.call('connectApiKey', { baseUrl: env.relay.baseUrl, apiKey: env.server.keys.full }),
    );
    // The list is kept: a notification names the task by its title.
    unwrap(await h.call('refreshTasks'));
    return { h, shown, profileId: status.state === 'connected' ? status.profile.id : '' };
  }

  it('a change made offline is notified when it lands, and the notification opens the task', async () => {
    const { h, shown, profileId } = await app({ visible: false });
    await env.relay.stop();
    const answer = unwrap(
      await h.call('updateComplianceTask', {
        taskId: ACCESS_REVIEW,
        patch: { status: 'in_progress' },
      }),
    );
    expect(answer.outcome).toBe('queued');
    expect(shown).toEqual([]);
    await env.relay.start();
    unwrap(await h.call('retrySync'));
    await whenOutboxEmpty(h.core);
    await vi.waitFor(() => expect(shown).toHaveLength(1), SEEN);
    expect(shown[0]).toMatchObject({
      kind: 'change-landed',
      body: expect.stringContaining('Access review'),
      target: { profileId, taskId: ACCESS_REVIEW },
    });
    // A change taken at once is no news.
    unwrap(
      await h.call('updateComplianceTask', { taskId: ACCESS_REVIEW, patch: { status: 'todo' } }),
    );
    await new Promise((r) => setTimeout(r, 2_500));
    expect(shown).toHaveLength(1);

    unwrap(await h.core.openTask(shown[0]!.target!));
    const opened = h.events.filter((e) => e.event === 'view:open').at(-1)?.payload;
    expect(opened).toEqual({ screen: 'compliance', taskId: ACCESS_REVIEW });
  });

  it('a refusal is notified with the service’s words when the popup is hidden, not when it shows it', async () => {
    const popup = { visible: true };
    const { h, shown } = await app(popup);
    const refused = unwrap(
      await h.call('updateComplianceTask', { taskId: VENDORS, patch: { status: 'done' } }),
    );
    expect(refused.outcome).toBe('refused');
    await new Promise((r) => setTimeout(r, 2_500));
    expect(shown).toEqual([]);

    popup.visible = false;
    unwrap(await h.call('updateComplianceTask', { taskId: VENDORS, patch: { status: 'todo' } }));
    await vi.waitFor(() => expect(shown).toHaveLength(1), SEEN);
    expect(shown[0]).toMatchObject({
      kind: 'change-refused',
      body: expect.stringMatching(/Cannot change status directly while task is in review/),
    });
    expect(`${shown[0]!.title} ${shown[0]!.body}`).toMatch(/Vendor/);
  });

  it('a task someone else assigns to me is notified after the next read; one I take here is not', async () => {
    const real = createScheduler();
    let later = 0;
    const { h, shown, profileId } = await app(
      { visible: false },
      { scheduler: { ...real, now: () => real.now() + later } },
    );
    unwrap(await h.call('setMe', { memberId: MAYA }));
    // Reminders of review dates come too; this is about assignments.
    const assigned = () => shown.filter((n) => n.kind === 'assigned-to-me');
    const reread = async () => {
      // The popup opened again a minute later (a read just made answers for a few seconds).
      later += 60_000;
      unwrap(await h.call('refreshTasks'));
    };
    // Taken here: landed before the next read, so no news.
    unwrap(await h.call('updateComplianceTask', { taskId: TABLETOP, patch: { assigneeId: MAYA } }));
    const r = await fetch(`${env.server.baseUrl}/v1/tasks/${TRAINING}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-api-key': env.server.keys.colleague },
      body: JSON.stringify({ assigneeId: MAYA }),
    });
    expect(r.status).toBe(200);
    await reread();
    await vi.waitFor(() => expect(assigned()).toHaveLength(1), SEEN);
    expect(assigned()[0]).toMatchObject({
      kind: 'assigned-to-me',
      body: expect.stringContaining('Security awareness training records'),
      target: { profileId, taskId: TRAINING },
    });
    // Read again, nothing new: told once.
    await reread();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(assigned()).toHaveLength(1);
    real.dispose();
  });
});
