import type { SettingsPatchInput } from '../../common/ipc';
import type { NotificationSettings } from '../../common/notification-kinds';
import type { SettingsView } from '../../common/views';

/**
 * The patch that puts back what `patch` changed: every setting it names, as
 * it was before (the notification switches one by one). Settings save at
 * once, so this is their Undo.
 */
export function patchBefore(value: SettingsView, patch: SettingsPatchInput): SettingsPatchInput {
  const before: Record<string, unknown> = {};
  for (const key of Object.keys(patch) as (keyof SettingsPatchInput)[]) {
    if (key === 'notifications') {
      const switches = Object.keys(patch.notifications ?? {}) as (keyof NotificationSettings)[];
      before['notifications'] = Object.fromEntries(
        switches.map((k) => [k, value.notifications[k]]),
      );
    } else before[key] = value[key];
  }
  return before as SettingsPatchInput;
}
