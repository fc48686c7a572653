/**
 * The `electron` module as tsconfig.boot.json shows it to main/: only what the
 * stand-in plays (surface.ts), with Electron's own signatures. main/ compiles
 * against this in place of electron.d.ts, so a call to something the stand-in
 * does not have, or with the wrong shape, fails `npm run typecheck`. Classes the
 * app makes (BrowserWindow, Tray, Notification) keep Electron's instance types:
 * their members are checked at run time, by the boot tests.
 */
import type * as S from './surface';

export declare const app: S.AppSurface;
export declare const protocol: S.ProtocolSurface;
export declare const session: S.SessionModuleSurface;
export declare const ipcMain: S.IpcMainSurface;
export declare const globalShortcut: S.GlobalShortcutSurface;
export declare const nativeTheme: S.NativeThemeSurface;
export declare const powerMonitor: S.PowerMonitorSurface;
export declare const net: S.NetSurface;
export declare const shell: S.ShellSurface;
export declare const clipboard: S.ClipboardSurface;
export declare const dialog: S.DialogSurface;
export declare const screen: S.ScreenSurface;
export declare const desktopCapturer: S.DesktopCapturerSurface;
export declare const systemPreferences: S.SystemPreferencesSurface;
export declare const autoUpdater: S.AutoUpdaterSurface;
export declare const Menu: S.MenuStatic;
export declare const Tray: S.TrayStatic;
export declare const BrowserWindow: S.BrowserWindowStatic &
  (new (options?: Electron.BrowserWindowConstructorOptions) => Electron.BrowserWindow);
export declare const Notification: S.NotificationStatic &
  (new (options?: Electron.NotificationConstructorOptions) => Electron.Notification);

export type BrowserWindow = Electron.BrowserWindow;
export type Notification = Electron.Notification;
export type Tray = Electron.Tray;
export type Menu = Electron.Menu;
export type App = Electron.App;
export type WebContents = Electron.WebContents;
export type IpcMain = Electron.IpcMain;
export type IpcMainEvent = Electron.IpcMainEvent;
export type IpcMainInvokeEvent = Electron.IpcMainInvokeEvent;
export type Shell = Electron.Shell;
export type Certificate = Electron.Certificate;
export type CustomScheme = Electron.CustomScheme;
export type MessageBoxOptions = Electron.MessageBoxOptions;
export type MenuItemConstructorOptions = Electron.MenuItemConstructorOptions;
export type BrowserWindowConstructorOptions = Electron.BrowserWindowConstructorOptions;
export type WebPreferences = Electron.WebPreferences;
export type Rectangle = Electron.Rectangle;
export type LoadURLOptions = Electron.LoadURLOptions;
export type AuthInfo = Electron.AuthInfo;
