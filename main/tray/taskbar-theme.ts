/**
 * Windows: the taskbar's light or dark mode for the tray icon's first drawing.
 * Electron's nativeTheme.shouldUseDarkColorsForSystemIntegratedUI reads the registry
 * only on a native theme update and falls back to the app's own theme until then
 * (electron shell/browser/api/electron_api_native_theme.cc, OnNativeThemeUpdatedOnUI),
 * so the first icon could be drawn for the wrong panel. The same registry value, read
 * by us: HKCU\...\Themes\Personalize\SystemUsesLightTheme (0: dark taskbar).
 */
import type { PanelTheme } from './tray-state';

export const PERSONALIZE_KEY =
  'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize';
export const SYSTEM_USES_LIGHT_THEME = 'SystemUsesLightTheme';

/**
 * Whether the taskbar is dark, from `reg query <key> /v SystemUsesLightTheme`'s output
 * ("    SystemUsesLightTheme    REG_DWORD    0x0"); null when it does not say (no value:
 * Windows before 1903, or a profile that never set it).
 */
export function taskbarDarkFromReg(output: string): boolean | null {
  const match = /^\s*SystemUsesLightTheme\s+REG_DWORD\s+0x([0-9a-f]+)\s*$/im.exec(output);
  if (!match?.[1]) return null;
  return Number.parseInt(match[1], 16) === 0;
}

/**
 * The theme the tray is drawn by: Electron's, with the taskbar's mode taken from the
 * registry whenever it could be read (`taskbarDark` null: Electron's value).
 */
export function withTaskbarTheme(theme: PanelTheme, taskbarDark: () => boolean | null): PanelTheme {
  return {
    get shouldUseDarkColors() {
      return theme.shouldUseDarkColors;
    },
    get shouldUseDarkColorsForSystemIntegratedUI() {
      return taskbarDark() ?? theme.shouldUseDarkColorsForSystemIntegratedUI;
    },
    get themeSource() {
      return theme.themeSource;
    },
  };
}
