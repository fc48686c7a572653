import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TRAY_ICON_STATES,
  panelKind,
  trayIconFile,
  type DesktopEnv,
  type PanelTheme,
} from '../../main/tray/tray-state';

const theme = (
  app: 'light' | 'dark',
  taskbar: 'light' | 'dark' = app,
  themeSource: PanelTheme['themeSource'] = 'system',
): PanelTheme => ({
  shouldUseDarkColors: app === 'dark',
  shouldUseDarkColorsForSystemIntegratedUI: taskbar === 'dark',
  themeSource,
});
const LIGHT = theme('light');
const DARK = theme('dark');
const xdg = (name: string): DesktopEnv => ({ XDG_CURRENT_DESKTOP: name });
const session = (name: string): DesktopEnv => ({ DESKTOP_SESSION: name });

describe('panelKind on Linux', () => {
  // XDG_CURRENT_DESKTOP as the desktops' own sessions set it.
  const darkBars = ['GNOME', 'ubuntu:GNOME', 'Unity', 'Unity:Unity7:ubuntu', 'Pantheon'];
  const themed = [
    'KDE',
    'XFCE',
    'X-Cinnamon',
    'MATE',
    'LXQt',
    'LXDE',
    'Budgie:GNOME',
    'Deepin',
    'DDE',
    'COSMIC',
    'GNOME-Flashback:GNOME',
  ];

  it.each(darkBars)('%s: dark, whatever the theme (its bar is dark in light mode too)', (name) => {
    for (const t of [LIGHT, DARK, theme('light', 'light', 'dark'), theme('dark', 'dark', 'light')])
      expect(panelKind('linux', t, xdg(name))).toBe('dark');
  });

  it.each(themed)("%s: follows the desktop's theme", (name) => {
    expect(panelKind('linux', LIGHT, xdg(name))).toBe('light');
    expect(panelKind('linux', DARK, xdg(name))).toBe('dark');
  });

  it.each(themed)(
    "%s: the outlined icon while the app's own Light/Dark setting hides the desktop's theme",
    (name) => {
      // themeSource 'dark' makes shouldUseDarkColors true on a light desktop, and back.
      expect(panelKind('linux', theme('dark', 'dark', 'dark'), xdg(name))).toBe('contrast');
      expect(panelKind('linux', theme('light', 'light', 'light'), xdg(name))).toBe('contrast');
    },
  );

  it('treats a theme without themeSource as the system theme', () => {
    const bare = { shouldUseDarkColors: true, shouldUseDarkColorsForSystemIntegratedUI: false };
    expect(panelKind('linux', bare, xdg('KDE'))).toBe('dark');
  });

  it.each([
    ['gnome', 'dark', 'dark'],
    ['gnome-xorg', 'dark', 'dark'],
    ['ubuntu-wayland', 'dark', 'dark'],
    ['pantheon', 'dark', 'dark'],
    ['plasma', 'light', 'dark'],
    ['plasmawayland', 'light', 'dark'],
    ['plasmax11', 'light', 'dark'],
    ['/usr/share/xsessions/plasma', 'light', 'dark'],
    ['xfce', 'light', 'dark'],
    ['xubuntu', 'light', 'dark'],
    ['cinnamon', 'light', 'dark'],
    ['cinnamon-wayland', 'light', 'dark'],
    ['mate', 'light', 'dark'],
    ['Lubuntu', 'light', 'dark'],
    ['lxqt', 'light', 'dark'],
    ['budgie-desktop', 'light', 'dark'],
    ['deepin', 'light', 'dark'],
    ['gnome-flashback-metacity', 'light', 'dark'],
  ] as const)(
    'DESKTOP_SESSION=%s alone: %s on a light theme, %s on a dark one',
    (name, light, dark) => {
      expect(panelKind('linux', LIGHT, session(name))).toBe(light);
      expect(panelKind('linux', DARK, session(name))).toBe(dark);
    },
  );

  it.each([
    ['nothing set', {}],
    ['empty values', { XDG_CURRENT_DESKTOP: '', DESKTOP_SESSION: '' }],
    ['a tiling WM and its own bar', xdg('sway')],
    ['Hyprland', xdg('Hyprland')],
    ['i3', { XDG_CURRENT_DESKTOP: 'i3', DESKTOP_SESSION: 'i3' }],
    // A vendor that names itself before GNOME may restyle the bar.
    ['a restyled GNOME', { XDG_CURRENT_DESKTOP: 'pop:GNOME', DESKTOP_SESSION: 'pop' }],
    ['GNOME Classic', { XDG_CURRENT_DESKTOP: 'GNOME-Classic:GNOME' }],
    ['the GNOME Classic session', session('gnome-classic')],
    ["a name that is one of Object.prototype's", xdg('constructor')],
    ['__proto__', session('__proto__')],
  ] as const)('unknown desktop (%s): the outlined icon', (_, env: DesktopEnv) => {
    for (const t of [LIGHT, DARK]) expect(panelKind('linux', t, env)).toBe('contrast');
  });

  it('takes XDG_CURRENT_DESKTOP over DESKTOP_SESSION, and only its first name', () => {
    expect(
      panelKind('linux', LIGHT, { XDG_CURRENT_DESKTOP: 'KDE', DESKTOP_SESSION: 'gnome' }),
    ).toBe('light');
    // XDG_CURRENT_DESKTOP names something unknown: a session name does not overrule it.
    expect(
      panelKind('linux', LIGHT, { XDG_CURRENT_DESKTOP: 'sway', DESKTOP_SESSION: 'plasma' }),
    ).toBe('contrast');
    expect(panelKind('linux', LIGHT, xdg('Budgie:GNOME'))).toBe('light');
  });

  it('ignores case and spaces around the names', () => {
    expect(panelKind('linux', DARK, xdg(' kde '))).toBe('dark');
    expect(panelKind('linux', LIGHT, xdg('gnome'))).toBe('dark');
    expect(panelKind('linux', LIGHT, session('PLASMA'))).toBe('light');
  });

  it('decides the same way on the BSDs, which run the same desktops', () => {
    expect(panelKind('freebsd', LIGHT, xdg('GNOME'))).toBe('dark');
    expect(panelKind('openbsd', LIGHT, xdg('XFCE'))).toBe('light');
    expect(panelKind('freebsd', LIGHT, {})).toBe('contrast');
  });

  it('names an icon file that exists for every state, desktop and theme', () => {
    const dir = join(__dirname, '..', '..', 'build', 'tray');
    const envs: DesktopEnv[] = [{}, ...darkBars.map(xdg), ...themed.map(xdg), xdg('sway')];
    const missing: string[] = [];
    for (const env of envs) {
      for (const t of [LIGHT, DARK, theme('dark', 'dark', 'dark')]) {
        for (const state of TRAY_ICON_STATES) {
          const file = trayIconFile(state, 'linux', panelKind('linux', t, env), dir);
          for (const f of [file, file.replace(/\.png$/, '@2x.png')])
            if (!existsSync(f)) missing.push(f);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('panelKind on Windows and macOS (unchanged)', () => {
  it("picks the Windows icon by the taskbar's mode, not the app's", () => {
    // Windows 10's default: dark taskbar, light apps. A dark glyph there would vanish.
    expect(panelKind('win32', theme('light', 'dark'), {})).toBe('dark');
    expect(
      trayIconFile('normal', 'win32', panelKind('win32', theme('light', 'dark'), {}), '/r'),
    ).toBe(join('/r', 'tray-normal-dark.png'));
    // The app's own Dark setting (themeSource) does not darken a light taskbar.
    expect(panelKind('win32', theme('dark', 'light', 'dark'), {})).toBe('light');
    expect(panelKind('win32', theme('dark', 'dark'), {})).toBe('dark');
    expect(panelKind('win32', theme('light', 'light'), {})).toBe('light');
  });

  it('uses template images on macOS, whatever the theme', () => {
    for (const t of [LIGHT, DARK, theme('light', 'dark')]) {
      expect(trayIconFile('normal', 'darwin', panelKind('darwin', t, {}), '/r')).toBe(
        join('/r', 'tray-normalTemplate.png'),
      );
    }
  });

  it('never reads the Linux desktop variables there, and never picks the outlined icon', () => {
    const env = fc.record(
      { XDG_CURRENT_DESKTOP: fc.string(), DESKTOP_SESSION: fc.string() },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.constantFrom('win32', 'darwin'),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('system', 'light', 'dark'),
        env,
        (platform, app, taskbar, source, desktop) => {
          const t = theme(app ? 'dark' : 'light', taskbar ? 'dark' : 'light', source);
          const kind = panelKind(platform, t, desktop);
          expect(kind).toBe(panelKind(platform, t, {}));
          expect(kind).toBe((platform === 'win32' ? taskbar : app) ? 'dark' : 'light');
        },
      ),
    );
  });
});
