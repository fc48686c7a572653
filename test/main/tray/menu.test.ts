import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { OrganizationSchema } from '../../../common/organization';
import { TaskSchema } from '../../../common/task';
import type { TaskStatus } from '../../../common/task';
import type {
  AccountStatus,
  AssignedView,
  ConnectionView,
  PinnedTaskView,
} from '../../../common/views';
import { MAX_TRAY_TASKS, buildTrayMenu } from '../../../main/tray/menu';
import type { TrayMenuActions, TrayMenuState } from '../../../main/tray/menu';
import { MAX_LABEL_LENGTH } from '../../../main/tray/menu-text';

const connected = (demo = false): AccountStatus => ({
  state: 'connected',
  problem: null,
  profile: {
    id: 'p1',
    label: 'Work',
    name: 'Work',
    baseUrl: 'https://api.example.com',
    authKind: 'api-key',
    organizationId: null,
    hasSecret: true,
    secretHint: 'comp_…9f3a',
    demo,
  },
  profiles: [],
});
const online: ConnectionView = {
  state: 'online',
  cause: 'online',
  pendingChanges: 0,
  message: null,
};
const acme = OrganizationSchema.parse({ id: 'org_1', name: 'Acme Inc' });

function task(
  id: string,
  fields: Partial<PinnedTaskView> & { title?: string; status?: string; priority?: string } = {},
) {
  const { title, status, priority, ...rest } = fields;
  const view: PinnedTaskView = {
    id,
    ref: {},
    snapshot:
      title === undefined && status === undefined
        ? null
        : TaskSchema.parse({
            id,
            title: title ?? null,
            status: status ?? 'todo',
            priority: priority ?? null,
          }),
    pendingPatch: null,
    sync: 'idle',
    error: null,
    pinnedAt: '2025-01-01T00:00:00.000Z',
    ...rest,
  };
  return view;
}

function state(overrides: Partial<TrayMenuState> = {}): TrayMenuState {
  return {
    account: connected(),
    organization: acme,
    tasks: [],
    connection: online,
    launchAtLogin: false,
    shortcut: 'CommandOrControl+Alt+Shift+T',
    platform: 'linux',
    ...overrides,
  };
}

/** Records what the menu asked for. */
function recorder() {
  const calls: string[] = [];
  const actions: TrayMenuActions = {
    setStatus: (id: string, status: TaskStatus) => calls.push(`setStatus ${id} ${status}`),
    setPriority: (id: string, priority: string) => calls.push(`setPriority ${id} ${priority}`),
    open: () => calls.push('open'),
    openSettings: () => calls.push('openSettings'),
    openAssigned: () => calls.push('openAssigned'),
    captureEvidence: () => calls.push('captureEvidence'),
    newTask: () => calls.push('newTask'),
    setLaunchAtLogin: (on: boolean) => calls.push(`setLaunchAtLogin ${on}`),
    quit: () => calls.push('quit'),
    connect: () => calls.push('connect'),
    switchProfile: (id: string) => calls.push(`switchProfile ${id}`),
    performUpdate: (action: string) => calls.push(`performUpdate ${action}`),
    setComplianceStatus: (id: string, status: string) =>
      calls.push(`setComplianceStatus ${id} ${status}`),
    openComplianceTask: (id: string) => calls.push(`openComplianceTask ${id}`),
  };
  return { calls, actions };
}

const labels = (items: MenuItemConstructorOptions[]) =>
  items.filter((i) => i.type !== 'separator').map((i) => i.label);
const find = (items: MenuItemConstructorOptions[], label: string | RegExp) => {
  const item = items.find((i) =>
    typeof label === 'string' ? i.label === label : label.test(i.label ?? ''),
  );
  if (!item) throw new Error(`no menu item ${String(label)} in ${JSON.stringify(labels(items))}`);
  return item;
};
const click = (item: MenuItemConstructorOptions) => {
  if (!item.click) throw new Error(`${item.label} does nothing when clicked`);
  (item.click as () => void)();
};
const submenuOf = (item: MenuItemConstructorOptions) => {
  if (!Array.isArray(item.submenu)) throw new Error(`${item.label} has no submenu`);
  return item.submenu as MenuItemConstructorOptions[];
};

