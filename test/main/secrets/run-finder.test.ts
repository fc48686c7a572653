import { describe, expect, it } from 'vitest';
import { createRunFinder, fold, foldWindow } from '../../../main/secrets/run-finder';

const KEY = 'comp_4f9c2a7e81d35b06c9e2f4a18d7b3c50';
const LENGTH = 8;
const runsOf = (...texts: string[]): Set<string> => {
  const runs = new Set<string>();
  for (const t of texts)
    for (let i = 0; i + LENGTH <= t.length; i++) runs.add(fold(t.slice(i, i + LENGTH)));
  return runs;
};

/** Every start, found the slow way: each window cut out, folded and looked up. */
const everyStart = (runs: ReadonlySet<string>, text: string): number[] => {
  const starts: number[] = [];
  for (let i = 0; i + LENGTH <= text.length; i++)
    if (runs.has(fold(text.slice(i, i + LENGTH)))) starts.push(i);
  return starts;
};
const allStarts = (finder: ReturnType<typeof createRunFinder>, text: string): number[] => {
  const starts: number[] = [];
  for (let at = finder.next(text, 0); at !== -1; at = finder.next(text, at + 1)) starts.push(at);
  return starts;
};

/** A deterministic stream of numbers in [0, 1): the same texts on every run. */
const seeded = (seed: number) => () => {
  seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
  return seed / 2 ** 32;
};

describe('finding runs of a secret in text', () => {
  const runs = runsOf(KEY);
  const finder = createRunFinder(runs, LENGTH);

  it('finds a run at the start, in the middle, at the very end, and every overlapping one', () => {
    expect(finder.next(KEY.slice(0, 8), 0)).toBe(0);
    expect(allStarts(finder, `title ${KEY.slice(5, 13)} x`)).toEqual([6]);
    expect(allStarts(finder, `ends with ${KEY.slice(-8)}`)).toEqual([10]);
    // The whole key: a run starts at each of its first length − 7 characters.
    expect(allStarts(finder, KEY)).toEqual(
      Array.from({ length: KEY.length - LENGTH + 1 }, (_, i) => i),
    );
  });

  it('compares with ASCII letters upper-cased, and nothing else', () => {
    expect(finder.next(KEY.toUpperCase(), 0)).toBe(0);
    expect(finder.next(`é${KEY.slice(0, 8).toLowerCase()}`, 0)).toBe(1);
    const dotless = createRunFinder(runsOf('FILEBIG1'), LENGTH);
    // 'ı' upper-cases to 'I' in JavaScript, but the guard's fold leaves it as it is.
    expect(dotless.next('fılebig1', 0)).toBe(-1);
    expect(dotless.next('filebig1', 0)).toBe(0);
  });

  it('folds a window as fold does, by the quick way or the slow one', () => {
    for (const w of ['comp_4f9', 'Ab+/=%-_', 'fılebig1', 'straße12', 'tab\there', 'ǆemoji\ud83d'])
      expect(foldWindow(w)).toBe(fold(w));
    // The quick way alone would be wrong here: JavaScript upper-cases 'ı' to 'I' and 'ß' to 'SS'.
    expect('fılebig1'.toUpperCase()).not.toBe(fold('fılebig1'));
  });

  it('leaves text with only shorter runs, or none, unmatched', () => {
    expect(finder.next(KEY.slice(0, 7), 0)).toBe(-1);
    expect(finder.next(`${KEY.slice(0, 7)} ${KEY.slice(7, 14)}`, 0)).toBe(-1);
    expect(finder.next('', 0)).toBe(-1);
    expect(createRunFinder(new Set(), LENGTH).next(KEY, 0)).toBe(-1);
  });

  it('starts looking where it is told', () => {
    const text = `${KEY.slice(0, 8)}--${KEY.slice(0, 8)}`;
    expect(finder.next(text, 0)).toBe(0);
    expect(finder.next(text, 1)).toBe(10);
    expect(finder.next(text, 11)).toBe(-1);
  });

  it('finds exactly what cutting out every window finds, on 3,000 random texts', () => {
    const random = seeded(7);
    // The key's characters in both cases, look-alikes, non-ASCII and a surrogate pair's halves.
    const other = 'Another-Secret/Value+9azZ';
    const alphabet = [...`${KEY}${other}${other.toLowerCase()}_-+/=%é€ıK`, '\ud83d', '\ude00'];
    const twoRuns = runsOf(KEY, other);
    const two = createRunFinder(twoRuns, LENGTH);
    let found = 0;
    for (let n = 0; n < 3_000; n++) {
      let text = '';
      const length = Math.floor(random() * 60);
      while (text.length < length) {
        // Often a real run (so that matches happen), otherwise random characters.
        if (random() < 0.1) {
          const from = random() < 0.5 ? KEY : other;
          const start = Math.floor(random() * (from.length - LENGTH));
          const run = from.slice(start, start + LENGTH + Math.floor(random() * 4));
          text += random() < 0.3 ? run.toUpperCase() : random() < 0.5 ? run.toLowerCase() : run;
        } else text += alphabet[Math.floor(random() * alphabet.length)];
      }
      const expected = everyStart(twoRuns, text);
      found += expected.length;
      expect(allStarts(two, text)).toEqual(expected);
    }
    // The texts did exercise matches, not only their absence.
    expect(found).toBeGreaterThan(500);
  });

  it('refuses a run it could never find: of another length, or not folded', () => {
    expect(() => createRunFinder(new Set(['SHORT']), LENGTH)).toThrow(/8 characters/);
    expect(() => createRunFinder(new Set(['lowercase']), 9)).toThrow(/folded/);
  });

  it('looks for the runs it was given, not what is added to their Set later', () => {
    const given = new Set(['ABCDEFGH']);
    const f = createRunFinder(given, LENGTH);
    given.add('IJKLMNOP');
    expect(f.next('ijklmnop', 0)).toBe(-1);
    expect(f.next('abcdefgh', 0)).toBe(0);
  });
});
