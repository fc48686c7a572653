/**
 * The tasktray:// handler for the AppImage. On Linux a link handler is a .desktop file:
 * Electron's setAsDefaultProtocolClient only tells xdg-settings to use the desktop file
 * named by package.json's desktopName. The .deb and .rpm install that file; an AppImage
 * installs nothing, so links went nowhere. The app writes its own entry in the user's
 * applications folder, starting the AppImage file ($APPIMAGE: the executable inside it
 * runs from a temporary mount that is gone after exit). Pure text in, text out;
 * electron-app-links.ts does the file I/O.
 */
import { execValue } from '../login-item/xdg-autostart';
import { APP_LINK_SCHEME } from './app-link';

/** package.json's desktopName, which Electron hands xdg-settings (a test keeps them equal). */
export const DESKTOP_FILE_NAME = 'com.tasktray.app.desktop';

type Env = Readonly<Record<string, string | undefined>>;

/** The AppImage file this process was started from, or null when it is not an AppImage. */
export function appImageFile(platform: NodeJS.Platform, env: Env): string | null {
  const file = env.APPIMAGE;
  return platform === 'linux' && file && file.startsWith('/') ? file : null;
}

/**
 * $XDG_DATA_HOME/applications, or ~/.local/share/applications when it is unset, empty or
 * relative (the base-directory spec says to ignore a relative value).
 */
export function userApplicationsDir(env: Env, homeDir: string): string {
  const dataHome =
    env.XDG_DATA_HOME && env.XDG_DATA_HOME.startsWith('/')
      ? env.XDG_DATA_HOME
      : `${homeDir.replace(/\/+$/, '')}/.local/share`;
  return `${dataHome.replace(/\/+$/, '')}/applications`;
}

/** The desktop entry that opens tasktray:// links with the AppImage at `appImage`. */
export function appImageDesktopEntry(appImage: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Task Tray',
    'Comment=Opens Task Tray links',
    // %U: the link is passed as an argument (the second instance hands it to the first).
    `Exec=${execValue([appImage])} %U`,
    'Icon=task-tray',
    'Terminal=false',
    'StartupNotify=false',
    // Link handling only: the AppImage is not "installed", so it stays out of menus.
    'NoDisplay=true',
    `MimeType=x-scheme-handler/${APP_LINK_SCHEME};`,
    `StartupWMClass=${DESKTOP_FILE_NAME.replace(/\.desktop$/, '')}`,
    '',
  ].join('\n');
}
