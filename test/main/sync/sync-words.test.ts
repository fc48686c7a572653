import { describe, expect, it } from 'vitest';
import { ageWords, checkedAgo, checkFailed, freshnessWords } from '../../../main/sync/sync-words';

const MIN = 60_000;

describe('the freshness words', () => {
  it('say nothing while what is shown is at most two rounds old', () => {
    expect(
      freshnessWords({ now: 4 * MIN, checkedAt: 0, intervalMs: 2 * MIN, paused: [] }),
    ).toBeNull();
  });

  it('say how old it is past two rounds, and why when paused', () => {
    expect(freshnessWords({ now: 12 * MIN, checkedAt: 0, intervalMs: 2 * MIN, paused: [] })).toBe(
      'Checked 12 min ago',
    );
    expect(
      freshnessWords({
        now: 12 * MIN + 30_000,
        checkedAt: 0,
        intervalMs: 2 * MIN,
        paused: ['offline'],
      }),
    ).toBe('Checked 12 min ago — offline');
  });

  it('say nothing with no rounds, or before anything was read', () => {
    expect(
      freshnessWords({ now: 60 * MIN, checkedAt: 0, intervalMs: null, paused: [] }),
    ).toBeNull();
    expect(
      freshnessWords({ now: 60 * MIN, checkedAt: null, intervalMs: MIN, paused: [] }),
    ).toBeNull();
  });

  it('round ages down in plain units', () => {
    expect(checkedAgo(8_400)).toBe('Checked 8 s ago');
    expect(ageWords(59_999)).toBe('59 s');
    expect(ageWords(3 * 60 * MIN)).toBe('3 h');
    expect(ageWords(50 * 60 * MIN)).toBe('2 days');
  });

  it('says a failed check with the age of what is shown', () => {
    expect(checkFailed(12 * MIN)).toBe('Checked 12 min ago — the last check failed');
    expect(checkFailed(null)).toBe('Not checked yet — the last check failed');
  });
});
