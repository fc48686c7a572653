import { describe, expect, it } from 'vitest';
import { deadlineCounts, deadlineOf, deadlineSummary, localDay } from '../../common/deadline';

const at = (iso: string) => Date.parse(iso);
const task = (status: string, reviewDate: string | null) => ({ status, reviewDate });

describe('when a compliance task is due, in the person’s calendar days', () => {
  // Saturday 28 Nov 2026, 10:00 in Berlin.
  const now = at('2026-11-28T09:00:00Z');
  const berlin = 'Europe/Berlin';

  it('counts local days: 23:30 in Berlin is today there, tomorrow in UTC+9', () => {
    const late = task('todo', '2026-11-28T22:30:00Z');
    expect(deadlineOf(late, now, berlin)).toMatchObject({ kind: 'today', words: 'due today' });
    expect(deadlineOf(late, now, 'Asia/Tokyo')).toMatchObject({
      kind: 'soon',
      words: 'due tomorrow',
    });
  });

  it('names the weekday within a week and the date beyond', () => {
    expect(deadlineOf(task('in_progress', '2026-12-04T12:00:00Z'), now, berlin)?.words).toBe(
      'due Friday',
    );
    expect(deadlineOf(task('todo', '2026-12-15T12:00:00Z'), now, berlin)?.words).toBe('due 15 Dec');
    expect(deadlineOf(task('todo', '2027-02-28T12:00:00Z'), now, berlin)?.words).toBe(
      'due 28 Feb 2027',
    );
  });

  it('says how many days overdue an open task is, one day and several', () => {
    expect(deadlineOf(task('todo', '2026-11-27T12:00:00Z'), now, berlin)).toMatchObject({
      kind: 'overdue',
      days: -1,
      words: '1 day overdue',
    });
    expect(deadlineOf(task('failed', '2026-11-25T08:00:00Z'), now, berlin)?.words).toBe(
      '3 days overdue',
    );
  });

  it('a done task shows its next review, and is due again on that day', () => {
    expect(deadlineOf(task('done', '2027-02-28T00:00:00Z'), now, berlin)).toMatchObject({
      kind: 'next-review',
      words: 'next review 28 Feb 2027',
    });
    expect(deadlineOf(task('done', '2026-11-28T15:00:00Z'), now, berlin)?.words).toBe(
      'review due today',
    );
    expect(deadlineOf(task('done', '2026-11-26T15:00:00Z'), now, berlin)?.words).toBe(
      'review 2 days overdue',
    );
  });

  it('not relevant, or no review date, or no date at all: never due', () => {
    expect(deadlineOf(task('not_relevant', '2026-11-01T00:00:00Z'), now, berlin)).toBeNull();
    expect(deadlineOf(task('todo', null), now, berlin)).toBeNull();
    expect(deadlineOf(task('todo', 'soon'), now, berlin)).toBeNull();
  });

  it('crosses midnight: tomorrow becomes today at local midnight, not UTC midnight', () => {
    const due = task('todo', '2026-11-29T10:00:00Z');
    expect(deadlineOf(due, at('2026-11-28T22:59:00Z'), berlin)?.words).toBe('due tomorrow');
    expect(deadlineOf(due, at('2026-11-28T23:01:00Z'), berlin)?.words).toBe('due today');
  });

  it('keeps whole days across a daylight-saving change', () => {
    // Berlin moves its clocks back on 25 Oct 2026: the 24th to the 26th is still two days.
    const due = task('todo', '2026-10-26T07:00:00Z');
    expect(deadlineOf(due, at('2026-10-24T10:00:00Z'), berlin)?.days).toBe(2);
    expect(
      localDay(at('2026-10-25T23:30:00Z'), berlin) - localDay(at('2026-10-24T23:30:00Z'), berlin),
    ).toBe(1);
  });

  it('sums what is mine: "2 overdue · 1 due today", and nothing when nothing is', () => {
    const mine = [
      task('todo', '2026-11-20T10:00:00Z'),
      task('done', '2026-11-27T10:00:00Z'),
      task('in_review', '2026-11-28T18:00:00Z'),
      task('not_relevant', '2026-11-01T10:00:00Z'),
      task('todo', '2026-12-20T10:00:00Z'),
    ];
    expect(deadlineSummary(deadlineCounts(mine, now, berlin))).toBe('2 overdue · 1 due today');
    expect(deadlineSummary(deadlineCounts(mine.slice(3), now, berlin))).toBeNull();
  });
});
