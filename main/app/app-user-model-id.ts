/**
 * Windows' AppUserModelID: the id Windows files the app's toasts and taskbar entry under.
 * Windows shows a toast only when a Start-menu shortcut carries the same id, and the NSIS
 * installer's shortcut carries electron-builder's appId; Electron's default id matches no
 * shortcut, so without this every notification is dropped without a word. Electron also
 * names the app's login-item (Run) entry after it.
 */

/** electron-builder.yml's appId (a packaging test keeps the two equal). */
export const APP_USER_MODEL_ID = 'com.tasktray.app';

/** The part of Electron's `app` this needs (as in electron.d.ts). */
export interface AppUserModelIdHost {
  setAppUserModelId(id: string): void;
}

export interface AppUserModelIdProcess {
  readonly platform: NodeJS.Platform;
  /** app.isPackaged */
  readonly isPackaged: boolean;
  /** process.execPath */
  readonly execPath: string;
}

/**
 * Sets the id on Windows and returns it (null elsewhere: macOS and Linux have none).
 * A development run has no shortcut of its own; Electron's documented choice there is
 * the executable's path, so a toast still shows.
 * Call before 'ready', before the first notification or login-item call.
 */
export function applyAppUserModelId(
  host: AppUserModelIdHost,
  proc: AppUserModelIdProcess,
): string | null {
  if (proc.platform !== 'win32') return null;
  const id = proc.isPackaged ? APP_USER_MODEL_ID : proc.execPath;
  host.setAppUserModelId(id);
  return id;
}
