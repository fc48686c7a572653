import { join } from 'node:path';
import {
  Notification,
  app,
  globalShortcut,
  ipcMain,
  nativeTheme,
  powerMonitor,
  session,
} from 'electron';
import type { WebContents } from 'electron';
import type { Result } from '../common/result';
import type { TaskRef } from '../common/task-ref';
import { registerAppLinks } from './app-link/electron-app-links';
import { applyAppUserModelId } from './app/app-user-model-id';
import { createAppCore } from './app/core';
import { electronCoreOptions, openExternal } from './app/electron-core-options';
import { electronTrayActions } from './app/electron-tray-actions';
import { quitAfterCleanup } from './app/quit-after-cleanup';
import { watchPower } from './sync/electron-sync-adapter';
import type { QuitEvent } from './app/quit-after-cleanup';
import { createTraySync } from './app/tray-sync';
import { userDataDir } from './app/user-data-dir';
import { createEventSender } from './ipc/event-sender';
import { registerIpc } from './ipc/register-ipc';
import { isTrustedSender } from './ipc/trusted-sender';
import { openElectronLogFile } from './log/electron-log-file';
import { createElectronLoginItem, wasStartedAtLogin } from './login-item/electron-login-item';
import { handleClientCertificates } from './session/sign-in-window';
import { createShortcutSet } from './shortcut/shortcut-set';
import { SHORTCUT_SETTINGS } from '../common/shortcut';
import { createTrayShell } from './tray/menubar-adapter';
import type { TrayShell } from './tray/menubar-adapter';
import { startElectronUpdates } from './update/electron-update-adapter';
import { createElectronNotifier } from './notify/electron-notifier';
import type { UpdateController } from './update/update-controller';
import { updateMenuItems, updateTooltipLine } from './update/update-text';
import { panelKind, trayIconFile } from './tray/tray-state';
import { withTaskbarTheme } from './tray/taskbar-theme';
import { readTaskbarDark } from './tray/windows-taskbar-theme';
import { registerAppScheme, serveAppBundle } from './window/app-protocol-adapter';
import {
  APP_NAVIGATION,
  SIGN_IN_NAVIGATION,
  hardenAllWebContents,
} from './window/navigation-guard';

// Composition root: wires Electron to the core. Decisions live in the modules it calls.

// First of all: settings, outbox and the single-instance lock live in this folder.
app.setPath('userData', userDataDir(app.getPath('userData'), app.isPackaged));

// Before anything can notify or touch the login item: Windows shows a toast only for the
// id the installer's shortcut carries.
applyAppUserModelId(app, {
  platform: process.platform,
  isPackaged: app.isPackaged,
  execPath: process.execPath,
  portableFile: process.env.PORTABLE_EXECUTABLE_FILE,
});

// Before 'ready': the app:// scheme must be privileged, and every webContents
// hardened from the moment it exists (docs/ARCHITECTURE.md, invariant 2).
registerAppScheme();
hardenAllWebContents(app, (contents: WebContents) => ({
  navigation: contents.session === session.defaultSession ? APP_NAVIGATION : SIGN_IN_NAVIGATION,
  openExternal: (url) => void openExternal(url),
}));

// Electron would otherwise send the first client certificate in the store to any server asking.
handleClientCertificates(app);

// tasktray:// links can arrive before the app is ready (macOS delivers the
// launching one early): hold them until start() can open them.
const earlyLinks: Result<TaskRef>[] = [];
let openLink = (ref: Result<TaskRef>): void => void earlyLinks.push(ref);

// Set by start(); registered now so a quit during start-up still cleans up.
let onQuit = (_event: QuitEvent): void => undefined;
app.on('before-quit', (event) => onQuit(event));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const links = registerAppLinks((ref) => openLink(ref));
  if (!links.registered)
    console.warn('The OS did not accept Task Tray as the tasktray:// handler.');
  app
    .whenReady()
    .then(start)
    .catch((e: unknown) => {
      console.error('Task Tray could not start:', e instanceof Error ? e.message : e);
      notify(
        'Task Tray could not start. Quit it and open it again; if it keeps happening, reinstall it.',
      );
    });
}

function notify(body: string): void {
  if (Notification.isSupported()) new Notification({ title: 'Task Tray', body }).show();
}

