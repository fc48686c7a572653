import { Menu } from 'electron';
import type { BrowserWindow, MenuItemConstructorOptions } from 'electron';
import { menubar } from 'electron-menubar';
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
 * electron-menubar does that wiring per platform (setContextMenu), including
 * re-publishing the menu on Linux, where the indicator caches the last one.
 *
 * Left to the library's defaults on purpose: hideOnBlur (true), the Windows
 * "pop-up-menu" stacking level (above the hidden-icons flyout), the macOS
 * double-click filter, and windowPosition (worked out from the taskbar's
 * side on every show on Windows and Linux). Not used, on purpose:
 * - escapeToHide: it hides on any Escape before the page sees the key, and
 *   the popup's Escape first closes what is open (filter, picker, editor);
 *   the renderer asks to hide when nothing else took the key.
 * - globalShortcut: main/shortcut/ owns the shortcut (refusals reported,
 *   the old one kept until the new one is accepted).
 * - hideOnClose: a closed popup (Alt+F4, or a crash loop below) should come
 *   back as a fresh window, and a vetoed close must not get in the way of a
 *   Windows shutdown, which emits no 'before-quit'.
 */
export function createTrayShell(options: TrayShellOptions): TrayShell {
  const mb = menubar({
    browserWindow: popupWindowOptions(options),
    // We load the page ourselves (below): menubar would await the load inside
    // its start-up, and a failed load would then keep 'ready' from ever firing.
    index: false,
    preloadWindow: true,
    showDockIcon: false,
    icon: options.iconFile,
    tooltip: options.tooltip,
  });

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
      // Once the window is 'closed', menubar forgets it and makes a new one when opened.
      if (decision === 'reload') void load();
      else win.close();
    });
  });

  const ready = new Promise<void>((resolve) => {
    mb.on('ready', () => resolve());
  });

  const isVisible = () => mb.window?.isVisible() ?? false;

  const show = async (): Promise<void> => {
    await ready;
    // Where the icon is now, not where it was at the last click: menubar
    // places the popup on the display holding the bounds it is given, so after
    // a display is unplugged or rearranged, or the taskbar moves, the shortcut
    // and the menu's "Open" would otherwise aim at the icon's old place.
    // Linux reports empty bounds (x 0); menubar then keeps its last known ones.
    await mb.showWindow(mb.tray.getBounds());
  };

  return {
    setMenu(template) {
      // Before 'ready' menubar keeps it and binds it when it makes the tray.
      mb.setContextMenu(Menu.buildFromTemplate(template));
    },
    setIcon(file) {
      if (isTrayReady()) mb.tray.setImage(file);
      else mb.setOption('icon', file);
    },
    setTooltip(text) {
      if (isTrayReady()) mb.tray.setToolTip(text);
      else mb.setOption('tooltip', text);
    },
    show,
    hide: () => mb.hideWindow(),
    toggle: async () => (isVisible() ? mb.hideWindow() : show()),
    window: () => mb.window,
    ready,
  };

  function isTrayReady(): boolean {
    // menubar's tray getter throws until it has made the tray.
    try {
      return mb.tray !== undefined;
    } catch {
      return false;
    }
  }
}
