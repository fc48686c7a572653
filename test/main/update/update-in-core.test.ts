import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createLogger } from '../../../main/log/logger';
import { createUpdateController } from '../../../main/update/update-controller';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { startTcpRelay } from '../../helpers/tcp-relay';
import type { TcpRelay } from '../../helpers/tcp-relay';
import { useTempDirs } from '../../helpers/temp-dir';
import { whenState } from '../../helpers/wait-for';
import { fakeUpdater, manualScheduler } from './fake-updater';

const gate = await keychainGate();

describe.skipIf(gate.skip)(
  'an update ready while a change waits (the core and the updater)',
  () => {
    const tempDir = useTempDirs('task-tray-update-');
    const service = uniqueTestService();
    let server: DemoServer;
    let relay: TcpRelay;
    const harnesses: CoreHarness[] = [];

    beforeAll(async () => {
      gate.assertAvailable();
      server = await startDemoServer({ rateLimit: false, reads: false });
      relay = await startTcpRelay(server.baseUrl);
    });
    afterEach(async () => {
      await relay.start();
      for (const h of harnesses.splice(0)) await h.core.dispose();
    });
    afterAll(async () => {
      await relay.close();
      await server.close();
      await removeTestService(service);
    });

    it('offers the restart in the footer, waits for the change to land, then installs', async () => {
      const h = createCoreHarness(await tempDir(), service, {
        outbox: { backoff: { baseMs: 3_600_000, maxMs: 3_600_000 } },
      });
      harnesses.push(h);
      await h.core.start();
      const org = server.organizations[0]!.id;
      const [task] = server.taskIds(org);
      unwrap(await h.call('connectApiKey', { baseUrl: relay.baseUrl, apiKey: server.keys.full }));
      unwrap(await h.call('pinTask', { ref: task! }));
      await relay.stop();
      unwrap(await h.call('updateTask', { taskId: task!, patch: { status: 'done' } }));
      await relay.start();

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
      expect(server.getTask(org, task!)?.status).toBe('done');
    });

    it('refuses an action that is not one of the footer’s, before the updater hears of it', async () => {
      const h = createCoreHarness(await tempDir(), service);
      harnesses.push(h);
      await h.core.start();
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