describe('buildTrayMenu: the organization line', () => {
  it('names the organization', () => {
    const menu = buildTrayMenu(state(), recorder().actions);
    expect(menu[0]).toMatchObject({ label: 'Acme Inc', enabled: false });
  });

  it('shows a name with a bidi override or control characters as plain text', () => {
    const spoof = OrganizationSchema.parse({ id: 'org_1', name: 'Acme \u202Ecni\u0007' });
    const menu = buildTrayMenu(state({ organization: spoof }), recorder().actions);
    expect(menu[0]?.label).toBe('Acme cni\uFFFD');
    const pinned = buildTrayMenu(
      state({ tasks: [task('tski_1', { title: 'Pay \u202Etxt.exe\u200B' })] }),
      recorder().actions,
    );
    expect(labels(pinned).find((l) => l?.startsWith('Pay'))).toMatch(/^Pay txt\.exe/);
  });

  it('labels the demo as a demo', () => {
    const menu = buildTrayMenu(state({ account: connected(true) }), recorder().actions);
    expect(menu[0]?.label).toBe('Acme Inc (Demo)');
  });

  it('falls back to the profile label until the organization is known', () => {
    const menu = buildTrayMenu(state({ organization: null }), recorder().actions);
    expect(menu[0]?.label).toBe('Work');
  });

  it('says "Not connected" and offers Connect… when signed out', () => {
    const { calls, actions } = recorder();
    const menu = buildTrayMenu(
      state({ account: { state: 'signed-out', problem: null, profiles: [] }, organization: null }),
      actions,
    );
    expect(menu[0]).toMatchObject({ label: 'Not connected', enabled: false });
    click(find(menu, 'Connect…'));
    expect(calls).toEqual(['connect']);
    expect(labels(menu)).not.toContain('No pinned tasks: add one in Task Tray');
  });

  it('says when it is offline and how many changes are waiting', () => {
    const offline = {
      state: 'offline',
      cause: 'unreachable',
      pendingChanges: 2,
      message: null,
    } as const;
    expect(labels(buildTrayMenu(state({ connection: offline }), recorder().actions))).toContain(
      'Service unreachable · 2 changes waiting',
    );
    const pending = { state: 'online', cause: 'online', pendingChanges: 1, message: null } as const;
    expect(labels(buildTrayMenu(state({ connection: pending }), recorder().actions))).toContain(
      'Sending 1 change…',
    );
    const unauthorized = {
      state: 'unauthorized',
      cause: 'refused',
      pendingChanges: 0,
      message: null,
    } as const;
    const r = recorder();
    const refusedMenu = buildTrayMenu(state({ connection: unauthorized }), r.actions);
    // Settings has no reconnect: the popup does, and the item opens it.
    expect(labels(refusedMenu)).toContain('Key refused');
    click(find(refusedMenu, 'Connect again…'));
    expect(r.calls).toEqual(['connect']);
  });

  it('adds no connection line when all is well', () => {
    const menu = buildTrayMenu(state(), recorder().actions);
    expect(
      labels(menu).filter((l) =>
        /Sending|offline|refused|unreachable|failing|Connect again/i.test(l ?? ''),
      ),
    ).toEqual([]);
  });
});

