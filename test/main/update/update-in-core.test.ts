import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../main/log/logger';
import { createUpdateController } from '../../../main/update/update-controller';
import { keychainGate } from '../../helpers/keychain';
import { NO_RETRY_BY_ITSELF, useRelayedService } from '../../helpers/relayed-service';
import { unwrap } from '../../helpers/result';
import { whenState } from '../../helpers/wait-for';
import { fakeUpdater, manualScheduler } from './fake-updater';

const gate = await keychainGate();

describe.skipIf(gate.skip)(
  'an update ready while a change waits (the core and the updater)',
  () => {
    const env = useRelayedService(gate, 'task-tray-update-');

    it('offers the restart in the footer, waits for the change to land, then installs', async () => {
      const h = await env.start({ outbox: { backoff: NO_RETRY_BY_ITSELF } });
      const org = env.server.organizations[0]!.id;
      const [task] = env.server.taskIds(org);
      unwrap(
        await h.call('connectApiKey', { baseUrl: env.relay.baseUrl, apiKey: env.server.keys.full }),
      );
      unwrap(await h.call('pinTask', { ref: task! }));
      await env.relay.stop();
      unwrap(await h.call('updateTask', { taskId: task!, patch: { status: 'done' } }));
      await env.relay.start();

      const updater = fakeUpdater((emit) => {
        emit({ type: 'available', version: '1.2.0' });
        emit({ type: 'downloaded', version: '1.2.0' });
      });
      const clock = manualScheduler();
      const controller = createUpdateController({
        port: updater.port,
        install: { how: 'self', via: 'appimage' },
        scheduler: clock,
        waitingChanges: () => h.core.waitingChanges(),
        openUrl: () => undefined,
        log: createLogger(
          () => undefined,
          () => [],
        ),
      });
      h.core.attachUpdates(controller);
      expect(unwrap(await h.call('getUpdate'))).toBeNull();
      controller.checkNow();
      await whenState(h.core, () => updater.checks === 1);
      await new Promise((r) => setImmediate(r));

      // The footer: ready, one change to send first; the popup heard it as an event.
      const line = unwrap(await h.call('getUpdate'));
      expect(line).toEqual({
        text: expect.stringMatching(/^Version 1\.2\.0 is ready · 1 change to send first/),
        tone: 'info',
        action: { id: 'restart-to-update', label: expect.stringMatching(/when sent/i) },
      });
      expect(h.events.filter((e) => e.event === 'update:changed').at(-1)?.payload).toEqual(line);

      // Asked to restart: not while the change waits.
      unwrap(await h.call('performUpdate', { action: 'restart-to-update' }));
      expect(updater.installs).toBe(0);
      // The change lands: the restart goes, without being asked again.
      unwrap(await h.call('retrySync'));
      await whenState(h.core, () => h.core.waitingChanges() === 0);
      await vi.waitFor(() => expect(updater.installs).toBe(1));
      expect(env.server.getTask(org, task!)?.status).toBe('done');
    });

    it("Settings' Check now: answers once the check is over, with what it found", async () => {
      const h = await env.start();
      expect(unwrap(await h.call('getUpdateAbout'))).toMatchObject({ canCheck: false });
      let finish: () => void = () => undefined;
      const updater = fakeUpdater(async (emit) => {
        emit({ type: 'checking' });
        await new Promise<void>((r) => (finish = r));
        emit({ type: 'not-available' });
      });
      const controller = createUpdateController({
        port: updater.port,
        install: { how: 'self', via: 'appimage' },
        scheduler: manualScheduler(),
        waitingChanges: () => h.core.waitingChanges(),
        openUrl: () => undefined,
        log: createLogger(
          () => undefined,
          () => [],
        ),
      });
      h.core.attachUpdates(controller);
      expect(unwrap(await h.call('getUpdateAbout'))).toEqual({
        text: 'Checked for updates every few hours.',
        tone: 'info',
        canCheck: true,
      });
      const answer = h.call('checkForUpdates');
      await vi.waitFor(() => expect(updater.checks).toBe(1));
      expect(unwrap(await h.call('getUpdateAbout'))).toMatchObject({
        text: 'Checking for updates…',
        canCheck: false,
      });
      finish();
      expect(unwrap(await answer)).toEqual({
        text: 'Task Tray is up to date.',
        tone: 'info',
        canCheck: true,
      });
    });

    it('refuses an action that is not one of the footer’s, before the updater hears of it', async () => {
      const h = await env.start();
      const refused = await h.raw('update:perform', {
        action: 'open-url',
        url: 'https://evil.example',
      });
      expect(refused.ok).toBe(false);
      // Without an updater (tests, development runs) the footer says nothing.
      expect(unwrap(await h.call('getUpdate'))).toBeNull();
    });
  },
);
