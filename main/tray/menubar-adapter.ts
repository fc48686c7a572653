import { Menu } from 'electron';
import type { BrowserWindow, MenuItemConstructorOptions } from 'electron';
import { menubar } from 'menubar';
import { APP_INDEX_URL } from '../window/app-protocol';
import { createCrashReloadPolicy } from '../window/crash-reload';
import { popupWindowOptions } from '../window/window-options';

/** What the composition root drives; everything it decides comes from pure functions (menu.ts, tray-state.ts). */
export interface TrayShell {
  setMenu(template: MenuItemConstructorOptions[]): void;
  setIcon(file: string): void;
  setTooltip(text: string): void;
  show(): Promise<void>;
  hide(): void;
  toggle(): Promise<void>;
  window(): BrowserWindow | undefined;
  /** Resolves once the tray exists and the popup has been created (hidden). */
  readonly ready: Promise<void>;
}

export interface TrayShellOptions {
  readonly iconFile: string;
  readonly tooltip: string;
  /** Absolute path of out/preload/index.js. */
  readonly preloadPath: string;
  readonly isPackaged: boolean;
  readonly platform: NodeJS.Platform;
  readonly darkTheme: boolean;
}

/**
 * Adapter over electron-menubar: the tray icon plus the popup, preloaded
 * hidden, shown under the icon, hidden on blur; no dock icon on macOS.
 * Create it before or after app 'ready' (menubar waits for ready itself).
 *
 * Clicks: on macOS and Windows left-click toggles the popup and right-click
 * opens the context menu. On Linux tray click events are unreliable (most
 * desktops show the app-indicator's menu on any click), so the context menu
 * is set on the tray and holds everything, including "Open Task Tray".
 */
export function createTrayShell(options: TrayShellOptions): TrayShell {
  const mb = menubar({
    browserWindow: popupWindowOptions(options),
    // We load the page ourselves (below): menubar would await the load inside
    // its start-up, and a failed load would then stop the tray from appearing.
    index: false,
    preloadWindow: true,
    showDockIcon: false,
    icon: options.iconFile,
    tooltip: options.tooltip,
  });
  const linux = options.platform === 'linux';
  let menu: Menu | null = null;

  // Also after the popup was closed (Alt+F4) and menubar made a new one.
  mb.on('after-create-window', () => {
    const win = mb.window;
    if (!win) return;
    const load = () =>
      win.loadURL(APP_INDEX_URL).catch((error: unknown) => {
        console.error(
          'The popup page did not load:',
          error instanceof Error ? error.message : error,
        );
      });
    void load();
    const crashes = createCrashReloadPolicy();
    win.webContents.on('render-process-gone', (_event, details) => {
      const decision = crashes.decide(details.reason, Date.now());
      if (decision === 'ignore') return;
      console.error(
        `The popup's page stopped (${details.reason}); ${decision === 'reload' ? 'loading it again' : 'closing it'}.`,
      );
      // 'close' (not destroy): menubar forgets the window on it and makes a new one when opened.
      if (decision === 'reload') void load();
      else win.close();
    });
  });

  const ready = new Promise<void>((resolve) => {
    mb.on('ready', () => {
      if (!linux) {
        mb.tray.on('right-click', () => {
          if (menu) mb.tray.popUpContextMenu(menu);
        });
      } else if (menu) {
        mb.tray.setContextMenu(menu);
      }
      resolve();
    });
  });

  const isVisible = () => mb.window?.isVisible() ?? false;

  return {
    setMenu(template) {
      menu = Menu.buildFromTemplate(template);
      // Before 'ready' there is no tray yet; the ready handler sets it then.
      // Linux reads the menu only when it is set again after a change.
      if (linux && isTrayReady()) mb.tray.setContextMenu(menu);
    },
    setIcon(file) {
      if (isTrayReady()) mb.tray.setImage(file);
      else mb.setOption('icon', file);
    },
    setTooltip(text) {
      if (isTrayReady()) mb.tray.setToolTip(text);
      else mb.setOption('tooltip', text);
    },
    show: () => mb.showWindow(),
    hide: () => mb.hideWindow(),
    toggle: async () => (isVisible() ? mb.hideWindow() : mb.showWindow()),
    window: () => mb.window,
    ready,
  };

  function isTrayReady(): boolean {
    // menubar's tray getter throws until its 'ready'.
    try {
      return mb.tray !== undefined;
    } catch {
      return false;
    }
  }
}
