import { describe, expect, it } from 'vitest';
import {
  NotificationSettingsPatchSchema,
  NotificationSettingsSchema,
  defaultNotificationSettings,
} from '../../../common/notification-settings';

describe('notification settings as the settings file keeps them', () => {
  it('a file from before notifications existed loads with every kind on', () => {
    expect(NotificationSettingsSchema.parse({})).toEqual(defaultNotificationSettings());
    expect(Object.values(defaultNotificationSettings()).every((on) => on)).toBe(true);
  });

  it('a switch turned off stays off, and one added since comes in on', () => {
    expect(NotificationSettingsSchema.parse({ enabled: true, refused: false })).toEqual({
      ...defaultNotificationSettings(),
      refused: false,
    });
  });

  it('refuses an unknown key rather than keep it', () => {
    expect(NotificationSettingsSchema.safeParse({ token: 'x' }).success).toBe(false);
  });

  it('a change from Settings leaves the switches it does not mention as they are', () => {
    expect(NotificationSettingsPatchSchema.parse({ assigned: false })).toEqual({ assigned: false });
    expect(NotificationSettingsPatchSchema.safeParse({ assigned: 'no' }).success).toBe(false);
  });
});
