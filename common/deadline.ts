import type { ComplianceStatus } from './compliance-values';
import { localDay } from './local-time';

export { localDay };

/**
 * When a compliance task is due, in the person's own calendar days. An open
 * task is due on its review date; a done one's review date is its next
 * review (the web app shows it so), due again on that day. The platform is
 * more lenient: its task-schedule job (trycompai/comp, apps/app) reopens a
 * done task only once one more period has passed after that date. A task
 * marked not relevant is never due.
 * Pure: `now` and the IANA time zone come in, so a reminder test can move
 * both.
 */

export interface Deadline {
  readonly kind: 'overdue' | 'today' | 'soon' | 'later' | 'next-review';
  /** Calendar days from today to the due day (negative: overdue). */
  readonly days: number;
  /** "due tomorrow", "3 days overdue", "next review 28 Feb". */
  readonly words: string;
}

const MS_PER_DAY = 86_400_000;

// Made once: a formatter costs far more to make than to use, and My work words dozens of rows at once.
const formats = new Map<string, Intl.DateTimeFormat>();
const format = (key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' })));
  return f;
};

/** "Friday", "28 Feb", "28 Feb 2027" for a day number (UTC-based, so no zone shifts it). */
const dayName = (day: number): string =>
  format('weekday', { weekday: 'long' }).format(day * MS_PER_DAY);
const dateWords = (day: number, today: number): string => {
  const sameYear =
    new Date(day * MS_PER_DAY).getUTCFullYear() === new Date(today * MS_PER_DAY).getUTCFullYear();
  return (
    sameYear
      ? format('date', { day: 'numeric', month: 'short' })
      : format('date-year', { day: 'numeric', month: 'short', year: 'numeric' })
  ).format(day * MS_PER_DAY);
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What a task's review date means today; null when it has none or cannot be due. */
export function deadlineOf(
  task: { readonly status: string; readonly reviewDate: string | null },
  now: number,
  timeZone: string,
): Deadline | null {
  if (task.reviewDate === null || task.status === ('not_relevant' satisfies ComplianceStatus))
    return null;
  const at = Date.parse(task.reviewDate);
  if (Number.isNaN(at)) return null;
  const today = localDay(now, timeZone);
  const due = localDay(at, timeZone);
  const days = due - today;
  const done = task.status === ('done' satisfies ComplianceStatus);
  const what = done ? 'review due' : 'due';
  if (days < 0) {
    const words = done
      ? `review ${plural(-days, 'day')} overdue`
      : `${plural(-days, 'day')} overdue`;
    return { kind: 'overdue', days, words };
  }
  if (days === 0) return { kind: 'today', days, words: `${what} today` };
  if (done) return { kind: 'next-review', days, words: `next review ${dateWords(due, today)}` };
  if (days === 1) return { kind: 'soon', days, words: 'due tomorrow' };
  if (days < 7) return { kind: 'soon', days, words: `due ${dayName(due)}` };
  return { kind: 'later', days, words: `due ${dateWords(due, today)}` };
}

export interface DeadlineCounts {
  readonly overdue: number;
  readonly dueToday: number;
}

export function deadlineCounts(
  tasks: readonly { readonly status: string; readonly reviewDate: string | null }[],
  now: number,
  timeZone: string,
): DeadlineCounts {
  let overdue = 0;
  let dueToday = 0;
  for (const t of tasks) {
    const d = deadlineOf(t, now, timeZone);
    if (d?.kind === 'overdue') overdue += 1;
    else if (d?.kind === 'today') dueToday += 1;
  }
  return { overdue, dueToday };
}

/** "2 overdue · 1 due today"; null when nothing is. */
export function deadlineSummary(counts: DeadlineCounts): string | null {
  const parts = [
    ...(counts.overdue > 0 ? [`${counts.overdue} overdue`] : []),
    ...(counts.dueToday > 0 ? [`${counts.dueToday} due today`] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : null;
}
