/**
 * Windows' AppUserModelID: the id Windows files the app's toasts and taskbar entry under.
 * Windows shows a toast only when a Start-menu shortcut carries the same id, and the NSIS
 * installer's shortcut carries electron-builder's appId; Electron's default id matches no
 * shortcut, so without this every notification is dropped without a word. Electron also
 * names the app's login-item (Run) entry after it.
 *
 * Beside it, the toast activator CLSID: the COM class Windows calls when a toast is
 * clicked after the toast's own Notification object is gone (Action Center, a later
 * run). Electron makes a random one each run unless told (electron.d.ts,
 * app.setToastActivatorCLSID), so every toast of an earlier run clicked into nothing.
 */

/** electron-builder.yml's appId (a packaging test keeps the two equal). */
export const APP_USER_MODEL_ID = 'com.tasktray.app';

/** Fixed for every build and version: a toast shown by any of them reaches the one running. */
export const TOAST_ACTIVATOR_CLSID = '{64849A7A-4DC2-4160-8CE6-89F2271FC3C1}';

/** The part of Electron's `app` this needs (as in electron.d.ts). */
export interface AppUserModelIdHost {
  setAppUserModelId(id: string): void;
  setToastActivatorCLSID(id: string): void;
}

export interface AppUserModelIdProcess {
  readonly platform: NodeJS.Platform;
  /** app.isPackaged */
  readonly isPackaged: boolean;
  /** process.execPath */
  readonly execPath: string;
  /** process.env.PORTABLE_EXECUTABLE_FILE: set by the portable exe's launcher. */
  readonly portableFile?: string | undefined;
}

/**
 * Sets the id on Windows and returns it (null elsewhere: macOS and Linux have none).
 * A development run has no shortcut of its own; Electron's documented choice there is
 * the executable's path, so a toast still shows.
 * The fixed CLSID is registered for the installed copy only: Electron points it at the
 * running executable, which for a development run or the portable exe (unpacked to a
 * folder removed at exit) would leave it pointing at nothing, or take it from the
 * installed copy.
 * Call before 'ready', before the first notification or login-item call.
 */
export function applyAppUserModelId(
  host: AppUserModelIdHost,
  proc: AppUserModelIdProcess,
): string | null {
  if (proc.platform !== 'win32') return null;
  const id = proc.isPackaged ? APP_USER_MODEL_ID : proc.execPath;
  host.setAppUserModelId(id);
  if (proc.isPackaged && !proc.portableFile) host.setToastActivatorCLSID(TOAST_ACTIVATOR_CLSID);
  return id;
}