describe('buildTrayMenu: assigned to me', () => {
  const assigned = (over: Partial<AssignedView> = {}): AssignedView => ({
    state: 'ready',
    me: { id: 'mem_1', name: 'Maya', email: null, role: null },
    canChooseMe: true,
    tasks: [
      TaskSchema.parse({ id: 'tski_a1', title: 'Rotate keys', status: 'todo' }),
      TaskSchema.parse({ id: 'tski_a2', title: 'Renew the DPA', status: 'in_review' }),
    ],
    more: 0,
    progress: null,
    builtAt: '2026-01-01T00:00:00.000Z',
    message: null,
    ...over,
  });

  it('lists the open tasks not pinned already, each with its statuses, and opens the full view', () => {
    const r = recorder();
    const menu = buildTrayMenu(
      state({ tasks: [task('tski_a2', { title: 'Renew the DPA' })], assigned: assigned() }),
      r.actions,
    );
    const mine = submenuOf(find(menu, 'Assigned to me (2)'));
    expect(labels(mine)).toEqual(['Rotate keys — To do', 'Open Assigned to me…']);
    click(find(submenuOf(find(mine, 'Rotate keys — To do')), 'Done'));
    click(find(mine, 'Open Assigned to me…'));
    expect(r.calls).toEqual(['setStatus tski_a1 done', 'openAssigned']);
  });

  it('asks a key to say who it is, says when it is still finding them, and hides when unavailable', () => {
    const r = recorder();
    const needs = buildTrayMenu(
      state({ assigned: assigned({ state: 'needs-me', tasks: [] }) }),
      r.actions,
    );
    click(find(needs, 'Assigned to me: say who you are…'));
    expect(r.calls).toEqual(['openAssigned']);
    const building = buildTrayMenu(
      state({ assigned: assigned({ state: 'building', tasks: [] }) }),
      r.actions,
    );
    expect(labels(submenuOf(find(building, 'Assigned to me')))).toContain('Finding your tasks…');
    // A read that failed (an organization the key may not read) is not "nothing assigned".
    const failed = buildTrayMenu(
      state({ assigned: assigned({ state: 'failed', tasks: [] }) }),
      r.actions,
    );
    const said = labels(submenuOf(find(failed, 'Assigned to me')));
    expect(said).toContain('Could not read them: open Assigned to me');
    expect(said).not.toContain('Nothing open is assigned to you');
    const none = buildTrayMenu(state({ assigned: assigned({ state: 'unavailable' }) }), r.actions);
    expect(labels(none).some((l) => l?.startsWith('Assigned to me'))).toBe(false);
  });
});

