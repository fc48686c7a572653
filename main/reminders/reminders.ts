import { deadlineOf } from '../../common/deadline';
import type { ComplianceTask } from '../../common/compliance-task';
import type { Logger } from '../log/logger';
import type { ReviewReminder } from '../notify/notify-events';
import type { Scheduler } from '../scheduler/scheduler';
import { liveKeys, remindersDue } from './reminder-policy';
import type { ReminderStore } from './reminder-store';

/** The compliance tasks kept per profile (main/compliance/compliance-kept.ts), as reminders read them. */
export interface KeptTasks {
  list(profileId: string): { readonly tasks: readonly ComplianceTask[] } | null;
  on(listener: (profileId: string) => void): () => void;
}

export interface RemindersDeps {
  readonly kept: KeptTasks;
  /** Every profile signed in, shown or not. */
  readonly profiles: () => readonly string[];
  /** The person's member id at a profile; null when not known (no reminders then). */
  readonly me: (profileId: string) => string | null;
  /** The person's time zone now (Intl's): travelling moves the local days. */
  readonly timeZone: () => string;
  /** Notifications on, and their reminders switch. Off: what falls due is passed over, not kept for later. */
  readonly enabled: () => boolean;
  readonly scheduler: Scheduler;
  readonly store: ReminderStore;
  /** Into the notifications: gathered and limited with every other kind. */
  readonly remind: (event: ReviewReminder) => void;
  readonly log: Logger;
}

/**
 * Reminders of review dates (reminder-policy.ts): checked when a kept list
 * changes, when the computer wakes, and at the next reminder's time — one
 * timer, however far ahead, and never one sooner than needed.
 */
export function createReminders(deps: RemindersDeps) {
  let cancel: (() => void) | null = null;
  let disposed = false;
  let checking: Promise<void> = Promise.resolve();

  async function checkNow(): Promise<void> {
    cancel?.();
    cancel = null;
    if (disposed) return;
    const now = deps.scheduler.now();
    const zone = deps.timeZone();
    let nextAt: number | null = null;
    for (const profileId of deps.profiles()) {
      const me = deps.me(profileId);
      const kept = deps.kept.list(profileId);
      // Who the person is, or their list, not known (yet): nothing said, and nothing forgotten.
      if (!me || !kept) continue;
      const mine = kept.tasks.filter((t) => t.assigneeId === me);
      const found = remindersDue(mine, deps.store.firedFor(profileId), now, zone);
      if (found.nextAt !== null && (nextAt === null || found.nextAt < nextAt))
        nextAt = found.nextAt;
      if (deps.enabled())
        for (const { task } of found.due)
          deps.remind({
            kind: 'review-reminder',
            profileId,
            taskId: task.id,
            title: task.title,
            due: deadlineOf(task, now, zone)?.words ?? 'due',
          });
      await deps.store.mark(
        profileId,
        found.due.map((d) => d.reminder.key),
        liveKeys(mine, now, zone),
      );
    }
    if (nextAt !== null && !disposed)
      cancel = deps.scheduler.after(Math.max(0, nextAt - now), check, 'review reminders');
  }

  /** One check at a time: a call meanwhile runs after it. */
  function check(): void {
    checking = checking.then(checkNow).catch((e: unknown) => deps.log.error('Reminders failed', e));
  }

  const off = deps.kept.on(() => check());
  return {
    /** At start (the kept lists loaded) and on waking, unlocking, a time zone maybe changed. */
    check,
    /** Resolves once the checks asked for so far are done (tests, quitting). */
    settled: (): Promise<void> => checking,
    forget: (profileId: string): Promise<void> => deps.store.forget(profileId),
    async dispose(): Promise<void> {
      disposed = true;
      off();
      cancel?.();
      await checking;
    },
  };
}
export type Reminders = ReturnType<typeof createReminders>;
