/**
 * Where a text holds any of a fixed set of runs of one length, compared with
 * ASCII letters upper-cased (the guard's fold). A run is looked for at every
 * index, so the cost is per character of text: cutting out each window and
 * looking it up in a Set (what the guard did before) cost ~4 µs for a UUID,
 * and a bulk change of 200 tasks makes hundreds of fresh ids and timestamps.
 *
 * A rolling hash of the last `length` characters is looked up in a filter
 * first, then among the runs' hashes; only a window whose hash is one of
 * theirs is cut out and checked against the set, so the answer is exactly
 * the Set's, found without a string per index.
 */

/** Odd, with its bits spread: a multiplier for a polynomial hash modulo 2^32. */
const BASE = 0x9e3779b1;
const FILTER_BITS = 16;

/** Upper-cases ASCII letters only: keeps every index where it was, which toUpperCase does not promise. */
export const fold = (s: string): string => s.replace(/[a-z]+/g, (m) => m.toUpperCase());

const PRINTABLE_ASCII = /^[ -~]*$/;
/**
 * fold, sooner: in printable ASCII, toUpperCase changes a–z and nothing else,
 * and needs no callback per run of letters (a text full of a key has a match
 * at nearly every index). Anything else is folded as it always was.
 */
export const foldWindow = (s: string): string =>
  PRINTABLE_ASCII.test(s) ? s.toUpperCase() : fold(s);

/** An ASCII letter upper-cased; any other code unit as it is (fold, one unit at a time). */
const foldCode = (c: number): number => (c >= 97 && c <= 122 ? c - 32 : c);

/** The filter's slot for a hash: its high bits after one more mix, where a polynomial hash is spread best. */
const slot = (h: number): number => Math.imul(h, 0x85ebca6b) >>> (32 - FILTER_BITS);

export interface RunFinder {
  /** The first index at or after `from` where one of the runs starts; -1 when there is none. */
  next(text: string, from: number): number;
}

/**
 * @param given already folded, each exactly `length` code units long; copied,
 *   so what is added to the Set later is not looked for
 */
export function createRunFinder(given: ReadonlySet<string>, length: number): RunFinder {
  const runs = new Set(given);
  // BASE^(length-1): what the character leaving the window had been multiplied by.
  let outgoing = 1;
  for (let i = 1; i < length; i++) outgoing = Math.imul(outgoing, BASE);
  const filter = new Uint8Array(1 << FILTER_BITS);
  // The runs' whole hashes: a window that passes the filter is cut out only when its hash is
  // one of them. Without this a text with letters past ASCII folded ~2% of its windows by
  // hand (foldWindow's slow path), which cost more than the scan itself.
  const hashes = new Set<number>();
  for (const run of runs) {
    if (run.length !== length) throw new Error(`A run must be ${length} characters long.`);
    // An unfolded run would never be found: the text's windows are folded before they are compared.
    if (fold(run) !== run) throw new Error('A run must be folded (ASCII letters upper-cased).');
    let h = 0;
    for (let i = 0; i < length; i++) h = (Math.imul(h, BASE) + foldCode(run.charCodeAt(i))) | 0;
    filter[slot(h)] = 1;
    hashes.add(h);
  }
  return {
    next(text, from) {
      const end = text.length;
      if (runs.size === 0 || end - from < length) return -1;
      let h = 0;
      for (let i = from; i < from + length - 1; i++)
        h = (Math.imul(h, BASE) + foldCode(text.charCodeAt(i))) | 0;
      for (let i = from + length - 1; i < end; i++) {
        h = (Math.imul(h, BASE) + foldCode(text.charCodeAt(i))) | 0;
        const start = i - length + 1;
        if (
          filter[slot(h)] !== 0 &&
          hashes.has(h) &&
          runs.has(foldWindow(text.slice(start, i + 1)))
        )
          return start;
        h = (h - Math.imul(foldCode(text.charCodeAt(start)), outgoing)) | 0;
      }
      return -1;
    },
  };
}