describe('buildTrayMenu: pinned tasks', () => {
  it('lists each task with its status; its submenu has the five statuses as radio items', () => {
    const menu = buildTrayMenu(
      state({ tasks: [task('tski_1', { title: 'Review vendor', status: 'in_progress' })] }),
      recorder().actions,
    );
    const item = find(menu, /^Review vendor/);
    expect(item.label).toBe('Review vendor — In progress');
    const statuses = submenuOf(item).slice(0, 5);
    expect(statuses.map((s) => [s.label, s.type, s.checked])).toEqual([
      ['To do', 'radio', false],
      ['In progress', 'radio', true],
      ['In review', 'radio', false],
      ['Done', 'radio', false],
      ['Canceled', 'radio', false],
    ]);
  });

  it('beside the statuses, the priority: four radio items; choosing one changes only that', () => {
    const { calls, actions } = recorder();
    const menu = buildTrayMenu(
      state({ tasks: [task('tski_1', { title: 'Review vendor', priority: 'high' })] }),
      actions,
    );
    const priority = find(submenuOf(find(menu, /^Review vendor/)), 'Priority: High');
    expect(submenuOf(priority).map((s) => [s.label, s.type, s.checked])).toEqual([
      ['Urgent', 'radio', false],
      ['High', 'radio', true],
      ['Medium', 'radio', false],
      ['Low', 'radio', false],
    ]);
    click(find(submenuOf(priority), 'High'));
    expect(calls).toEqual([]);
    click(find(submenuOf(priority), 'Low'));
    expect(calls).toEqual(['setPriority tski_1 low']);
  });

  it('choosing a status updates that task and opens no window', () => {
    const { calls, actions } = recorder();
    const menu = buildTrayMenu(
      state({
        tasks: [
          task('tski_1', { title: 'Alpha', status: 'todo' }),
          task('tski_2', { title: 'Beta', status: 'todo' }),
        ],
      }),
      actions,
    );
    click(find(submenuOf(find(menu, /^Beta/)), 'Done'));
    expect(calls).toEqual(['setStatus tski_2 done']);
  });

  it('choosing the status a task already has sends nothing (it would still be an update)', () => {
    const { calls, actions } = recorder();
    const menu = buildTrayMenu(
      state({ tasks: [task('tski_1', { title: 'Alpha', status: 'done' })] }),
      actions,
    );
    click(find(submenuOf(find(menu, /^Alpha/)), 'Done'));
    expect(calls).toEqual([]);
  });

  it('shows a change not yet confirmed as the current status', () => {
    const menu = buildTrayMenu(
      state({
        tasks: [
          task('tski_1', {
            title: 'Alpha',
            status: 'todo',
            pendingPatch: { status: 'in_review' },
            sync: 'pending',
          }),
        ],
      }),
      recorder().actions,
    );
    const item = find(menu, /^Alpha/);
    expect(item.label).toBe('Alpha — In review · saving…');
    expect(submenuOf(item).find((s) => s.checked)?.label).toBe('In review');
  });

  it('shows the id until the service has told us the title, with no status ticked', () => {
    const menu = buildTrayMenu(state({ tasks: [task('tski_New1')] }), recorder().actions);
    const item = find(menu, 'tski_New1');
    const statuses = submenuOf(item).slice(0, 5);
    expect(statuses.map((s) => s.label)).toEqual([
      'To do',
      'In progress',
      'In review',
      'Done',
      'Canceled',
    ]);
    expect(statuses.every((s) => s.type === 'normal' && s.checked === false)).toBe(true);
  });

  it('says which status the service has when it is not one of the five, and ticks none', () => {
    const menu = buildTrayMenu(
      state({ tasks: [task('tski_1', { title: 'Alpha', status: 'blocked' })] }),
      recorder().actions,
    );
    const statuses = submenuOf(find(menu, /^Alpha/));
    expect(statuses[0]).toMatchObject({ label: 'Status on the service: blocked', enabled: false });
    expect(statuses.some((s) => s.checked)).toBe(false);
  });

  it('shows why the last change was refused, inside the task', () => {
    const menu = buildTrayMenu(
      state({
        tasks: [
          task('tski_1', {
            title: 'Alpha',
            status: 'todo',
            sync: 'failed',
            error: { kind: 'forbidden', message: 'API key lacks required permission scope' },
          }),
        ],
      }),
      recorder().actions,
    );
    const item = find(menu, /^Alpha/);
    expect(item.label).toBe('Alpha — To do · not saved');
    expect(submenuOf(item)[0]).toMatchObject({
      label: 'API key lacks required permission scope',
      enabled: false,
    });
  });

  it('keeps long titles to one short line, whole characters only', () => {
    const title = `${'Quarterly access review '.repeat(10)}\nsecond line 🎉`;
    const menu = buildTrayMenu(
      state({ tasks: [task('tski_1', { title, status: 'todo' })] }),
      recorder().actions,
    );
    const label = find(menu, /^Quarterly/).label ?? '';
    const [titlePart] = label.split(' — ');
    expect(Array.from(titlePart ?? '').length).toBeLessThanOrEqual(MAX_LABEL_LENGTH);
    expect(titlePart).toMatch(/…$/);
    expect(label).not.toContain('\n');
  });

  it('keeps "&" visible where menus treat it as a mnemonic (Windows, Linux), not on macOS', () => {
    const tasks = [task('tski_1', { title: 'R&D review', status: 'todo' })];
    for (const platform of ['win32', 'linux'] as const) {
      const menu = buildTrayMenu(state({ tasks, platform }), recorder().actions);
      expect(find(menu, /^R&&D/).label).toBe('R&&D review — To do');
    }
    const mac = buildTrayMenu(state({ tasks, platform: 'darwin' }), recorder().actions);
    expect(find(mac, /^R&D/).label).toBe('R&D review — To do');
  });

  it(`caps the list at ${MAX_TRAY_TASKS} and points to the popup for the rest`, () => {
    const { calls, actions } = recorder();
    const tasks = Array.from({ length: MAX_TRAY_TASKS + 5 }, (_, i) =>
      task(`tski_${i}`, { title: `Task ${i}`, status: 'todo' }),
    );
    const menu = buildTrayMenu(state({ tasks }), actions);
    expect(menu.filter((i) => /^Task \d+/.test(i.label ?? ''))).toHaveLength(MAX_TRAY_TASKS);
    click(find(menu, '5 more tasks in Task Tray…'));
    expect(calls).toEqual(['open']);
  });

  it('says how to add a task when none is pinned', () => {
    expect(labels(buildTrayMenu(state(), recorder().actions))).toContain(
      'No pinned tasks: add one in Task Tray',
    );
  });
});

