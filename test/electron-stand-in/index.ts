/**
 * A stand-in for the `electron` module, for tests only (never shipped): the
 * boot tests load the built main bundle with it in place of Electron
 * (load-bundle.ts). It records every call the app makes, in order, and plays
 * the parts a boot needs: the app's life (ready, second instance, quit), the
 * protocol handler serving the bundle, sessions and their guards, windows and
 * their webContents, IPC, the tray and its menu, notifications, the global
 * shortcut, theme, power, network (net.fetch is Node's fetch) and the rest.
 * electron-menubar, electron-updater and electron-log's main entry load it too.
 *
 * What it proves: what main/index.ts and the adapters ask of Electron, in which
 * order, with which options; that the app's own handlers (protocol, guards,
 * IPC) answer as they should when called as Electron would call them.
 *
 * What it does NOT prove: Electron's own behaviour on each OS — that Chromium
 * honours the web preferences, the CSP and the sandbox; that a tray icon, a
 * menu, a toast or a global shortcut appear or work on macOS, Windows or a
 * Linux desktop; the order in which a real Electron emits its events; the
 * single-instance lock across real processes; net.fetch's proxy and
 * certificate store. Those need the real binary (packaging smoke tests).
 */
import { StandInApp } from './app';
import type { AppOptions } from './app';
import { browserWindowClass } from './browser-window';
import { StandInIpcMain } from './ipc-main';
import { osParts } from './os-parts';
import { captureParts } from './capture-parts';
import { Recorder } from './recorder';
import { shellClasses } from './shell-parts';
import { StandInProtocol, StandInSessions } from './web';

export interface StandInOptions extends Partial<AppOptions> {
  readonly home: string;
  readonly appPath: string;
  /** Whether the network is there (net.isOnline, net.fetch); may change during a test. */
  online?: boolean;
  /** Whether this system shows notifications. */
  readonly notificationsSupported?: boolean;
  /** What macOS says of recording the screen (systemPreferences.getMediaAccessStatus('screen')). */
  screenPermission?: 'not-determined' | 'granted' | 'denied' | 'restricted' | 'unknown';
}

export function createElectronStandIn(options: StandInOptions) {
  const rec = new Recorder();
  const app = new StandInApp(rec, {
    home: options.home,
    appPath: options.appPath,
    lockGranted: options.lockGranted ?? true,
    isPackaged: options.isPackaged ?? false,
  });
  const protocol = new StandInProtocol(rec);
  const session = new StandInSessions(rec);
  const ipcMain = new StandInIpcMain(rec);
  const os = osParts(rec, { online: () => options.online ?? true });
  const windows = browserWindowClass(rec, app, protocol, session);
  const capture = captureParts(rec, () => options.screenPermission ?? 'granted');
  const shell = shellClasses(rec, () => options.notificationsSupported ?? true);

  /** What `require('electron')` returns to the bundle and its libraries. */
  const module = {
    app,
    protocol,
    session,
    ipcMain,
    BrowserWindow: windows.BrowserWindow,
    Tray: shell.Tray,
    Menu: shell.Menu,
    Notification: shell.Notification,
    globalShortcut: os.globalShortcut,
    nativeTheme: os.nativeTheme,
    powerMonitor: os.powerMonitor,
    autoUpdater: os.autoUpdater,
    net: os.net,
    shell: os.shell,
    clipboard: os.clipboard,
    dialog: os.dialog,
    screen: os.screen,
    desktopCapturer: capture.desktopCapturer,
    systemPreferences: capture.systemPreferences,
    webContents: { getAllWebContents: () => windows.windows.map((w) => w.webContents) },
  };

  return {
    module,
    rec,
    app,
    protocol,
    session,
    ipcMain,
    windows: windows.windows,
    trays: shell.trays,
    notifications: shell.notifications,
    shortcuts: os.shortcuts,
    powerMonitor: os.powerMonitor,
    setOnline: (online: boolean) => (options.online = online),
  };
}

export type ElectronStandIn = ReturnType<typeof createElectronStandIn>;