async function start(): Promise<void> {
  const platform = process.platform;
  serveAppBundle(join(__dirname, '../renderer'));

  /** A notification of what main was told: through the guard, as everything main shows is. */
  const tell = (message: string): void => notify(core.safeText(message));

  let redraw = (): void => undefined;
  let tray: TrayShell | null = null;
  // Started once the core has: it asks the core how many changes wait before any restart.
  let updates: UpdateController | null = null;
  // The quick entry opens inside the popup: main shows it and names the entry (view:open).
  let openNewTask = (): void => undefined;
  let startCapture = (): void => undefined;
  const shortcuts = createShortcutSet(globalShortcut, {
    shortcut: () => void tray?.toggle(),
    newTaskShortcut: () => openNewTask(),
    captureShortcut: () => startCapture(),
  });
  // A click opens the popup on the task, on its own account.
  const notifier = createElectronNotifier({
    open: (target) => {
      void tray?.show();
      if (!target) return;
      void core.openTask(target).then((opened) => {
        if (!opened.ok) tell(opened.error.message);
      });
    },
    onError: (message) => core.log.warn(message),
    platform,
  });
  const loginItem = createElectronLoginItem();
  const logFile = openElectronLogFile();
  const core = createAppCore(
    electronCoreOptions({
      logFile,
      loginItem,
      shortcuts,
      notifier,
      tray: () => tray,
      redrawTray: () => redraw(),
    }),
  );

  // Windows: the taskbar's mode from the registry, for the first icon and after each theme change.
  let taskbarDark = await readTaskbarDark();
  const trayTheme = withTaskbarTheme(nativeTheme, () => taskbarDark);
  const trayShell = createTrayShell({
    iconFile: trayIconFile(
      'normal',
      platform,
      panelKind(platform, trayTheme, process.env),
      trayIconDir(),
    ),
    tooltip: 'Task Tray',
    preloadPath: join(__dirname, '../preload/index.js'),
    isPackaged: app.isPackaged,
    platform,
    darkTheme: nativeTheme.shouldUseDarkColors,
  });
  tray = trayShell;
  const toPopup = createEventSender(() => trayShell.window()?.webContents);
  toPopup.listenForHello(ipcMain, isTrustedSender);
  const renderTray = createTraySync(
    trayShell,
    core,
    {
      platform,
      iconDir: trayIconDir(),
      theme: trayTheme,
      shortcut: () => shortcuts.current('shortcut'),
      newTaskShortcut: () => shortcuts.current('newTaskShortcut'),
      update: () => (updates ? updateMenuItems(updates.view()) : []),
      updateTooltip: () => (updates ? updateTooltipLine(updates.view()) : null),
    },
    electronTrayActions({
      ...{ core, tray: trayShell, tell, quit: () => app.quit(), updates: () => updates },
      openView: (screen) => toPopup.send('view:open', { screen }),
      redraw: (rebuild) => renderTray(rebuild),
    }),
  );
  redraw = renderTray;
  openNewTask = () => {
    // Signed out, there is nowhere to make it: the popup opens to connect.
    void trayShell.show();
    core.openNewTask();
  };
  startCapture = () => {
    void trayShell.show();
    core.startCapture();
  };

  // The popup is preloaded and may ask before settings and the keychain are read: answers wait.
  const started = core.start();
  registerIpc(
    ipcMain,
    (channel, input) => started.then(() => core.dispatch(channel, input)),
    isTrustedSender,
  );
  core.onEvent((event, payload) => {
    toPopup.send(event, payload);
    renderTray();
  });
  nativeTheme.on('updated', () => {
    renderTray();
    if (platform === 'win32')
      void readTaskbarDark().then((dark) => {
        taskbarDark = dark;
        renderTray();
      });
  });
  // Waking up: waiting changes go now, not after their backoff. (Electron's main process has no
  // network-change event; the popup reports the network coming back through retrySync.)
  powerMonitor.on('resume', () => {
    core.resume();
    updates?.wake();
  });
  // Asleep or locked, the background sync reads nothing; awake or unlocked, it catches up at once.
  const stopWatchingPower = watchPower((event) => core.power(event));

  await started;
  const settings = core.state().settings;
  nativeTheme.themeSource = settings.theme;
  await trayShell.ready;
  // Only now can the shortcut's toggle() find the tray.
  for (const setting of SHORTCUT_SETTINGS) {
    const bound = shortcuts.apply(setting, settings[setting]);
    if (!bound.ok) core.log.warn(bound.error.message);
  }
  core.settingsChanged(); // Settings can now say whether the shortcut is bound

  renderTray();
  if (core.state().account.state === 'signed-out' && !wasStartedAtLogin()) void trayShell.show();

  app.on('second-instance', () => void trayShell.show());
  openLink = (ref) => {
    void trayShell.show();
    if (!ref.ok) return tell(ref.error.message);
    void core.pinRef(ref.value).then((opened) => {
      if (!opened.ok) return tell(opened.error.message);
      toPopup.send('view:open', opened.value);
    });
  };
  earlyLinks.splice(0).forEach(openLink);

  // Checks at start and every few hours, downloads behind, offers "Restart to update"
  // (main/update/); where this copy cannot update itself, it says where to get the new one.
  void startElectronUpdates({
    scheduler: core.scheduler,
    waitingChanges: () => core.waitingChanges(),
    openUrl: (url) => void openExternal(url),
    log: core.log,
    onAppImageRenamed: (path) => void loginItem.programMoved?.(path),
  })
    .then((running) => {
      updates = running;
      core.attachUpdates(running);
      running.onChange(() => renderTray());
      renderTray();
    })
    .catch((e: unknown) => core.log.warn('The updater did not start', e));

  // The process exits only once the core has finished writing (or after a bound).
  onQuit = quitAfterCleanup({
    cleanUp: () => {
      updates?.dispose();
      notifier.dispose();
      shortcuts.dispose();
      stopWatchingPower();
      // Changes are on disk before they are sent: quitting mid-request loses nothing.
      return core.dispose();
    },
    quit: () => app.quit(),
    warn: (message, e) => core.log.warn(message, e),
  });
}

// A tray app lives on when its windows close (the sign-in window, the popup on Alt+F4).
app.on('window-all-closed', () => undefined);

function trayIconDir(): string {
  return app.isPackaged
    ? join(process.resourcesPath, 'tray')
    : join(app.getAppPath(), 'build', 'tray');
}
