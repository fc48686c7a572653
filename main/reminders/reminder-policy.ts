import { deadlineOf } from '../../common/deadline';
import { localDay, localTime } from '../../common/local-time';

/**
 * Which reminders a compliance task of the person's has, and when each is
 * due (pure: time and time zone come in). Three at most per review date:
 * the working day before (a Monday's on the Friday), the day itself, and
 * once when it is overdue, each at REMIND_HOUR local time, or at once when
 * the app was not running then but the reminder still means something
 * (the day before's, until the day comes; the day's, until it ends; the
 * overdue one, while the task stays overdue).
 */

export const REMIND_HOUR = 9;

export type ReminderKind = 'day-before' | 'on-the-day' | 'overdue';

export interface ReminderTask {
  readonly id: string;
  readonly title: string;
  readonly status: string;
  readonly reviewDate: string | null;
}

export interface Reminder {
  /**
   * Once per task, kind and review date: a task rescheduled gets new ones,
   * and a change of time zone (which may move the local day) none again.
   */
  readonly key: string;
  readonly kind: ReminderKind;
  readonly taskId: string;
  /** When it is due (ms). */
  readonly at: number;
  /** Past this it says nothing worth saying (ms); null: while the task is overdue. */
  readonly until: number | null;
}

/** The working day (Monday to Friday) before a day. */
function workingDayBefore(day: number): number {
  let d = day - 1;
  // Day 0 (1 Jan 1970) was a Thursday: (d + 4) % 7 gives 0 for Sunday, 6 for Saturday.
  while ((d + 4) % 7 === 0 || (d + 4) % 7 === 6) d -= 1;
  return d;
}

/** The reminders a task has for its review date as it is now; none when it cannot be due. */
export function remindersOf(task: ReminderTask, now: number, timeZone: string): Reminder[] {
  const deadline = deadlineOf(task, now, timeZone);
  if (!deadline || task.reviewDate === null) return [];
  const due = localDay(Date.parse(task.reviewDate), timeZone);
  const key = (kind: ReminderKind) => `${task.id}|${kind}|${task.reviewDate ?? ''}`;
  const startOf = (day: number) => localTime(day, 0, timeZone);
  const remind = (kind: ReminderKind, day: number, until: number | null): Reminder => ({
    key: key(kind),
    kind,
    taskId: task.id,
    at: localTime(day, REMIND_HOUR, timeZone),
    until,
  });
  return [
    remind('day-before', workingDayBefore(due), startOf(due)),
    remind('on-the-day', due, startOf(due + 1)),
    remind('overdue', due + 1, null),
  ];
}

/** What is due now (not fired yet), and when the next one falls due. */
export function remindersDue(
  tasks: readonly ReminderTask[],
  fired: ReadonlySet<string>,
  now: number,
  timeZone: string,
): { readonly due: { reminder: Reminder; task: ReminderTask }[]; readonly nextAt: number | null } {
  const due: { reminder: Reminder; task: ReminderTask }[] = [];
  let nextAt: number | null = null;
  for (const task of tasks) {
    for (const reminder of remindersOf(task, now, timeZone)) {
      if (fired.has(reminder.key)) continue;
      if (reminder.until !== null && now >= reminder.until) continue;
      if (reminder.kind === 'overdue' && deadlineOf(task, now, timeZone)?.kind !== 'overdue') {
        if (nextAt === null || reminder.at < nextAt) nextAt = reminder.at;
        continue;
      }
      if (now >= reminder.at) due.push({ reminder, task });
      else if (nextAt === null || reminder.at < nextAt) nextAt = reminder.at;
    }
  }
  return { due, nextAt };
}

/** Every reminder key the tasks can still have: anything else fired may be forgotten. */
export function liveKeys(
  tasks: readonly ReminderTask[],
  now: number,
  timeZone: string,
): Set<string> {
  return new Set(tasks.flatMap((t) => remindersOf(t, now, timeZone).map((r) => r.key)));
}
