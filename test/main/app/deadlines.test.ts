import type { MenuItemConstructorOptions } from 'electron';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTraySync } from '../../../main/app/tray-sync';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import type { AppNotification } from '../../../main/notify/notify-events';
import type { TrayMenuActions } from '../../../main/tray/menu';
import { createCoreHarness } from '../../helpers/app-core';
import type { CoreHarness } from '../../helpers/app-core';
import { keychainGate, removeTestService, uniqueTestService } from '../../helpers/keychain';
import { unwrap } from '../../helpers/result';
import { useTempDirs } from '../../helpers/temp-dir';
import { whenState } from '../../helpers/wait-for';

const gate = await keychainGate();
const MAYA = 'mem_n1maya7q2c';
const BACKUP = 'tsk_n2backup4restore';

/**
 * What is due, end to end over the reference service: the kept compliance
 * list gives the tray "1 overdue" with the task first, a status chosen there
 * goes out as a PATCH, and the overdue task is reminded once.
 */
describe.skipIf(gate.skip)('deadlines in the tray and reminders (issue 37)', () => {
  const service = uniqueTestService();
  const tempDir = useTempDirs('task-tray-deadlines-');
  const harnesses: CoreHarness[] = [];
  let server: DemoServer;
  beforeAll(async () => {
    gate.assertAvailable();
    server = await startDemoServer({ rateLimit: false });
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.core.dispose();
  });
  afterAll(async () => {
    await server.close();
    await removeTestService(service);
  });

  it('the tray says "1 overdue", lists it first with its statuses, and it is reminded once', async () => {
    const shown: AppNotification[] = [];
    const h = createCoreHarness(await tempDir(), service, {
      notify: (n) => shown.push(n),
      popupVisible: () => false,
    });
    harnesses.push(h);
    await h.core.start();
    unwrap(await h.call('connectApiKey', { baseUrl: server.baseUrl, apiKey: server.keys.full }));
    unwrap(await h.call('setMe', { memberId: MAYA }));
    unwrap(await h.call('getCompliance'));
    await whenState(h.core, () => h.core.state().deadlines?.summary != null);

    let menu: MenuItemConstructorOptions[] = [];
    const tooltips: string[] = [];
    const icons: string[] = [];
    const calls: string[] = [];
    const actions = new Proxy({} as TrayMenuActions, {
      get:
        (_t, name: string) =>
        (...args: unknown[]) =>
          void calls.push([name, ...args].join(' ')),
    });
    createTraySync(
      {
        setMenu: (m) => void (menu = m as MenuItemConstructorOptions[]),
        setIcon: (f) => void icons.push(f),
        setTooltip: (t) => void tooltips.push(t),
      },
      h.core,
      {
        platform: 'linux',
        iconDir: '/icons',
        theme: { shouldUseDarkColors: false, shouldUseDarkColorsForSystemIntegratedUI: false },
        shortcut: () => null,
      },
      actions,
    )();
    expect(tooltips.at(-1)).toContain('1 overdue');
    // The icon carries the due mark.
    expect(icons.at(-1)).toMatch(/tray-[a-z]+-due-[a-z]+\.png$/);
    const labels = menu.map((i) => i.label ?? '');
    const at = labels.indexOf('1 overdue');
    expect(at).toBeGreaterThan(0);
    expect(labels[at + 1]).toMatch(/^Backup restore test · \d+ days overdue — In progress$/);

    // Its status from the tray goes through the outbox, as a PATCH the service takes.
    const item = menu[at + 1]!;
    const done = (item.submenu as MenuItemConstructorOptions[]).find((i) => i.label === 'Done')!;
    (done.click as () => void)();
    expect(calls).toEqual([`setComplianceStatus ${BACKUP} done`]);
    unwrap(await h.core.changeCompliance(BACKUP, { kind: 'status', status: 'done' }));
    await whenState(h.core, () =>
      server.requests().some((r) => r.method === 'PATCH' && r.url.endsWith(BACKUP)),
    );

    // Reminded once that it was overdue, whatever else happens meanwhile.
    // Notifications gather for 2 s before they show; no event of main's says when.
    while (!shown.some((n) => n.kind === 'review-reminder'))
      await new Promise((resolve) => setTimeout(resolve, 100));
    const reminders = shown.filter((n) => n.kind === 'review-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      title: expect.stringMatching(/^\d+ days overdue$/),
      body: '“Backup restore test”',
    });
  }, 30_000);
});