describe('buildTrayMenu: the app items', () => {
  it('opens the popup, showing the global shortcut as a hint it does not register itself', () => {
    const { calls, actions } = recorder();
    const open = find(buildTrayMenu(state(), actions), 'Open Task Tray');
    expect(open).toMatchObject({
      accelerator: 'CommandOrControl+Alt+Shift+T',
      registerAccelerator: false,
    });
    click(open);
    expect(calls).toEqual(['open']);
    const noShortcut = find(buildTrayMenu(state({ shortcut: null }), actions), 'Open Task Tray');
    expect(noShortcut).not.toHaveProperty('accelerator');
  });

  it('offers "New task…" with its shortcut as a hint, only while an account is connected', () => {
    const { calls, actions } = recorder();
    const labelsOf = (items: MenuItemConstructorOptions[]) => items.map((i) => i.label);
    const item = find(
      buildTrayMenu(state({ newTaskShortcut: 'CommandOrControl+Alt+Shift+N' }), actions),
      'New task…',
    );
    expect(item).toMatchObject({
      accelerator: 'CommandOrControl+Alt+Shift+N',
      registerAccelerator: false,
    });
    click(item);
    expect(calls).toEqual(['newTask']);
    expect(find(buildTrayMenu(state(), actions), 'New task…')).not.toHaveProperty('accelerator');
    const signedOut = buildTrayMenu(
      state({ account: { state: 'signed-out', problem: null, profiles: [] } }),
      actions,
    );
    expect(labelsOf(signedOut)).not.toContain('New task…');
  });

  it('toggles launch at login from its current value', () => {
    for (const launchAtLogin of [false, true]) {
      const { calls, actions } = recorder();
      const item = find(buildTrayMenu(state({ launchAtLogin }), actions), 'Open at login');
      expect(item).toMatchObject({ type: 'checkbox', checked: launchAtLogin });
      click(item);
      expect(calls).toEqual([`setLaunchAtLogin ${!launchAtLogin}`]);
    }
  });

  it('ends with Settings… and Quit', () => {
    const { calls, actions } = recorder();
    const menu = buildTrayMenu(state(), actions);
    click(find(menu, 'Settings…'));
    click(find(menu, 'Quit Task Tray'));
    expect(calls).toEqual(['openSettings', 'quit']);
    expect(menu.at(-1)?.label).toBe('Quit Task Tray');
  });

  it('on Linux, reaches every action from the menu alone', () => {
    const { calls, actions } = recorder();
    const menu = buildTrayMenu(
      state({ platform: 'linux', tasks: [task('tski_1', { title: 'Alpha', status: 'todo' })] }),
      actions,
    );
    const clickAll = (items: MenuItemConstructorOptions[]) => {
      for (const item of items) {
        if (item.click) click(item);
        if (Array.isArray(item.submenu)) clickAll(item.submenu as MenuItemConstructorOptions[]);
      }
    };
    clickAll(menu);
    const kinds = new Set(calls.map((c) => c.split(' ')[0]));
    expect([...kinds].sort()).toEqual(
      [
        'captureEvidence',
        'newTask',
        'open',
        'openSettings',
        'quit',
        'setLaunchAtLogin',
        'setPriority',
        'setStatus',
      ].sort(),
    );
  });

  it('offers "Capture evidence…" before Settings… when signed in, and not signed out', () => {
    const { calls, actions } = recorder();
    const menu = buildTrayMenu(state(), actions);
    const labels = menu.map((i) => i.label);
    expect(labels.indexOf('Capture evidence…')).toBe(labels.indexOf('Settings…') - 1);
    click(find(menu, 'Capture evidence…'));
    expect(calls).toEqual(['captureEvidence']);
    const signedOut = buildTrayMenu(
      state({ account: { state: 'signed-out', problem: null, profiles: [] }, organization: null }),
      actions,
    );
    expect(signedOut.map((i) => i.label)).not.toContain('Capture evidence…');
  });
});

