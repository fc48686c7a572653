/**
 * Launch at login on macOS and Windows, through Electron's login-item settings
 * (app.getLoginItemSettings / app.setLoginItemSettings). The decisions live here,
 * against a narrow host interface that Electron's `app` satisfies, so they are
 * tested in Node; electron-login-item.ts passes the real `app`.
 */
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { HIDDEN_ARG } from './login-item';
import type { LoginItem } from './login-item';

/** The part of Electron's `app` this needs (types as in electron.d.ts). */
export interface LoginSettingsHost {
  getLoginItemSettings(options?: { path?: string; args?: string[] }): {
    openAtLogin: boolean;
    /** macOS 13+: `requires-approval` until the user allows it in System Settings. */
    status?: string;
    /** Windows: false when the user turned the app off in Task Manager's Startup apps. */
    executableWillLaunchAtLogin?: boolean;
  };
  setLoginItemSettings(settings: { openAtLogin?: boolean; path?: string; args?: string[] }): void;
}

export interface SystemLoginItemDeps {
  readonly platform: 'darwin' | 'win32';
  readonly host: LoginSettingsHost;
  /** process.execPath */
  readonly execPath: string;
  /** process.env: the portable Windows build runs from a temporary copy, see below. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

export function createSystemLoginItem(deps: SystemLoginItemDeps): LoginItem {
  const { platform, host } = deps;
  // Windows keys the Run entry by executable and arguments, so reading must name the same
  // ones as writing. The portable build unpacks itself to a temporary folder on every run;
  // the file to start at login is the portable .exe the user has
  // (PORTABLE_EXECUTABLE_FILE, set by electron-builder's portable launcher).
  const windowsEntry = {
    path: deps.env.PORTABLE_EXECUTABLE_FILE || deps.execPath,
    args: [HIDDEN_ARG],
  };

  function read(): { on: boolean; blocked: string | null } {
    if (platform === 'win32') {
      const s = host.getLoginItemSettings(windowsEntry);
      if (s.openAtLogin && s.executableWillLaunchAtLogin === false) {
        return {
          on: false,
          blocked:
            'Windows has Task Tray switched off as a startup app: turn it on in Settings → Apps → Startup (or Task Manager → Startup apps).',
        };
      }
      return { on: s.openAtLogin, blocked: null };
    }
    const s = host.getLoginItemSettings();
    if (s.status === 'requires-approval') {
      return {
        on: false,
        blocked:
          'macOS needs your approval: allow Task Tray in System Settings → General → Login Items.',
      };
    }
    return { on: s.openAtLogin, blocked: null };
  }

  return {
    async isEnabled() {
      try {
        return read().on;
      } catch {
        return false;
      }
    },
    async setEnabled(on): Promise<Result<boolean>> {
      if (typeof on !== 'boolean') {
        return err(appError('bad_input', 'Open at login is either on or off.'));
      }
      try {
        host.setLoginItemSettings(
          platform === 'win32' ? { openAtLogin: on, ...windowsEntry } : { openAtLogin: on },
        );
        const now = read();
        if (now.on === on) return ok(now.on);
        return err(
          appError(
            'internal',
            on && now.blocked
              ? now.blocked
              : `The system kept launch at login ${now.on ? 'on' : 'off'}; try again from its own settings.`,
          ),
        );
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        return err(
          appError('internal', `Could not change launch at login: the system refused (${why}).`),
        );
      }
    },
  };
}
