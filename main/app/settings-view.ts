import { DEFAULT_SYNC_INTERVAL } from '../../common/sync-interval';
import type { SettingsView, ShortcutNotice } from '../../common/views';
import type { Settings } from '../settings/settings-store';
import { DEFAULT_CAPTURE_SHORTCUT, DEFAULT_NEW_TASK_SHORTCUT } from '../../common/shortcut';

export const settingsView = (
  s: Settings,
  shortcutNotice: ShortcutNotice | null = null,
  version: string | null = null,
  newTaskShortcutNotice: ShortcutNotice | null = null,
  captureShortcutNotice: ShortcutNotice | null = null,
): SettingsView => ({
  theme: s.theme,
  launchAtLogin: s.launchAtLogin,
  shortcut: s.shortcut,
  newTaskShortcut: s.newTaskShortcut ?? DEFAULT_NEW_TASK_SHORTCUT,
  newTaskShortcutNotice,
  captureShortcut: s.captureShortcut ?? DEFAULT_CAPTURE_SHORTCUT,
  captureShortcutNotice,
  signInUrl: s.signInUrl,
  serviceUrl: s.serviceUrl,
  requestsPerMinute: s.requestsPerMinute,
  syncInterval: s.syncInterval ?? DEFAULT_SYNC_INTERVAL,
  notifications: s.notifications,
  shortcutNotice,
  version,
});
