/**
 * Electron adapter for launch at login: hands Electron's `app` (macOS, Windows) or the
 * XDG config folder (Linux) to the logic in this folder. Call after app 'ready'.
 */
import { app } from 'electron';
import { createLoginItem } from './create-login-item';
import type { LoginItem } from './login-item';
import { startedAtLogin } from './login-item';

export function createElectronLoginItem(): LoginItem {
  const { platform, execPath, env } = process;
  if (platform === 'linux') {
    // On Linux, appData is $XDG_CONFIG_HOME or ~/.config, as the autostart spec wants.
    return createLoginItem({ platform, configHome: app.getPath('appData'), execPath, env });
  }
  if (platform === 'darwin' || platform === 'win32') {
    return createLoginItem({ platform, host: app, execPath, env });
  }
  return createLoginItem({ platform: 'unsupported' });
}

/** Whether the OS started this process at login (then stay quietly in the tray). */
export function wasStartedAtLogin(): boolean {
  if (process.platform === 'darwin') return app.getLoginItemSettings().wasOpenedAtLogin;
  return startedAtLogin(process.argv);
}
