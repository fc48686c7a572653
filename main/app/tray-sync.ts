import type { AppCore } from './core';
import { sameData } from '../../common/same-data';
import { buildTrayMenu } from '../tray/menu';
import type { TrayMenuActions, TrayMenuState } from '../tray/menu';
import type { TrayShell } from '../tray/menubar-adapter';
import {
  panelKind,
  showsDueMark,
  trayIconFile,
  trayIconState,
  trayTooltip,
} from '../tray/tray-state';
import type { PanelTheme } from '../tray/tray-state';
import type { UpdateMenuItem } from '../update/update-text';

export interface TrayEnvironment {
  readonly platform: NodeJS.Platform;
  readonly iconDir: string;
  /** Read at every redraw (Electron's nativeTheme: its properties are live). */
  readonly theme: PanelTheme;
  /** The shortcut really registered (a refused one is not shown as if it worked). */
  readonly shortcut: () => string | null;
  /** The quick entry's shortcut really registered. */
  readonly newTaskShortcut?: () => string | null;
  /** The updater's menu items, once there is an updater. */
  readonly update?: () => readonly UpdateMenuItem[];
  /** The updater's line for the tooltip (a failed download), once there is an updater. */
  readonly updateTooltip?: () => string | null;
}

/**
 * Glue: redraws the tray (menu, icon, tooltip) from main's state. Every
 * decision is in the pure functions it calls; this only hands them over.
 */
export function createTraySync(
  shell: Pick<TrayShell, 'setMenu' | 'setIcon' | 'setTooltip'>,
  core: Pick<AppCore, 'state'>,
  env: TrayEnvironment,
  actions: TrayMenuActions,
) {
  let lastIcon = '';
  let lastMenu: TrayMenuState | null = null;
  /**
   * @param rebuild set the menu again even if its data did not change: the OS
   *   ticked a checkbox by itself on a click whose change then failed.
   */
  return function render(rebuild = false): void {
    const s = core.state();
    const menu: TrayMenuState = {
      account: s.account,
      organization: s.organization,
      tasks: s.tasks,
      connection: s.connection,
      launchAtLogin: s.settings.launchAtLogin,
      shortcut: env.shortcut(),
      newTaskShortcut: env.newTaskShortcut?.() ?? null,
      platform: env.platform,
      // The menu shows the list and its state, not how far a gathering is: its progress
      // (an event per vendor or risk read) must not set the menu again each time.
      assigned: s.assigned && { ...s.assigned, progress: null, builtAt: null },
      update: env.update?.() ?? [],
      deadlines: s.deadlines,
    };
    // Every event redraws, most change nothing the menu shows. On Linux setting the menu
    // again replaces it, closing it under the person's pointer: set it only when the data
    // it is built from changed (the same data builds the same menu, actions included).
    if (rebuild || lastMenu === null || !sameData(menu, lastMenu)) {
      shell.setMenu(buildTrayMenu(menu, actions));
      lastMenu = menu;
    }
    const icon = trayIconFile(
      trayIconState(s.connection),
      env.platform,
      panelKind(env.platform, env.theme, process.env),
      env.iconDir,
      showsDueMark(s.deadlines),
    );
    if (icon !== lastIcon) shell.setIcon((lastIcon = icon));
    shell.setTooltip(
      trayTooltip({
        ...s,
        update: env.updateTooltip?.() ?? null,
        deadlines: s.deadlines?.summary ?? null,
      }),
    );
  };
}
