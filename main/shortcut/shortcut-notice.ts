/**
 * What Settings says about the saved global shortcut. Electron reports a refusal from
 * X11, Windows and macOS at once; on a Wayland session it binds through the desktop's
 * GlobalShortcuts portal, which may ask the person first and can refuse later without
 * telling the app (register() has already answered true, electron/electron#52218).
 * So a refusal is an error, and on Wayland an accepted shortcut still gets a caveat
 * with the one way that always works: a desktop shortcut that starts Task Tray (a
 * second start opens the running one's popup).
 */
import type { ShortcutNotice } from '../../common/views';
import { canonicalAccelerator } from './shortcut-manager';

type Env = Readonly<Record<string, string | undefined>>;

export interface ShortcutState {
  /** The shortcut in the settings. */
  readonly saved: string;
  /** The one really registered (ShortcutManager.current()). */
  readonly active: string | null;
  readonly refusal: { readonly accelerator: string; readonly message: string } | null;
  readonly platform: NodeJS.Platform;
  readonly env: Env;
}

const same = (a: string, b: string) => canonicalAccelerator(a) === canonicalAccelerator(b);

export function isWaylandSession(platform: NodeJS.Platform, env: Env): boolean {
  return platform === 'linux' && (env.XDG_SESSION_TYPE === 'wayland' || !!env.WAYLAND_DISPLAY);
}

export function shortcutNotice(state: ShortcutState): ShortcutNotice | null {
  const wayland = isWaylandSession(state.platform, state.env);
  const bound = state.active !== null && same(state.active, state.saved);
  if (!bound) {
    // Not tried yet (the app is starting): nothing to say.
    if (state.refusal === null || !same(state.refusal.accelerator, state.saved)) return null;
    return {
      severity: 'error',
      text: wayland
        ? `Your desktop did not let Task Tray use ${state.saved}: choose another, or add a shortcut in your desktop's keyboard settings that runs Task Tray.`
        : `${state.refusal.message} Choose another.`,
    };
  }
  if (wayland) {
    return {
      severity: 'info',
      text: "On Wayland your desktop may ask you to allow this shortcut. If pressing it does nothing, allow it, or add a shortcut in your desktop's keyboard settings that runs Task Tray.",
    };
  }
  return null;
}
