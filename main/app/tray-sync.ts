import type { AppCore } from './core';
import { buildTrayMenu } from '../tray/menu';
import type { TrayMenuActions } from '../tray/menu';
import type { TrayShell } from '../tray/menubar-adapter';
import { panelIsDark, trayIconFile, trayIconState, trayTooltip } from '../tray/tray-state';
import type { PanelTheme } from '../tray/tray-state';

export interface TrayEnvironment {
  readonly platform: NodeJS.Platform;
  readonly iconDir: string;
  /** Read at every redraw (Electron's nativeTheme: its properties are live). */
  readonly theme: PanelTheme;
  /** The shortcut really registered (a refused one is not shown as if it worked). */
  readonly shortcut: () => string | null;
}

/**
 * Glue: redraws the tray (menu, icon, tooltip) from main's state. Every
 * decision is in the pure functions it calls; this only hands them over.
 */
export function createTraySync(
  shell: TrayShell,
  core: AppCore,
  env: TrayEnvironment,
  actions: TrayMenuActions,
) {
  let lastIcon = '';
  return function render(): void {
    const s = core.state();
    shell.setMenu(
      buildTrayMenu(
        {
          account: s.account,
          organization: s.organization,
          tasks: s.tasks,
          connection: s.connection,
          launchAtLogin: s.settings.launchAtLogin,
          shortcut: env.shortcut(),
          platform: env.platform,
        },
        actions,
      ),
    );
    const icon = trayIconFile(
      trayIconState(s.connection),
      env.platform,
      panelIsDark(env.platform, env.theme),
      env.iconDir,
    );
    if (icon !== lastIcon) shell.setIcon((lastIcon = icon));
    shell.setTooltip(trayTooltip(s));
  };
}
