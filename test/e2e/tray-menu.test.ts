import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createTraySync } from '../../main/app/tray-sync';
import type { TrayMenuActions } from '../../main/tray/menu';
import { REPO_ROOT } from '../helpers/browser';
import { unwrap } from '../helpers/result';
import { screenshots } from './popup';
import { skipE2e, useE2eSuite } from './suite';
import { trayMenuPage } from './tray-menu-page';

const MAYA = 'mem_n1maya7q2c';
const ACCESS_REVIEW = 'tsk_n1access7review';
const VENDOR_REVIEW = 'tsk_n5vendor6assess';
const DAY = 86_400_000;

/**
 * The tray's deadlines as main draws them from "Try the demo": the tooltip
 * and the top of the menu say "2 overdue · 1 due today", those tasks come
 * first with their statuses; the menu's words drawn as a page, light and
 * dark (the native menu cannot be captured here).
 */
describe.skipIf(skipE2e)('the tray menu with deadlines (issue 37)', () => {
  const suite = useE2eSuite();

  it('says "2 overdue · 1 due today" in the tooltip and the menu, those tasks first', async () => {
    const h = await suite.startMain();
    unwrap(await h.call('startDemo'));
    unwrap(await h.call('setMe', { memberId: MAYA }));
    // The demo has one of Maya's overdue; one more overdue and one due today, through main.
    unwrap(
      await h.call('updateComplianceTask', {
        taskId: VENDOR_REVIEW,
        patch: { reviewDate: new Date(Date.now() - 5 * DAY).toISOString() },
      }),
    );
    unwrap(
      await h.call('updateComplianceTask', {
        taskId: ACCESS_REVIEW,
        patch: { reviewDate: new Date().toISOString() },
      }),
    );
    await expect
      .poll(() => h.core.state().deadlines?.summary, { timeout: 10_000 })
      .toBe('2 overdue · 1 due today');

    let menu: MenuItemConstructorOptions[] = [];
    let tooltip = '';
    const chosen: string[] = [];
    const actions = new Proxy({} as TrayMenuActions, {
      get:
        (_, name) =>
        (...args: unknown[]) =>
          void chosen.push([String(name), ...args].join(' ')),
    });
    const render = createTraySync(
      {
        setMenu: (m) => void (menu = [...m]),
        setIcon: () => undefined,
        setTooltip: (t) => void (tooltip = t),
      },
      h.core,
      {
        platform: 'linux',
        iconDir: `${REPO_ROOT}/build/tray`,
        theme: { shouldUseDarkColors: false, shouldUseDarkColorsForSystemIntegratedUI: false },
        shortcut: () => null,
      },
      actions,
    );
    render();

    expect(tooltip).toBe('Task Tray — Northwind Health (Demo)\n2 overdue · 1 due today');
    const labels = menu.filter((i) => i.type !== 'separator').map((i) => i.label ?? '');
    const at = labels.indexOf('2 overdue · 1 due today');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(labels.slice(at + 1, at + 4)).toEqual([
      'Vendor risk assessments · 5 days overdue — In review',
      'Backup restore test · 2 days overdue — In progress',
      'Access review · due today — To do',
    ]);

    // A click on a status in the submenu is main's change, and "Not relevant…" opens the task.
    const access = menu.find((i) => i.label?.startsWith('Access review'))!;
    const submenu = access.submenu as MenuItemConstructorOptions[];
    const click = (label: string) =>
      (submenu.find((i) => i.label === label)!.click as () => void)();
    click('In progress');
    click('Not relevant…');
    expect(chosen).toEqual([
      `setComplianceStatus ${ACCESS_REVIEW} in_progress`,
      `openComplianceTask ${ACCESS_REVIEW}`,
    ]);

    const page = await suite.context().newPage();
    await page.setViewportSize({ width: 760, height: 560 });
    await page.setContent(trayMenuPage(menu, tooltip, access.label!));
    await page.getByRole('menuitem', { name: '2 overdue · 1 due today' }).waitFor();
    await screenshots(page, 'tray-menu-deadlines');
    await page.close();
  });
});
