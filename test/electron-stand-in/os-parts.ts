import { EventEmitter } from 'node:events';
import type { Recorder } from './recorder';
import type {
  ClipboardSurface,
  DialogSurface,
  GlobalShortcutSurface,
  NetSurface,
  ScreenSurface,
  ShellSurface,
} from './surface';

export interface OsOptions {
  /** What net.isOnline() answers; offline, net.fetch fails as Chromium does with no network. */
  readonly online: () => boolean;
}

export const DISPLAY: Electron.Display = {
  id: 1,
  label: 'stand-in',
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
  size: { width: 1920, height: 1080 },
  workAreaSize: { width: 1920, height: 1040 },
  nativeOrigin: { x: 0, y: 0 },
  scaleFactor: 1,
  rotation: 0,
  internal: true,
  monochrome: false,
  accelerometerSupport: 'unknown',
  touchSupport: 'unknown',
  colorDepth: 24,
  colorSpace: '',
  depthPerComponent: 8,
  displayFrequency: 60,
  detected: true,
  maximumCursorSize: { width: 0, height: 0 },
};

/** The OS's switches: shortcut, theme, power, network, browser, clipboard, dialogs, screens. */
export function osParts(rec: Recorder, opts: OsOptions) {
  const shortcuts = new Map<string, () => void>();
  const globalShortcut: GlobalShortcutSurface = {
    register: (accelerator, callback) => {
      rec.record('globalShortcut', 'register', [accelerator]);
      shortcuts.set(accelerator, callback);
      return true;
    },
    unregister: (accelerator) => {
      rec.record('globalShortcut', 'unregister', [accelerator]);
      shortcuts.delete(accelerator);
    },
    unregisterAll: () => {
      rec.record('globalShortcut', 'unregisterAll');
      shortcuts.clear();
    },
    isRegistered: (accelerator) => shortcuts.has(accelerator),
  };

  const nativeTheme = Object.assign(new EventEmitter(), {
    shouldUseDarkColors: false,
    shouldUseDarkColorsForSystemIntegratedUI: false,
    shouldUseHighContrastColors: false,
    shouldUseInvertedColorScheme: false,
    themeSourceSet: 'system' as Electron.NativeTheme['themeSource'],
  });
  Object.defineProperty(nativeTheme, 'themeSource', {
    get: () => nativeTheme.themeSourceSet,
    set: (value: Electron.NativeTheme['themeSource']) => {
      rec.record('nativeTheme', 'themeSource', [value]);
      nativeTheme.themeSourceSet = value;
    },
  });

  const net: NetSurface = {
    isOnline: () => opts.online(),
    fetch: (input, init) => {
      rec.record('net', 'fetch', [typeof input === 'string' ? input : input.url]);
      if (!opts.online()) return Promise.reject(new TypeError('net::ERR_INTERNET_DISCONNECTED'));
      return globalThis.fetch(input, init);
    },
  };

  const shell: ShellSurface = {
    openExternal: (url) => {
      rec.record('shell', 'openExternal', [url]);
      return Promise.resolve();
    },
    showItemInFolder: (path) => rec.record('shell', 'showItemInFolder', [path]),
  };

  // An empty clipboard: no text, no file, no image.
  const clipboard: ClipboardSurface = {
    readText: () => Promise.resolve(''),
    read: () => Promise.resolve([]),
  };

  const dialog: DialogSurface = {
    showMessageBox: (...args: unknown[]) => {
      rec.record('dialog', 'showMessageBox', args);
      return Promise.resolve({ response: 0, checkboxChecked: false });
    },
    showErrorBox: (title, content) => rec.record('dialog', 'showErrorBox', [title, content]),
  };

  const screen: ScreenSurface = {
    getDisplayMatching: () => DISPLAY,
    getDisplayNearestPoint: () => DISPLAY,
    getPrimaryDisplay: () => DISPLAY,
    getAllDisplays: () => [DISPLAY],
    getCursorScreenPoint: () => ({ x: 0, y: 0 }),
  };

  return {
    globalShortcut,
    shortcuts,
    nativeTheme,
    powerMonitor: new EventEmitter(),
    autoUpdater: new EventEmitter(),
    net,
    shell,
    clipboard,
    dialog,
    screen,
  };
}
