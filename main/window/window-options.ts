import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

/**
 * The popup's size: a header, a dozen one-line tasks with one of them open
 * (its details and status switch), the pin field and the footer, without
 * scrolling. 600 px fits under a 768 px screen's menu bar or taskbar.
 */
export const POPUP_WIDTH = 380;
export const POPUP_HEIGHT = 600;

/** Painted before the renderer's first frame, so a dark system never flashes white. */
export const POPUP_BACKGROUND = { light: '#ffffff', dark: '#1e1e1e' } as const;

/**
 * The web preferences every window of the app shares (docs/ARCHITECTURE.md, invariant 2).
 * Each flag is written out even where Electron 45's default is already safe:
 * a default can change between versions, a written value cannot.
 */
const hardenedWebPreferences = (devTools: boolean): WebPreferences => ({
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  enableWebSQL: false,
  plugins: false,
  // Middle-click ("auxclick") can open windows without going through
  // window.open; we deny those anyway, this removes the path.
  disableBlinkFeatures: 'Auxclick',
  navigateOnDragDrop: false,
  spellcheck: false,
  safeDialogs: true,
  devTools,
});

export interface PopupWindowInput {
  /** Absolute path of the built preload script (out/preload/index.js). */
  readonly preloadPath: string;
  readonly platform: NodeJS.Platform;
  /** app.isPackaged: DevTools are for development builds only. */
  readonly isPackaged: boolean;
  /** nativeTheme.shouldUseDarkColors at creation time. */
  readonly darkTheme?: boolean;
}

/** The tray popup: frameless, hidden until the tray asks for it, never in the task bar. */
export function popupWindowOptions(input: PopupWindowInput): BrowserWindowConstructorOptions {
  return {
    width: POPUP_WIDTH,
    height: POPUP_HEIGHT,
    show: false,
    frame: false,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    skipTaskbar: true,
    // macOS: a menu-bar popup has no business in Mission Control.
    ...(input.platform === 'darwin' ? { hiddenInMissionControl: true } : {}),
    title: 'Task Tray',
    backgroundColor: input.darkTheme ? POPUP_BACKGROUND.dark : POPUP_BACKGROUND.light,
    webPreferences: {
      ...hardenedWebPreferences(!input.isPackaged),
      preload: input.preloadPath,
    },
  };
}

export interface SignInWindowInput {
  /**
   * The session partition the web app's pages live in. Never the default
   * session (that one serves app://), and never "persist:…": a persisted
   * partition would write the session cookie to disk (docs/ARCHITECTURE.md, invariant 1); the one
   * copy we keep goes to the keychain.
   */
  readonly partition: string;
  readonly isPackaged?: boolean;
}

/** The "Sign in with the web app" window: an ordinary window on a remote page, so no preload at all. */
export function signInWindowOptions(input: SignInWindowInput): BrowserWindowConstructorOptions {
  if (input.partition.trim() === '') {
    throw new TypeError('The sign-in window needs its own partition, not the default session.');
  }
  if (input.partition.startsWith('persist:')) {
    throw new TypeError(
      'The sign-in partition must be in memory: "persist:" would write the session cookie to disk.',
    );
  }
  return {
    width: 480,
    height: 720,
    show: false,
    title: 'Sign in — Task Tray',
    autoHideMenuBar: true,
    fullscreenable: false,
    webPreferences: {
      ...hardenedWebPreferences(input.isPackaged === false),
      partition: input.partition,
    },
  };
}
