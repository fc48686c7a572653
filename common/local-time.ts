/**
 * Calendar days and wall-clock hours in an IANA time zone, from instants
 * and back. Pure: the zone comes in, so a test (or a person travelling)
 * can move it. Days are counted since 1970-01-01.
 */

const MS_PER_DAY = 86_400_000;

/** One formatter per zone: making one costs far more than using it (every row, every check). */
const formats = new Map<string, Intl.DateTimeFormat>();
function wallClock(instant: number, timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formats.set(timeZone, f);
  }
  const parts = f.formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour'),
    minute: n('minute'),
  };
}

/** The calendar day an instant falls on in a time zone. */
export function localDay(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day) / MS_PER_DAY;
}

/** The instant a local day reaches `hour` in a time zone. */
export function localTime(day: number, hour: number, timeZone: string): number {
  const wall = day * MS_PER_DAY + hour * 3_600_000;
  // The zone's offset at an instant: its wall clock read as UTC, minus the instant.
  const offset = (t: number): number => {
    const w = wallClock(t, timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - t + (t % 60_000);
  };
  const first = wall - offset(wall);
  return wall - offset(first);
}

/** The next local midnight after an instant in a time zone (a day may be 23 or 25 hours long). */
export function nextLocalMidnight(instant: number, timeZone: string): number {
  return localTime(localDay(instant, timeZone) + 1, 0, timeZone);
}
