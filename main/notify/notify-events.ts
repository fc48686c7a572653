import type { NotificationSettings } from '../../common/notification-kinds';

/**
 * What main tells the notification rules, and what they answer. Events carry
 * only what a notification may say: task ids and titles, member names, the
 * service's error messages (main has redacted them); never a credential.
 */

/** Where a change was made. `earlier`: replayed from the outbox file a previous run left. */
export type ChangeOrigin = 'popup' | 'bulk' | 'tray' | 'link' | 'earlier';

/** The service took a change. Only one that waited (offline, backing off, paused, left from a previous run) is notified. */
export interface ChangeLanded {
  readonly kind: 'change-landed';
  readonly profileId: string;
  readonly taskId: string;
  readonly title: string | null;
  /** The change was not taken at its first attempt: it waited in the outbox. */
  readonly waited: boolean;
  readonly origin: ChangeOrigin;
}

/** The service refused a change for good (400/404) and it was rolled back. */
export interface ChangeRefused {
  readonly kind: 'change-refused';
  readonly profileId: string;
  readonly taskId: string;
  readonly title: string | null;
  /** The service's reason, as main shows it on the task (already redacted). */
  readonly reason: string;
  readonly origin: ChangeOrigin;
  /** When the person made the change (the scheduler's clock, ms). */
  readonly madeAt: number;
  /** Unpinned since the change was made: no row shows the reason, even in the open popup. */
  readonly unpinned?: true;
}

/** A task in "assigned to me" that was not there at the last read (assignment-diff.ts). */
export interface AssignedToMe {
  readonly kind: 'assigned-to-me';
  readonly profileId: string;
  readonly taskId: string;
  readonly title: string | null;
}

/** A pinned task read with a newer change someone else made (pinned-change.ts). */
export interface ChangedByOther {
  readonly kind: 'changed-by-other';
  readonly profileId: string;
  readonly taskId: string;
  readonly title: string | null;
  /** Who, by name or email; null when the service does not say. */
  readonly by: string | null;
  /** What changed, in words: "the status to Done", "the description". */
  readonly fields: readonly string[];
}

/** A compliance task of the person's is due soon, today, or became overdue (main/reminders/). */
export interface ReviewReminder {
  readonly kind: 'review-reminder';
  readonly profileId: string;
  readonly taskId: string;
  readonly title: string | null;
  /** When it is due, in words: "due tomorrow", "review due today", "3 days overdue". */
  readonly due: string;
}

export type NotifyEvent =
  | ChangeLanded
  | ChangeRefused
  | AssignedToMe
  | ChangedByOther
  | ReviewReminder;

/** The setting each event kind answers to. */
export const SETTING_OF = {
  'change-landed': 'landedAfterWait',
  'change-refused': 'refused',
  'assigned-to-me': 'assigned',
  'changed-by-other': 'changedByOthers',
  'review-reminder': 'reminders',
} as const satisfies Record<NotifyEvent['kind'], keyof NotificationSettings>;

/** What the rules need to know of the app at the moment an event comes in. */
export interface NotifyContext {
  readonly settings: NotificationSettings;
  /** The popup window is on screen. */
  readonly popupVisible: boolean;
  /** The profile whose tasks the popup shows (the signed-in one); null when signed out. */
  readonly shownProfileId: string | null;
  /** A profile's label ("Acme — API key"); null when it is gone. */
  profileLabel(profileId: string): string | null;
}

/** What a click on a notification opens: a task of a profile, or (null) just the popup. */
export interface NotificationTarget {
  readonly profileId: string;
  readonly taskId: string;
}

export interface AppNotification {
  /** Unique in this run. */
  readonly id: string;
  readonly kind: NotifyEvent['kind'];
  readonly title: string;
  readonly body: string;
  readonly target: NotificationTarget | null;
  /** How many tasks it speaks of. */
  readonly count: number;
}
