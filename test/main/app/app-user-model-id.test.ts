import { describe, expect, it } from 'vitest';
import { APP_USER_MODEL_ID, applyAppUserModelId } from '../../../main/app/app-user-model-id';
import { loadBuilderConfig } from '../../packaging/builder-config';

function host() {
  const set: string[] = [];
  return { set, setAppUserModelId: (id: string) => void set.push(id) };
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
