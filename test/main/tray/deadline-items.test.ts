import type { MenuItemConstructorOptions } from 'electron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComplianceTask } from '../../../common/compliance-task';
import type { AccountStatus, ConnectionView } from '../../../common/views';
import { startDemoServer } from '../../../main/demo/server';
import type { DemoServer } from '../../../main/demo/server';
import { createComplianceClient } from '../../../main/service/compliance-client';
import { trayDeadlines } from '../../../main/tray/deadline-items';
import { buildTrayMenu } from '../../../main/tray/menu';
import type { TrayMenuActions } from '../../../main/tray/menu';
import { trayTooltip } from '../../../main/tray/tray-state';

/**
 * The tray's deadlines, from compliance tasks read from the reference
 * service over loopback: "2 overdue · 1 due today" in the tooltip and at
 * the top of the menu, those tasks first, each with its six statuses.
 */

const MAYA = 'mem_n1maya7q2c';
const NOW = Date.parse('2026-11-30T09:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const account: AccountStatus = {
  state: 'connected',
  problem: null,
  profile: {
    id: 'p1',
    label: 'Northwind',
    name: 'Northwind',
    baseUrl: 'http://127.0.0.1',
    authKind: 'api-key',
    organizationId: null,
    hasSecret: true,
    secretHint: null,
    demo: false,
  },
  profiles: [],
};
const connection = { cause: 'online', pendingChanges: 0 } as unknown as ConnectionView;

describe('deadlines in the tray (issue 37)', () => {
  let server: DemoServer;
  let mine: ComplianceTask[] = [];
  beforeAll(async () => {
    server = await startDemoServer({ rateLimit: false, clock: () => new Date(NOW) });
    const client = createComplianceClient({
      baseUrl: server.baseUrl,
      auth: { kind: 'api-key', apiKey: server.keys.full },
      fetch,
    });
    const at = (ms: number) => new Date(NOW + ms).toISOString();
    for (const [id, reviewDate] of [
      ['tsk_n1access7review', at(2 * HOUR)],
      ['tsk_n5vendor6assess', at(-5 * DAY)],
    ] as const) {
      const patched = await client.patch(id, { reviewDate });
      if (!patched.ok) throw new Error(`The reference service refused ${id}'s review date`);
    }
    const listed = await client.list();
    if (!listed.ok) throw new Error('The reference service did not list its compliance tasks');
    mine = listed.value.tasks.filter((t) => t.assigneeId === MAYA);
  });
  afterAll(() => server.close());

  const calls: string[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push([name, ...args].join(' '));
  const actions = {
    setStatus: record('setStatus'),
    setPriority: record('setPriority'),
    open: record('open'),
    openSettings: record('openSettings'),
    openAssigned: record('openAssigned'),
    captureEvidence: record('captureEvidence'),
    setLaunchAtLogin: record('setLaunchAtLogin'),
    quit: record('quit'),
    connect: record('connect'),
    switchProfile: record('switchProfile'),
    performUpdate: record('performUpdate'),
    setComplianceStatus: record('setComplianceStatus'),
    openComplianceTask: record('openComplianceTask'),
  } as TrayMenuActions;

  const menu = () =>
    buildTrayMenu(
      {
        account,
        organization: null,
        tasks: [],
        connection,
        launchAtLogin: false,
        shortcut: null,
        platform: 'linux',
        deadlines: trayDeadlines(mine, NOW, 'UTC'),
      },
      actions,
    );
  const labelOf = (i: MenuItemConstructorOptions) => i.label ?? '';

  it('says "2 overdue · 1 due today" at the top, then those tasks, longest overdue first', () => {
    const items = menu().filter((i) => i.type !== 'separator');
    const at = items.findIndex((i) => i.label === '2 overdue · 1 due today');
    expect(at).toBe(1);
    expect(items.slice(at + 1, at + 4).map(labelOf)).toEqual([
      'Vendor risk assessments · 5 days overdue — In review',
      'Backup restore test · 2 days overdue — In progress',
      'Access review · due today — To do',
    ]);
    expect(
      trayTooltip({
        account,
        organization: null,
        connection,
        deadlines: trayDeadlines(mine, NOW, 'UTC').summary,
      }),
    ).toBe('Task Tray — Northwind\n2 overdue · 1 due today');
  });

  it('each offers its six statuses; "Not relevant…" opens the task to say why', () => {
    const item = menu().find((i) => labelOf(i).startsWith('Access review'))!;
    const submenu = item.submenu as MenuItemConstructorOptions[];
    expect(submenu.filter((i) => i.type !== 'separator').map(labelOf)).toEqual([
      'To do',
      'In progress',
      'In review',
      'Done',
      'Not relevant…',
      'Failed',
      'Open…',
    ]);
    expect(submenu.find((i) => i.label === 'To do')?.checked).toBe(true);
    calls.length = 0;
    const click = (label: string) =>
      (submenu.find((i) => i.label === label)?.click as () => void)();
    click('Done');
    click('To do');
    click('Not relevant…');
    expect(calls).toEqual([
      'setComplianceStatus tsk_n1access7review done',
      'openComplianceTask tsk_n1access7review',
    ]);
  });

  it('says nothing when nothing of mine is due', () => {
    const later = trayDeadlines(mine, NOW - 30 * DAY, 'UTC');
    expect(later.summary).toBeNull();
    expect(menu().length).toBeGreaterThan(0);
    expect(
      buildTrayMenu(
        {
          account,
          organization: null,
          tasks: [],
          connection,
          launchAtLogin: false,
          shortcut: null,
          platform: 'linux',
          deadlines: later,
        },
        actions,
      ).some((i) => /overdue|due today/.test(labelOf(i))),
    ).toBe(false);
  });
});
