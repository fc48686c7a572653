import { app, clipboard, dialog, nativeTheme, net, shell } from 'electron';
import { createKeychainSecretStore } from '../secrets';
import { signInWithBrowser } from '../session/sign-in-window';
import type { ShortcutSet } from '../shortcut/shortcut-set';
import { shortcutNotice } from '../shortcut/shortcut-notice';
import type { createElectronLoginItem } from '../login-item/electron-login-item';
import type { createElectronNotifier } from '../notify/electron-notifier';
import type { TrayShell } from '../tray/menubar-adapter';
import { openExternalSafely } from '../external/open-external';
import { readClipboardEvidence } from '../evidence/electron-clipboard-adapter';
import { ok } from '../../common/result';
import type { openElectronLogFile } from '../log/electron-log-file';
import type { AppCoreOptions, Confirmation } from './core-options';
import { startDemoService } from './demo-service';
import { electronCapturePort } from '../capture/electron-capture-adapter';

export interface ElectronParts {
  readonly loginItem: ReturnType<typeof createElectronLoginItem>;
  readonly shortcuts: ShortcutSet;
  readonly notifier: ReturnType<typeof createElectronNotifier>;
  /** Where every line main logs is written, after the secret guard (main/log/log-file.ts). */
  readonly logFile: ReturnType<typeof openElectronLogFile>;
  /** The tray, once it exists (the core is made first: the tray draws from it). */
  readonly tray: () => TrayShell | null;
  /** Redraws the tray: its Launch at login and shortcut follow the settings. */
  readonly redrawTray: () => void;
}

export const openExternal = (url: string) => openExternalSafely(shell, url);

/**
 * Main's own question, in a native dialog the popup cannot draw or answer:
 * Cancel is the default and what Escape does.
 */
async function askNatively(question: Confirmation): Promise<boolean> {
  const { response } = await dialog.showMessageBox({
    type: 'question',
    title: 'Task Tray',
    message: question.message,
    detail: question.detail,
    buttons: [question.confirm, 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  });
  return response === 0;
}

/** What Electron lends the core: the keychain, the network, the OS's switches and windows. */
export function electronCoreOptions(parts: ElectronParts): AppCoreOptions {
  const { shortcuts, loginItem } = parts;
  return {
    userDataDir: app.getPath('userData'),
    logSink: parts.logFile.sink,
    showLogFile: () => {
      shell.showItemInFolder(parts.logFile.path());
      return ok(null);
    },
    secrets: createKeychainSecretStore(),
    // Electron's net.fetch: the system proxy and the OS certificate store.
    fetch: (input, init) => net.fetch(input instanceof URL ? input.href : input, init),
    startDemoService: () => startDemoService(),
    signInWithBrowser,
    readClipboardText: () => clipboard.readText(),
    readClipboardEvidence,
    openExternal,
    confirm: askNatively,
    hideWindow: () => parts.tray()?.hide(),
    // The popup steps aside while the screen is read, and comes back to show the capture.
    capture: electronCapturePort({
      hide: () => parts.tray()?.hide(),
      show: async () => parts.tray()?.show(),
    }),
    isOnline: () => net.isOnline(),
    notify: (n) => void parts.notifier.show(n),
    popupVisible: () => parts.tray()?.window()?.isVisible() ?? false,
    quit: () => app.quit(),
    appVersion: app.getVersion(),
    setLaunchAtLogin: (on) => loginItem.setEnabled(on),
    isLaunchAtLoginEnabled: (wanted) => loginItem.isEnabled(wanted),
    applyShortcut: (accelerator, setting = 'shortcut') => shortcuts.apply(setting, accelerator),
    currentShortcut: (setting = 'shortcut') => shortcuts.current(setting),
    shortcutNotice: (saved, setting = 'shortcut') =>
      shortcutNotice({
        saved,
        active: shortcuts.current(setting),
        refusal: shortcuts.refusal(setting),
        platform: process.platform,
        env: process.env,
      }),
    onSettingsChanged: (view) => {
      nativeTheme.themeSource = view.theme;
      parts.redrawTray();
    },
  };
}
