import type { SettingsView } from '../../common/views';
import type { Settings } from '../settings/settings-store';

export const settingsView = (s: Settings): SettingsView => ({
  theme: s.theme,
  launchAtLogin: s.launchAtLogin,
  shortcut: s.shortcut,
  signInUrl: s.signInUrl,
  serviceUrl: s.serviceUrl,
  requestsPerMinute: s.requestsPerMinute,
});
