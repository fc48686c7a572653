import { defaultNotificationSettings } from '../../../common/notification-kinds';
import { describe, expect, it } from 'vitest';
import type { AppCore } from '../../../main/app/core';
import { createTraySync } from '../../../main/app/tray-sync';
import type { TrayEnvironment } from '../../../main/app/tray-sync';
import type { TrayMenuActions } from '../../../main/tray/menu';
import type { TrayShell } from '../../../main/tray/menubar-adapter';

type State = ReturnType<AppCore['state']>;

const state = (launchAtLogin: boolean, pendingChanges = 0): State => ({
  account: { state: 'signed-out', problem: null, profiles: [] },
  organization: null,
  tasks: [],
  connection: { state: 'signed-out', cause: 'signed-out', pendingChanges, message: null },
  freshness: null,
  settings: {
    theme: 'system',
    launchAtLogin,
    shortcut: 'CommandOrControl+Alt+Shift+T',
    version: null,
    signInUrl: 'https://app.example.com/',
    serviceUrl: 'https://api.example.com',
    syncInterval: '2',
    requestsPerMinute: 100,
    notifications: defaultNotificationSettings(),
    shortcutNotice: null,
    newTaskShortcut: 'CommandOrControl+Alt+Shift+N',
    newTaskShortcutNotice: null,
    captureShortcut: 'CommandOrControl+Alt+Shift+E',
    captureShortcutNotice: null,
  },
  assigned: {
    state: 'unavailable',
    me: null,
    canChooseMe: false,
    tasks: [],
    more: 0,
    progress: null,
    builtAt: null,
    message: null,
  },
  deadlines: null,
});

const actions: TrayMenuActions = {
  setStatus: () => undefined,
  setPriority: () => undefined,
  open: () => undefined,
  openSettings: () => undefined,
  openAssigned: () => undefined,
  captureEvidence: () => undefined,
  newTask: () => undefined,
  switchProfile: () => undefined,
  performUpdate: () => undefined,
  setLaunchAtLogin: () => undefined,
  quit: () => undefined,
  connect: () => undefined,
  setComplianceStatus: () => undefined,
  openComplianceTask: () => undefined,
};

function recordingShell() {
  const calls = { menus: 0, icons: [] as string[], tooltips: [] as string[] };
  const shell: Pick<TrayShell, 'setMenu' | 'setIcon' | 'setTooltip'> = {
    setMenu: () => void calls.menus++,
    setIcon: (file) => void calls.icons.push(file),
    setTooltip: (text) => void calls.tooltips.push(text),
  };
  return { shell, calls };
}

const LINUX: TrayEnvironment = {
  platform: 'linux',
  iconDir: '/icons',
  theme: { shouldUseDarkColors: false, shouldUseDarkColorsForSystemIntegratedUI: false },
  shortcut: () => 'CommandOrControl+Alt+Shift+T',
};

describe('the tray redraw', () => {
  it('sets the menu again only when what it shows changed (Linux closes an open menu on every set)', () => {
    const { shell, calls } = recordingShell();
    let current = state(false);
    const render = createTraySync(shell, { state: () => current }, LINUX, actions);
    render();
    expect(calls.menus).toBe(1);
    // Events that change nothing in the menu (equal data, new objects) leave it alone.
    current = state(false);
    render();
    render();
    expect(calls.menus).toBe(1);
    // Launch at login is a checkbox in the menu: a new menu.
    current = state(true);
    render();
    expect(calls.menus).toBe(2);
    // The tooltip still follows every redraw.
    expect(calls.tooltips).toHaveLength(4);
    // "Assigned to me" being gathered reports each vendor or risk read: the menu does not show that.
    for (const done of [1, 2, 3]) {
      current = {
        ...state(true),
        assigned: { ...state(true).assigned, state: 'building', progress: { done, total: 200 } },
      };
      render();
    }
    expect(calls.menus).toBe(3);
  });

  it('sets the menu again after a click whose change failed: the OS ticked the checkbox itself', () => {
    const { shell, calls } = recordingShell();
    const render = createTraySync(shell, { state: () => state(false) }, LINUX, actions);
    render();
    // Launch at login clicked on, refused: the state is as it was, but the box shows ticked.
    render(true);
    expect(calls.menus).toBe(2);
  });
});
