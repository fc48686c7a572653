import { afterEach, describe, expect, it, vi } from 'vitest';
import { startDemoServer } from '../../../main/demo/server';
import { createScheduler } from '../../../main/scheduler/scheduler';
import type { AppNotification } from '../../../main/notify/notify-events';
import { keychainGate } from '../../helpers/keychain';
import { NO_RETRY_BY_ITSELF, useRelayedService } from '../../helpers/relayed-service';
import { failure, unwrap } from '../../helpers/result';
import { whenOutboxEmpty } from '../../helpers/wait-for';

const gate = await keychainGate();

/** The notifications' gathering window is 2 s: a few seconds more is enough to see them all. */
const SEEN = { timeout: 6_000, interval: 50 };

describe.skipIf(gate.skip)('notifications, from what main learns (issue 17)', () => {
  const stops: (() => void)[] = [];
  // Registered first, so it runs after the cores are disposed (after-hooks run in reverse).
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });
  const env = useRelayedService(gate, 'task-tray-notify-');

  const org = () => env.server.organizations[0]!.id;

  async function app(popup: { visible: boolean }) {
    const shown: AppNotification[] = [];
    const h = await env.start({
      outbox: { backoff: NO_RETRY_BY_ITSELF },
      notify: (n) => shown.push(n),
      popupVisible: () => popup.visible,
    });
    const status = unwrap(
      await h.call('connectApiKey', { baseUrl: env.relay.baseUrl, apiKey: env.server.keys.full }),
    );
    const profileId = status.state === 'connected' ? status.profile.id : '';
    const tasks = env.server.taskIds(org()).slice(0, 4);
    for (const t of tasks) unwrap(await h.call('pinTask', { ref: t }));
    return { h, shown, profileId, tasks };
  }

  it('changes that waited offline give one notification when they land, none while made', async () => {
    const { h, shown, tasks } = await app({ visible: false });
    await env.relay.stop();
    for (const t of tasks.slice(0, 3))
      unwrap(await h.call('updateTask', { taskId: t, patch: { status: 'in_review' } }));
    expect(shown).toEqual([]);
    await env.relay.start();
    unwrap(await h.call('retrySync'));
    await whenOutboxEmpty(h.core);
    await vi.waitFor(() => expect(shown).toHaveLength(1), SEEN);
    expect(shown[0]).toMatchObject({
      kind: 'change-landed',
      title: '3 changes sent',
      body: expect.stringMatching(/waited until the service could be reached/),
      count: 3,
    });
    // A change taken at its first attempt is not news: it showed where it was made.
    unwrap(await h.call('updateTask', { taskId: tasks[3]!, patch: { status: 'done' } }));
    await whenOutboxEmpty(h.core);
    // The next thing notified (a refusal from the tray) is the only other one.
    env.server.faults.failNext(400, 1, {
      statusCode: 400,
      message: ['Assignee is not a member of this organization'],
      error: 'Bad Request',
    });
    failure(await h.core.setStatus(tasks[0]!, 'canceled'));
    await vi.waitFor(() => expect(shown).toHaveLength(2), SEEN);
    expect(shown[1]?.kind).toBe('change-refused');
  });

  it('a refusal of a tray change says why and opens the task; one made in the open popup is not repeated', async () => {
    const popup = { visible: true };
    const { h, shown, profileId, tasks } = await app(popup);
    const refuse = () =>
      env.server.faults.failNext(400, 1, {
        statusCode: 400,
        message: ['Assignee is not a member of this organization'],
        error: 'Bad Request',
      });
    // Made in the popup, refused while it is open: the row says so, no notification.
    refuse();
    failure(await h.call('updateTask', { taskId: tasks[0]!, patch: { status: 'done' } }));
    // Made from the tray menu: notified, with the service's reason and the task to open.
    refuse();
    failure(await h.core.setStatus(tasks[1]!, 'done'));
    await vi.waitFor(() => expect(shown).toHaveLength(1), SEEN);
    expect(shown[0]).toMatchObject({
      kind: 'change-refused',
      body: expect.stringMatching(/Assignee is not a member of this organization/),
      target: { profileId, taskId: tasks[1] },
    });
  });

  it('a refusal of a change whose task was unpinned meanwhile is notified, even with the popup open', async () => {
    const { h, shown, tasks } = await app({ visible: true });
    // Made in the open popup, kept while the service cannot be reached; then the row is unpinned.
    await env.relay.stop();
    unwrap(await h.call('updateTask', { taskId: tasks[0]!, patch: { status: 'done' } }));
    unwrap(await h.call('unpinTask', { taskId: tasks[0]! }));
    await env.relay.start();
    env.server.faults.failNext(400, 1, {
      statusCode: 400,
      message: ['Assignee is not a member of this organization'],
      error: 'Bad Request',
    });
    unwrap(await h.call('retrySync'));
    await whenOutboxEmpty(h.core);
    // No row says why any more: the notification does (it was skipped as "the popup shows it").
    await vi.waitFor(() => expect(shown).toHaveLength(1), SEEN);
    expect(shown[0]).toMatchObject({
      kind: 'change-refused',
      body: expect.stringMatching(/Assignee is not a member of this organization/),
    });
  });

  it('a combined change split after a refusal is still one made in the open popup', async () => {
    const { h, shown, tasks } = await app({ visible: true });
    // Made in the open popup while the service cannot be reached: a status, then an assignee
    // who is no member, combined while they wait.
    await env.relay.stop();
    unwrap(await h.call('updateTask', { taskId: tasks[0]!, patch: { status: 'in_review' } }));
    unwrap(
      await h.call('updateTask', { taskId: tasks[0]!, patch: { assigneeId: 'mem_notamember0' } }),
    );
    await env.relay.start();
    unwrap(await h.call('retrySync'));
    await whenOutboxEmpty(h.core);
    // Refused whole, then sent field by field: the status landed, the assignee was refused.
    const row = unwrap(await h.call('listTasks')).find((t) => t.id === tasks[0]);
    expect(row?.snapshot?.status).toBe('in_review');
    expect(row?.error?.message).toMatch(/not a member/);
    // The row says so: no notification. A refusal from the tray is then the only one.
    env.server.faults.failNext(400, 1, {
      statusCode: 400,
      message: ['Assignee is not a member of this organization'],
      error: 'Bad Request',
    });
    failure(await h.core.setStatus(tasks[1]!, 'done'));
    await vi.waitFor(() => expect(shown.length).toBeGreaterThan(0), SEEN);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ kind: 'change-refused', count: 1 });
    expect(shown[0]?.target).toMatchObject({ taskId: tasks[1] });
  });

  it('each kind can be switched off, and a partial change keeps the other switches', async () => {
    const { h } = await app({ visible: false });
    const view = unwrap(await h.call('setSettings', { notifications: { refused: false } }));
    expect(view.notifications).toEqual({
      enabled: true,
      landedAfterWait: true,
      refused: false,
      assigned: true,
      changedByOthers: true,
      reminders: true,
    });
    const off = unwrap(await h.call('setSettings', { notifications: { enabled: false } }));
    expect(off.notifications).toMatchObject({ enabled: false, refused: false, assigned: true });
  });

  it('a task newly assigned to me, or changed by someone else while pinned, is notified once', async () => {
    // The service's reads on: "assigned to me" and pinned tasks are read from it.
    const readable = await startDemoServer({ rateLimit: false });
    try {
      const shown: AppNotification[] = [];
      // Main's own clock, moved on when the test says "later" (pinned tasks are read at most
      // every 10 s); its timers are real.
      const real = createScheduler();
      let later = 0;
      const h = await env.start({
        notify: (n) => shown.push(n),
        popupVisible: () => false,
        scheduler: { ...real, now: () => real.now() + later },
      });
      stops.push(() => real.dispose());
      unwrap(
        await h.call('connectApiKey', { baseUrl: readable.baseUrl, apiKey: readable.keys.full }),
      );
      const orgId = readable.organizations[0]!.id;
      // With a key the person says who they are: Priya. The colleague's key acts as Daniel.
      const priya = 'mem_n3pri9x1ma';
      // Priya's overdue compliance task is reminded of (deadlines.test.ts): not what this is about.
      unwrap(await h.call('setSettings', { notifications: { reminders: false } }));
      unwrap(await h.call('setMe', { memberId: priya }));
      await vi.waitFor(
        async () => expect(unwrap(await h.call('getAssigned')).state).toBe('ready'),
        { timeout: 20_000 },
      );
      // Pinned and read once: the starting point, nothing to say.
      const open = readable.taskIds(orgId).filter((id) => {
        const t = readable.getTask(orgId, id)!;
        return t.status !== 'done' && t.status !== 'canceled' && t.assigneeId !== priya;
      });
      const [pinned, toAssign] = open;
      unwrap(await h.call('pinTask', { ref: pinned! }));
      await vi.waitFor(async () =>
        expect(unwrap(await h.call('listTasks'))[0]?.snapshot?.status).toBeTruthy(),
      );

      // Someone else (Daniel, with his key) changes both.
      const other = await env.start();
      unwrap(
        await other.call('connectApiKey', {
          baseUrl: readable.baseUrl,
          apiKey: readable.keys.colleague,
        }),
      );
      for (const ref of [pinned!, toAssign!]) unwrap(await other.call('pinTask', { ref }));
      unwrap(await other.call('updateTask', { taskId: pinned!, patch: { status: 'in_review' } }));
      unwrap(await other.call('updateTask', { taskId: toAssign!, patch: { assigneeId: priya } }));
      await whenOutboxEmpty(other.core);

      // The popup opens again a minute later: pinned tasks and "assigned to me" are read anew.
      later += 60_000;
      unwrap(await h.call('refreshTasks'));
      unwrap(await h.call('refreshAssigned'));
      await vi.waitFor(
        () =>
          expect(shown.map((n) => n.kind).sort()).toEqual(['assigned-to-me', 'changed-by-other']),
        {
          timeout: 20_000,
          interval: 50,
        },
      );
      const changed = shown.find((n) => n.kind === 'changed-by-other')!;
      expect(changed.body).toMatch(/^Daniel Okafor changed the status to In review/);
      expect(changed.target?.taskId).toBe(pinned);
      const assigned = shown.find((n) => n.kind === 'assigned-to-me')!;
      expect(assigned).toMatchObject({ title: 'Assigned to you', target: { taskId: toAssign } });
    } finally {
      await readable.close();
    }
  }, 60_000);
});
