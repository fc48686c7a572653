export {
  DEFAULT_REQUESTS_PER_MINUTE,
  DEFAULT_SERVICE_URL,
  DEFAULT_SHORTCUT,
  DEFAULT_SIGN_IN_URL,
  defaultSettings,
  SETTINGS_VERSION,
  SettingsSchema,
} from './schema';
export type { PinnedTaskRecord, Profile, Settings } from './schema';
export { createSettingsStore } from './settings-store';
export type { SettingsLoad, SettingsStore, SettingsStoreOptions } from './settings-store';
