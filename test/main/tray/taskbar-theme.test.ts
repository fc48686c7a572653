import { describe, expect, it } from 'vitest';
import { taskbarDarkFromReg, withTaskbarTheme } from '../../../main/tray/taskbar-theme';
import { panelKind } from '../../../main/tray/tray-state';

/** What `reg query HKCU\...\Themes\Personalize /v SystemUsesLightTheme` prints. */
const reg = (value: string) =>
  '\r\nHKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize\r\n' +
  `    SystemUsesLightTheme    REG_DWORD    ${value}\r\n\r\n`;

describe("the Windows taskbar's mode, read from the registry", () => {
  it('is dark for 0, light for 1', () => {
    expect(taskbarDarkFromReg(reg('0x0'))).toBe(true);
    expect(taskbarDarkFromReg(reg('0x1'))).toBe(false);
  });

  it('is unknown when the value is missing or not a DWORD', () => {
    expect(taskbarDarkFromReg('')).toBeNull();
    expect(
      taskbarDarkFromReg(
        'ERROR: The system was unable to find the specified registry key or value.',
      ),
    ).toBeNull();
    expect(taskbarDarkFromReg(reg('0x0').replace('REG_DWORD', 'REG_SZ'))).toBeNull();
    expect(taskbarDarkFromReg(reg('0x0').replace('SystemUses', 'AppsUse'))).toBeNull();
  });

  it("draws the first icon for the taskbar, not for the app's theme Electron falls back to", () => {
    // Before Electron's first theme update it answers with the app's mode (light here),
    // while the taskbar is dark (Windows 10's default).
    const electron = {
      shouldUseDarkColors: false,
      shouldUseDarkColorsForSystemIntegratedUI: false,
      themeSource: 'system' as const,
    };
    let taskbarDark: boolean | null = true;
    const theme = withTaskbarTheme(electron, () => taskbarDark);
    expect(panelKind('win32', theme, {})).toBe('dark');
    // Unreadable registry: Electron's answer.
    taskbarDark = null;
    expect(panelKind('win32', theme, {})).toBe('light');
    expect(theme.themeSource).toBe('system');
  });
});
