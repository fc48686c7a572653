import { describe, expect, it } from 'vitest';
import {
  APP_USER_MODEL_ID,
  applyAppUserModelId,
  TOAST_ACTIVATOR_CLSID,
} from '../../../main/app/app-user-model-id';
import { loadBuilderConfig } from '../../packaging/builder-config';

function host() {
  const set: string[] = [];
  const calls: string[] = [];
  return {
    set,
    calls,
    setAppUserModelId: (id: string) => void (set.push(id), calls.push(`aumid ${id}`)),
    setToastActivatorCLSID: (id: string) => void calls.push(`clsid ${id}`),
  };
}

const execPath = 'C:\\Users\\ana\\AppData\\Local\\Programs\\task-tray\\Task Tray.exe';

describe('the Windows AppUserModelID', () => {
  it('is set on Windows to the id the installer gives its Start-menu shortcut', () => {
    const windows = host();
    expect(applyAppUserModelId(windows, { platform: 'win32', isPackaged: true, execPath })).toBe(
      'com.tasktray.app',
    );
    expect(windows.set).toEqual(['com.tasktray.app']);
    // electron-builder's NSIS shortcut carries appId: toasts show only when the two agree.
    expect(loadBuilderConfig().appId).toBe(APP_USER_MODEL_ID);
  });

  it('comes with a fixed toast activator CLSID, set with it before any notification', () => {
    const windows = host();
    applyAppUserModelId(windows, { platform: 'win32', isPackaged: true, execPath });
    // Both in the one call index.ts makes before 'ready', before the notifier exists.
    expect(windows.calls).toEqual([
      'aumid com.tasktray.app',
      'clsid {64849A7A-4DC2-4160-8CE6-89F2271FC3C1}',
    ]);
    // The brace-wrapped canonical form electron.d.ts prefers.
    expect(TOAST_ACTIVATOR_CLSID).toMatch(
      /^\{[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\}$/,
    );
  });

  it('leaves the CLSID to Electron where the executable does not stay (development, portable)', () => {
    const dev = host();
    applyAppUserModelId(dev, { platform: 'win32', isPackaged: false, execPath });
    const portable = host();
    applyAppUserModelId(portable, {
      platform: 'win32',
      isPackaged: true,
      execPath,
      portableFile: 'D:\\Task Tray.exe',
    });
    expect([...dev.calls, ...portable.calls].filter((c) => c.startsWith('clsid'))).toEqual([]);
  });

  it("is the executable's path in a development run, which has no shortcut of its own", () => {
    const dev = host();
    const electron = 'C:\\src\\task-tray\\node_modules\\electron\\dist\\electron.exe';
    applyAppUserModelId(dev, { platform: 'win32', isPackaged: false, execPath: electron });
    expect(dev.set).toEqual([electron]);
  });

  it('is left alone on macOS and Linux, which have no such id', () => {
    for (const platform of ['darwin', 'linux'] as const) {
      const other = host();
      expect(applyAppUserModelId(other, { platform, isPackaged: true, execPath })).toBeNull();
      expect(other.set).toEqual([]);
    }
  });
});
