import type { Result } from '../../common/result';

/** Launch at login, as the settings screen sees it on every OS. */
export interface LoginItem {
  /**
   * Whether the app will really start at the next login (not merely whether it was asked to).
   * `wanted` is what the settings say: on Linux, an AppImage's entry that lost its file to
   * an update is written again for this file when it is on (xdg-autostart.ts).
   */
  isEnabled(wanted?: boolean): Promise<boolean>;
  /** The running AppImage's new version is in another file: an entry that starts this one follows it. */
  programMoved?(newPath: string): Promise<void>;
  /** Turns launching at login on or off; the value is the state now in effect. */
  setEnabled(on: boolean): Promise<Result<boolean>>;
}

/**
 * The argument the app is started with at login, so it starts quietly in the tray
 * without opening its popup. macOS needs none: an LSUIElement app opens no window.
 */
export const HIDDEN_ARG = '--hidden';

/** True when this process was started by the login item (Windows and Linux pass HIDDEN_ARG). */
export function startedAtLogin(argv: readonly string[]): boolean {
  return argv.includes(HIDDEN_ARG);
}