describe('buildTrayMenu: several accounts', () => {
  const base = connected();
  const shown = base.state === 'connected' ? base.profile : null;
  const harbor = {
    ...shown!,
    id: 'p2',
    label: 'Harbor',
    name: 'Harbor',
    authKind: 'session' as const,
  };
  const twoAccounts: AccountStatus = { ...base, profiles: [shown!, harbor] };

  it('lists every account, the shown one ticked and the others with their waiting changes', () => {
    const { calls, actions } = recorder();
    const items = buildTrayMenu(
      state({
        account: twoAccounts,
        connection: { ...online, waitingElsewhere: { p2: 3 } },
      }),
      actions,
    );
    const at = items.findIndex((i) => i.label === 'Accounts');
    expect(at).toBeGreaterThan(0);
    const accounts = items.slice(at + 1, at + 3);
    expect(accounts.map((i) => [i.label, i.type, i.checked])).toEqual([
      ['Work', 'radio', true],
      ['Harbor · 3 changes waiting', 'radio', false],
    ]);
    // One click switches; choosing the shown one does nothing.
    accounts[0]!.click!({} as never, undefined, {} as never);
    accounts[1]!.click!({} as never, undefined, {} as never);
    expect(calls).toEqual(['switchProfile p2']);
  });

  it('calls each account what main names it (two of one label are told apart there)', () => {
    const same: AccountStatus = {
      ...base,
      profiles: [
        { ...shown!, name: 'Work (API key)' },
        { ...harbor, label: 'Work', name: 'Work (web session)' },
      ],
    };
    const labels = buildTrayMenu(state({ account: same }), recorder().actions).map((i) => i.label);
    expect(labels).toContain('Work (API key)');
    expect(labels).toContain('Work (web session)');
  });

  it('has no account section with one account', () => {
    const labels = buildTrayMenu(state(), recorder().actions).map((i) => i.label);
    expect(labels).not.toContain('Accounts');
  });
});

describe('buildTrayMenu: updates', () => {
  it('puts what the updater offers just above Quit, and asks for it by action', () => {
    const { calls, actions } = recorder();
    const items = buildTrayMenu(
      state({
        update: [
          { label: 'Restart to update to 1.2.0', enabled: true, action: 'restart-to-update' },
          { label: 'Downloading…', enabled: false, action: null },
        ],
      }),
      actions,
    );
    const at = items.findIndex((i) => i.label === 'Restart to update to 1.2.0');
    expect(items[at - 1]?.type).toBe('separator');
    expect(items[at + 1]).toMatchObject({ label: 'Downloading…', enabled: false });
    expect(items.at(-1)?.label).toBe('Quit Task Tray');
    items[at]!.click!({} as never, undefined, {} as never);
    expect(calls).toEqual(['performUpdate restart-to-update']);
  });

  it('adds nothing when the updater has nothing to say', () => {
    const labels = buildTrayMenu(state({ update: [] }), recorder().actions).map((i) => i.label);
    expect(labels.filter((l) => /update/i.test(l ?? ''))).toEqual([]);
  });
});
