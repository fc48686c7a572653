import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  POPUP_HEIGHT,
  POPUP_WIDTH,
  popupWindowOptions,
  signInWindowOptions,
} from '../../../main/window/window-options';

const PLATFORMS: NodeJS.Platform[] = ['darwin', 'win32', 'linux'];
const PRELOAD = '/app/out/preload/index.js';

/** Invariant 2, flag by flag: each one written out, none left to Electron's default. */
const HARDENED = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  enableWebSQL: false,
  plugins: false,
} as const;

const everyWindow: [string, BrowserWindowConstructorOptions][] = [
  ...PLATFORMS.flatMap((platform) =>
    [true, false].map((isPackaged): [string, BrowserWindowConstructorOptions] => [
      `popup on ${platform} (${isPackaged ? 'packaged' : 'development'})`,
      popupWindowOptions({ preloadPath: PRELOAD, platform, isPackaged }),
    ]),
  ),
  ['sign-in window', signInWindowOptions({ partition: 'task-tray-sign-in' })],
  [
    'sign-in window (development)',
    signInWindowOptions({ partition: 'task-tray-sign-in', isPackaged: false }),
  ],
];

describe('every window meets invariant 2', () => {
  it.each(everyWindow)('%s: isolated, sandboxed, no Node, web security on', (_name, options) => {
    expect(options.webPreferences).toMatchObject(HARDENED);
  });

  it.each(everyWindow)('%s: no <webview> path and no auxclick windows', (_name, options) => {
    expect(options.webPreferences?.webviewTag).toBe(false);
    expect(options.webPreferences?.disableBlinkFeatures).toContain('Auxclick');
    expect(options.webPreferences?.enableBlinkFeatures).toBeUndefined();
  });

  it('each call returns fresh objects, so one window cannot loosen another', () => {
    const a = popupWindowOptions({ preloadPath: PRELOAD, platform: 'linux', isPackaged: true });
    const b = popupWindowOptions({ preloadPath: PRELOAD, platform: 'linux', isPackaged: true });
    expect(a.webPreferences).not.toBe(b.webPreferences);
  });
});

describe('the popup', () => {
  it('is a hidden, frameless, fixed-size window that stays out of the task bar', () => {
    const options = popupWindowOptions({
      preloadPath: PRELOAD,
      platform: 'win32',
      isPackaged: true,
    });
    expect(options).toMatchObject({
      width: POPUP_WIDTH,
      height: POPUP_HEIGHT,
      show: false,
      frame: false,
      resizable: false,
      fullscreenable: false,
      skipTaskbar: true,
    });
    expect(options.width).toBeGreaterThanOrEqual(320);
    expect(options.height).toBeGreaterThanOrEqual(400);
  });

  it('loads our preload, and only that', () => {
    const options = popupWindowOptions({
      preloadPath: PRELOAD,
      platform: 'linux',
      isPackaged: true,
    });
    expect(options.webPreferences?.preload).toBe(PRELOAD);
  });

  it('has DevTools in development builds only', () => {
    for (const platform of PLATFORMS) {
      const packaged = popupWindowOptions({ preloadPath: PRELOAD, platform, isPackaged: true });
      const dev = popupWindowOptions({ preloadPath: PRELOAD, platform, isPackaged: false });
      expect(packaged.webPreferences?.devTools).toBe(false);
      expect(dev.webPreferences?.devTools).toBe(true);
    }
  });

  it('paints the dark background on a dark system, so opening it does not flash white', () => {
    const dark = popupWindowOptions({
      preloadPath: PRELOAD,
      platform: 'darwin',
      isPackaged: true,
      darkTheme: true,
    });
    const light = popupWindowOptions({
      preloadPath: PRELOAD,
      platform: 'darwin',
      isPackaged: true,
    });
    expect(dark.backgroundColor).not.toBe(light.backgroundColor);
    expect(light.backgroundColor).toBe('#ffffff');
  });

  it('stays out of Mission Control on macOS only (the option exists nowhere else)', () => {
    expect(
      popupWindowOptions({ preloadPath: PRELOAD, platform: 'darwin', isPackaged: true })
        .hiddenInMissionControl,
    ).toBe(true);
    expect(
      popupWindowOptions({ preloadPath: PRELOAD, platform: 'linux', isPackaged: true }),
    ).not.toHaveProperty('hiddenInMissionControl');
  });
});

describe('the sign-in window', () => {
  it('has no preload: a remote page gets no bridge to main at all', () => {
    const options = signInWindowOptions({ partition: 'task-tray-sign-in' });
    expect(options.webPreferences).not.toHaveProperty('preload');
  });

  it('lives in its own partition, and DevTools are off unless asked for in development', () => {
    const options = signInWindowOptions({ partition: 'task-tray-sign-in' });
    expect(options.webPreferences?.partition).toBe('task-tray-sign-in');
    expect(options.webPreferences?.devTools).toBe(false);
    expect(options.show).toBe(false);
  });

  it('refuses the default session (it serves app://) and persisted partitions (cookie on disk)', () => {
    expect(() => signInWindowOptions({ partition: '' })).toThrow(/own partition/);
    expect(() => signInWindowOptions({ partition: '  ' })).toThrow(/own partition/);
    expect(() => signInWindowOptions({ partition: 'persist:sign-in' })).toThrow(/in memory/);
  });
});
