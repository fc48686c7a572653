/**
 * "Updated 5 min ago": short, calm, and exact enough for a glance. The full
 * date goes in a tooltip / <time dateTime>, so nothing is lost by rounding.
 * `now` is passed in so the function is pure and testable.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// The popup speaks English (<html lang="en">, "5 min ago"), so its dates do
// too, in the machine's time zone: Intl would follow the system's locale into
// another language mid-sentence, and the first Intl formatter a renderer
// builds loads ICU's locale data, about 20 ms of a cold popup's first frame
// on the benchmark machine (every row's tooltip and the header have a date).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthOf = (d: Date): string => MONTHS[d.getMonth()] ?? '';
const twoDigits = (n: number): string => String(n).padStart(2, '0');

export function parseTime(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function relativeTime(iso: string | null | undefined, now: Date): string {
  const then = parseTime(iso);
  if (!then) return '';
  const diff = now.getTime() - then.getTime();
  // A clock a little ahead of ours is still "just now", not "in 2 min".
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)} min ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)} h ago`;
  if (diff < 2 * DAY) return 'yesterday';
  if (diff < 7 * DAY) return `${Math.floor(diff / DAY)} days ago`;
  const dayMonth = `${then.getDate()} ${monthOf(then)}`;
  return then.getFullYear() === now.getFullYear() ? dayMonth : `${dayMonth} ${then.getFullYear()}`;
}

/** "12 Mar 2023" for dates that are facts rather than recency (org created). */
export function shortDate(iso: string | null | undefined): string {
  const d = parseTime(iso);
  return d ? `${d.getDate()} ${monthOf(d)} ${d.getFullYear()}` : '';
}

/** "Mar 2024": how long an organization has been around, at a glance. */
export function monthYear(iso: string | null | undefined): string {
  const d = parseTime(iso);
  return d ? `${monthOf(d)} ${d.getFullYear()}` : '';
}

/** The full local date and time, for tooltips: "12 Mar 2024, 14:05". */
export function fullDateTime(iso: string | null | undefined): string {
  const d = parseTime(iso);
  return d ? `${shortDate(iso)}, ${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}` : '';
}

/**
 * "5m", "3h", "2d", "6 May", "May ’25": how long ago, in the few characters a one-line
 * row has room for. The words are in the row's expanded line and tooltip.
 */
export function shortAge(iso: string | null | undefined, now: Date): string {
  const then = parseTime(iso);
  if (!then) return '';
  const diff = now.getTime() - then.getTime();
  if (diff < MINUTE) return 'now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h`;
  if (diff < 7 * DAY) return `${Math.floor(diff / DAY)}d`;
  return then.getFullYear() === now.getFullYear()
    ? `${then.getDate()} ${monthOf(then)}`
    : `${monthOf(then)} ’${String(then.getFullYear() % 100).padStart(2, '0')}`;
}

/** Changed within the last day: news worth a row's few characters. */
export function isRecent(iso: string | null | undefined, now: Date): boolean {
  const then = parseTime(iso);
  return then !== null && now.getTime() - then.getTime() < DAY;
}
