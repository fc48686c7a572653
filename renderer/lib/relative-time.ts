/**
 * "Updated 5 min ago": short, calm, and exact enough for a glance. The full
 * date goes in a tooltip / <time dateTime>, so nothing is lost by rounding.
 * `now` is passed in so the function is pure and testable.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Building an Intl formatter costs far more than using one: with two hundred
// rows, a formatter per call is most of a render. One per locale and style.
const formatters = new Map<string, Intl.DateTimeFormat>();
function format(d: Date, locale: string | undefined, options: Intl.DateTimeFormatOptions): string {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f.format(d);
}

export function parseTime(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function relativeTime(iso: string | null | undefined, now: Date, locale?: string): string {
  const then = parseTime(iso);
  if (!then) return '';
  const diff = now.getTime() - then.getTime();
  // A clock a little ahead of ours is still "just now", not "in 2 min".
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)} min ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)} h ago`;
  if (diff < 2 * DAY) return 'yesterday';
  if (diff < 7 * DAY) return `${Math.floor(diff / DAY)} days ago`;
  const sameYear = then.getFullYear() === now.getFullYear();
  return format(
    then,
    locale,
    sameYear
      ? { day: 'numeric', month: 'short' }
      : { day: 'numeric', month: 'short', year: 'numeric' },
  );
}

/** "12 Mar 2023" for dates that are facts rather than recency (org created). */
export function shortDate(iso: string | null | undefined, locale?: string): string {
  const d = parseTime(iso);
  return d ? format(d, locale, { day: 'numeric', month: 'short', year: 'numeric' }) : '';
}

/** "Mar 2024": how long an organization has been around, at a glance. */
export function monthYear(iso: string | null | undefined, locale?: string): string {
  const d = parseTime(iso);
  return d ? format(d, locale, { month: 'short', year: 'numeric' }) : '';
}

/** The full local date and time, for tooltips. */
export function fullDateTime(iso: string | null | undefined, locale?: string): string {
  const d = parseTime(iso);
  return d
    ? format(d, locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : '';
}
