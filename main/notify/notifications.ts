import type { NotificationSettings } from '../../common/notification-kinds';
import type { AppError } from '../../common/result';
import type { Task } from '../../common/task';
import type { AssignedView } from '../../common/views';
import type { Logger } from '../log/logger';
import { createAssignedWatch } from './assignment-diff';
import { createNotificationRules } from './notification-rules';
import type { Clock } from './notification-rules';
import type { AppNotification, ChangeOrigin, ReviewReminder } from './notify-events';
import { changedByOther } from './pinned-change';

export interface NotificationsDeps {
  readonly clock: Clock;
  readonly settings: () => NotificationSettings;
  readonly popupVisible: () => boolean;
  readonly shownProfileId: () => string | null;
  readonly profileLabel: (profileId: string) => string | null;
  /** The title a pinned task shows, to name it in a refusal. */
  readonly titleOf: (profileId: string, taskId: string) => string | null;
  /** Where a notification goes (the Electron notifier in the app; nowhere in most tests). */
  readonly show: (notification: AppNotification) => void;
  readonly log: Logger;
}

/** A change as it was made: where, when, and whether it had to wait. */
interface Made {
  readonly origin: ChangeOrigin;
  readonly madeAt: number;
  waited: boolean;
}

const key = (profileId: string, taskId: string) => `${profileId}\n${taskId}`;

/**
 * What main learns, turned into the events the notification rules decide on
 * (main/notify/). It remembers, per task, where the last change was made
 * and whether it had to wait; a change with no such memory was left by a
 * previous run, so it waited.
 */
export function createNotifications(deps: NotificationsDeps) {
  const made = new Map<string, Made>();
  const watch = createAssignedWatch();
  const rules = createNotificationRules({
    clock: deps.clock,
    context: () => ({
      settings: deps.settings(),
      popupVisible: deps.popupVisible(),
      shownProfileId: deps.shownProfileId(),
      profileLabel: deps.profileLabel,
    }),
    show: (n) => {
      try {
        deps.show(n);
      } catch (e) {
        deps.log.warn('A notification could not be shown', e);
      }
    },
  });

  /**
   * The service answered for good: what was kept about the change, forgotten
   * now, unless more pieces of it (a combined change sent field by field)
   * are still to come: they were made where it was, as long ago.
   */
  const settle = (profileId: string, taskId: string, morePieces = false): Made | undefined => {
    const m = made.get(key(profileId, taskId));
    if (!morePieces) made.delete(key(profileId, taskId));
    return m;
  };

  return {
    /** The person asked for a change (before it is sent). */
    made(profileId: string, taskIds: readonly string[], origin: ChangeOrigin): void {
      const at = deps.clock.now();
      for (const id of taskIds) made.set(key(profileId, id), { origin, madeAt: at, waited: false });
    },
    /** Its first attempt did not land: it waits (offline, backing off, paused). */
    waiting(profileId: string, taskId: string): void {
      const m = made.get(key(profileId, taskId));
      if (m) m.waited = true;
    },
    /** A task made here landed: what was kept of its making goes with its real id. */
    renamed(profileId: string, localId: string, taskId: string): void {
      const m = settle(profileId, localId);
      if (m) made.set(key(profileId, taskId), m);
    },
    /** A task item's answer, or a compliance task's (`tsk_…`): only its title is named. */
    landed(profileId: string, taskId: string, task: Pick<Task, 'title'>, morePieces = false): void {
      const m = settle(profileId, taskId, morePieces);
      rules.take({
        kind: 'change-landed',
        profileId,
        taskId,
        title: task.title ?? deps.titleOf(profileId, taskId),
        waited: m ? m.waited : true,
        origin: m?.origin ?? 'earlier',
      });
    },
    /**
     * @param unpinned no row shows the reason any more
     * @param morePieces other fields of the same combined change are still to be sent
     * @param title the task's title where no pin has it (a compliance task's, as kept)
     */
    refused(
      profileId: string,
      taskId: string,
      error: AppError,
      {
        unpinned = false,
        morePieces = false,
        title,
      }: { unpinned?: boolean; morePieces?: boolean; title?: string | null } = {},
    ): void {
      const m = settle(profileId, taskId, morePieces);
      rules.take({
        kind: 'change-refused',
        profileId,
        taskId,
        title: title ?? deps.titleOf(profileId, taskId),
        reason: error.message,
        origin: m?.origin ?? 'earlier',
        madeAt: m?.madeAt ?? 0,
        ...(unpinned ? { unpinned: true as const } : {}),
      });
    },
    /** "Assigned to me" as main emits it; `changedHere` marks what the person changed from here. */
    assigned(profileId: string, view: AssignedView, changedHere: (task: Task) => boolean): void {
      for (const event of watch.observe(profileId, view, changedHere)) rules.take(event);
    },
    /** A pinned task read anew: someone else's change is news. */
    pinnedRead(
      profileId: string,
      before: Task | null,
      after: Task,
      changedHereAt: string | null,
      meId: string | null,
    ): void {
      const event = changedByOther({ profileId, before, after, changedHereAt, meId });
      if (event) rules.take(event);
    },
    /** A compliance task a read made the person's (compliance/newly-mine.ts): as "assigned to me" is. */
    assignedCompliance(profileId: string, taskId: string, title: string): void {
      rules.take({ kind: 'assigned-to-me', profileId, taskId, title });
    },
    /** A review date is near, today, or passed (main/reminders/): gathered and limited as the rest. */
    remind(event: ReviewReminder): void {
      rules.take(event);
    },
    /** A removed profile: what it saw is forgotten. */
    forget(profileId: string): void {
      watch.forget(profileId);
      for (const k of [...made.keys()]) if (k.startsWith(`${profileId}\n`)) made.delete(k);
    },
    dispose: () => rules.dispose(),
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
