import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP_FILE_NAME,
  appImageDesktopEntry,
  appImageFile,
  userApplicationsDir,
} from '../../../main/app-link/appimage-desktop-entry';
import { parseExecValue } from '../../../main/login-item/xdg-autostart';

const ROOT = join(__dirname, '..', '..', '..');

/** The keys of a desktop entry, as a launcher reads them. */
function keys(entry: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of entry.split('\n').slice(1)) {
    const eq = line.indexOf('=');
    if (eq > 0) out.set(line.slice(0, eq), line.slice(eq + 1));
  }
  return out;
}

describe("the AppImage's tasktray:// handler", () => {
  it('is only written when running as an AppImage on Linux', () => {
    const appImage = '/home/ana/Apps/Task Tray-0.1.0.AppImage';
    expect(appImageFile('linux', { APPIMAGE: appImage })).toBe(appImage);
    expect(appImageFile('linux', {})).toBeNull();
    expect(appImageFile('linux', { APPIMAGE: 'relative.AppImage' })).toBeNull();
    expect(appImageFile('win32', { APPIMAGE: appImage })).toBeNull();
  });

  it('starts the AppImage file with the link, not the temporary mount it runs from', () => {
    const appImage = '/home/ana/My Apps/Task Tray-0.1.0.AppImage';
    const entry = keys(appImageDesktopEntry(appImage));
    const exec = entry.get('Exec') ?? '';
    expect(exec.endsWith(' %U')).toBe(true);
    expect(parseExecValue(exec.slice(0, -' %U'.length))).toEqual([appImage]);
    expect(entry.get('MimeType')).toBe('x-scheme-handler/tasktray;');
    expect(entry.get('Type')).toBe('Application');
  });

  it('is named after the desktopName Electron hands xdg-settings', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      desktopName: string;
    };
    expect(DESKTOP_FILE_NAME).toBe(pkg.desktopName);
    expect(keys(appImageDesktopEntry('/a.AppImage')).get('StartupWMClass')).toBe(
      pkg.desktopName.replace(/\.desktop$/, ''),
    );
  });

  it("goes in the user's applications folder ($XDG_DATA_HOME, else ~/.local/share)", () => {
    expect(userApplicationsDir({ XDG_DATA_HOME: '/data' }, '/home/ana')).toBe('/data/applications');
    expect(userApplicationsDir({}, '/home/ana/')).toBe('/home/ana/.local/share/applications');
    expect(userApplicationsDir({ XDG_DATA_HOME: 'rel' }, '/home/ana')).toBe(
      '/home/ana/.local/share/applications',
    );
  });
});
