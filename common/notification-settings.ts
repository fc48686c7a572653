import { z } from 'zod';
import type { NotificationSettings } from './notification-kinds';

export * from './notification-kinds';

/**
 * The notification settings as the settings file keeps them. Every switch
 * defaults to on, so a file written before notifications existed (or with a
 * switch added since) loads with them on. Strict, like every object in the
 * settings file: an unknown key is refused rather than written.
 */
export const NotificationSettingsSchema = z.strictObject({
  enabled: z.boolean().default(true),
  landedAfterWait: z.boolean().default(true),
  refused: z.boolean().default(true),
  assigned: z.boolean().default(true),
  changedByOthers: z.boolean().default(true),
  reminders: z.boolean().default(true),
});

/**
 * A change of some switches, as Settings sends it: plain booleans, no
 * defaults, so a key left out stays as it was rather than being turned on.
 */
export const NotificationSettingsPatchSchema = z
  .strictObject({
    enabled: z.boolean(),
    landedAfterWait: z.boolean(),
    refused: z.boolean(),
    assigned: z.boolean(),
    changedByOthers: z.boolean(),
    reminders: z.boolean(),
  })
  .partial();
export type NotificationSettingsPatch = z.output<typeof NotificationSettingsPatchSchema>;

// The zod-free interface (notification-kinds.ts) and the schema must say the same.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameShape: Same<z.output<typeof NotificationSettingsSchema>, NotificationSettings> = true;
void _sameShape;
