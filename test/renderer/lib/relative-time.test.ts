// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  fullDateTime,
  monthYear,
  relativeTime,
  shortAge,
  shortDate,
} from '../../../renderer/lib/relative-time';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;

describe('relativeTime', () => {
  it('says how long ago, rounded down', () => {
    expect(relativeTime(ago(20_000), now)).toBe('just now');
    expect(relativeTime(ago(5 * MIN + 59_000), now)).toBe('5 min ago');
    expect(relativeTime(ago(3 * 60 * MIN), now)).toBe('3 h ago');
    expect(relativeTime(ago(30 * 60 * MIN), now)).toBe('yesterday');
    expect(relativeTime(ago(4 * 24 * 60 * MIN), now)).toBe('4 days ago');
  });

  it('treats a clock slightly ahead as "just now"', () => {
    expect(relativeTime(ago(-90_000), now)).toBe('just now');
  });

  it('gives a date for older changes, with the year only when it differs', () => {
    expect(relativeTime('2026-01-05T10:00:00Z', now)).toBe('5 Jan');
    expect(relativeTime('2024-01-05T10:00:00Z', now)).toBe('5 Jan 2024');
  });

  it('shows nothing for a missing or unreadable time', () => {
    expect(relativeTime(null, now)).toBe('');
    expect(relativeTime('yesterday-ish', now)).toBe('');
  });

  it('formats fixed dates', () => {
    expect(shortDate('2023-03-12T08:00:00Z')).toBe('12 Mar 2023');
    expect(shortDate(undefined)).toBe('');
    expect(monthYear('2023-03-12T08:00:00Z')).toBe('Mar 2023');
    expect(monthYear('not a date')).toBe('');
  });

  it('gives the full local date and time for tooltips, in English like the rest of the popup', () => {
    // Local time, so the expectation is built from the same local fields.
    const d = new Date(2023, 2, 12, 8, 5);
    expect(fullDateTime(d.toISOString())).toBe('12 Mar 2023, 08:05');
    expect(fullDateTime(null)).toBe('');
  });
});

describe('shortAge: a one-line row’s few characters', () => {
  it('minutes, hours, days, then the date, and the month and year before this year', () => {
    expect(shortAge(ago(20_000), now)).toBe('now');
    expect(shortAge(ago(5 * MIN), now)).toBe('5m');
    expect(shortAge(ago(3 * 60 * MIN), now)).toBe('3h');
    expect(shortAge(ago(2 * 24 * 60 * MIN), now)).toBe('2d');
    expect(shortAge('2026-01-15T12:00:00', now)).toBe('15 Jan');
    expect(shortAge('2025-05-06T12:00:00', now)).toBe('May ’25');
    expect(shortAge(null, now)).toBe('');
    expect(shortAge('not a date', now)).toBe('');
  });
});
