/**
 * The notification settings as plain data: what each switch is called and
 * what it does, in the order the Settings screen lists them. No zod here: the
 * renderer imports this, and its bundle does not carry the schema library
 * (the schema is in notification-settings.ts, as task.ts is to task-values.ts).
 */

/** The kinds of notification, each with its own switch. */
export const NOTIFICATION_KINDS = [
  'landedAfterWait',
  'refused',
  'assigned',
  'changedByOthers',
  'reminders',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationSettings {
  /** Off silences every kind, whatever its own switch says. */
  readonly enabled: boolean;
  readonly landedAfterWait: boolean;
  readonly refused: boolean;
  readonly assigned: boolean;
  readonly changedByOthers: boolean;
  readonly reminders: boolean;
}

export type NotificationSettingKey = keyof NotificationSettings;

/** A fresh copy each time: settings are replaced, never edited, but a shared default must not be. */
export const defaultNotificationSettings = (): NotificationSettings => ({
  enabled: true,
  landedAfterWait: true,
  refused: true,
  assigned: true,
  changedByOthers: true,
  reminders: true,
});

export interface NotificationSettingText {
  readonly label: string;
  readonly description: string;
}

/** The master switch first, then the kinds: the order Settings shows them in. */
export const NOTIFICATION_SETTING_ORDER: readonly NotificationSettingKey[] = [
  'enabled',
  ...NOTIFICATION_KINDS,
];

export const NOTIFICATION_SETTING_TEXT: Readonly<
  Record<NotificationSettingKey, NotificationSettingText>
> = {
  enabled: {
    label: 'Show notifications',
    description:
      'Off silences every notification below. What you do in the popup never notifies you: it shows there.',
  },
  landedAfterWait: {
    label: 'Changes sent after waiting',
    description:
      'When changes that waited while you were offline reach the service: one notification for all of them.',
  },
  refused: {
    label: 'Changes the service refused',
    description:
      'With the service’s reason; clicking it opens the task. Not shown when the popup already shows the refusal.',
  },
  assigned: {
    label: 'Tasks assigned to you',
    description: 'When “Assigned to me” finds a task that was not there when it was last read.',
  },
  changedByOthers: {
    label: 'Pinned tasks changed by others',
    description:
      'When someone else changes the status, priority, title, assignee or description of a task you pinned.',
  },
  reminders: {
    label: 'Review date reminders',
    description:
      'For compliance tasks assigned to you: at 9:00 the working day before a review date, on the day, and once when it is overdue.',
  },
};
