/**
 * The part of Electron's API the app and its libraries use, as Electron's own
 * electron.d.ts types it: each stand-in part is declared as one of these, so it
 * must have every member listed with Electron's signature, and
 * tsconfig.boot.json typechecks main/ against this list in place of the whole
 * module (electron-module.d.ts), so a call to anything not listed fails tsc.
 * Add a member here, and to the part, when the app starts using it.
 */

export type AppSurface = Pick<
  Electron.App,
  | 'on'
  | 'once'
  | 'off'
  | 'removeListener'
  | 'quit'
  | 'exit'
  | 'whenReady'
  | 'isReady'
  | 'getPath'
  | 'setPath'
  | 'getAppPath'
  | 'getName'
  | 'getVersion'
  | 'isPackaged'
  | 'name'
  | 'requestSingleInstanceLock'
  | 'setAppUserModelId'
  | 'setToastActivatorCLSID'
  | 'setAsDefaultProtocolClient'
  | 'setLoginItemSettings'
  | 'getLoginItemSettings'
>;

export type ProtocolSurface = Pick<
  Electron.Protocol,
  'registerSchemesAsPrivileged' | 'handle' | 'unhandle' | 'isProtocolHandled'
>;

export type SessionSurface = Pick<
  Electron.Session,
  | 'setPermissionRequestHandler'
  | 'setPermissionCheckHandler'
  | 'setDevicePermissionHandler'
  | 'clearStorageData'
> & {
  readonly webRequest: Pick<
    Electron.WebRequest,
    'onHeadersReceived' | 'onBeforeRequest' | 'onBeforeSendHeaders'
  >;
  readonly cookies: Pick<Electron.Cookies, 'get'>;
};

export interface SessionModuleSurface {
  readonly defaultSession: SessionSurface;
  fromPartition(partition: string, options?: Electron.FromPartitionOptions): SessionSurface;
}

export type IpcMainSurface = Pick<
  Electron.IpcMain,
  'handle' | 'removeHandler' | 'on' | 'removeListener' | 'removeAllListeners'
>;

export type BrowserWindowStatic = Pick<
  typeof Electron.BrowserWindow,
  'fromWebContents' | 'getAllWindows'
>;

export type NotificationStatic = Pick<
  typeof Electron.Notification,
  'isSupported' | 'handleActivation'
>;
export type TrayStatic = typeof Electron.Tray;
export type MenuStatic = Pick<typeof Electron.Menu, 'buildFromTemplate'>;
export type GlobalShortcutSurface = Pick<
  Electron.GlobalShortcut,
  'register' | 'unregister' | 'unregisterAll' | 'isRegistered'
>;
export type NativeThemeSurface = Pick<
  Electron.NativeTheme,
  | 'on'
  | 'removeListener'
  | 'shouldUseDarkColors'
  | 'shouldUseDarkColorsForSystemIntegratedUI'
  | 'shouldUseHighContrastColors'
  | 'shouldUseInvertedColorScheme'
  | 'themeSource'
>;
export type PowerMonitorSurface = Pick<Electron.PowerMonitor, 'on' | 'removeListener'>;
export type NetSurface = Pick<Electron.Net, 'isOnline' | 'fetch'>;
export type ShellSurface = Pick<Electron.Shell, 'openExternal' | 'showItemInFolder'>;
export type ClipboardSurface = Pick<Electron.Clipboard, 'readText' | 'read'>;
export type DialogSurface = Pick<Electron.Dialog, 'showMessageBox' | 'showErrorBox'>;
export type ScreenSurface = Pick<
  Electron.Screen,
  | 'getDisplayMatching'
  | 'getDisplayNearestPoint'
  | 'getCursorScreenPoint'
  | 'getPrimaryDisplay'
  | 'getAllDisplays'
>;
export type DesktopCapturerSurface = Pick<Electron.DesktopCapturer, 'getSources'>;
export type SystemPreferencesSurface = Pick<Electron.SystemPreferences, 'getMediaAccessStatus'>;
export type AutoUpdaterSurface = Pick<Electron.AutoUpdater, 'on' | 'removeListener' | 'emit'>;
