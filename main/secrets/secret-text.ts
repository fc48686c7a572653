/**
 * Finding a secret in text. A secret counts wherever any run of FRAGMENT or
 * more of its characters appears, in any of its forms (secret-forms.ts:
 * upper- or lower-cased, URL-encoded, base64, hex, reversed, spelled out,
 * full-width), so a message that a server cut in the middle of a key, or
 * that quotes it in another form, still carries no part of it. What matches
 * is replaced, never allowed to block the text it is in.
 */

import { createRunFinder, fold } from './run-finder';
import { asRead, asReadFrom, secretForms, spelledSpans } from './secret-forms';
import type { Spelled } from './secret-forms';

export const FRAGMENT = 8;
export const REDACTED = '[redacted]';
/** Longer strings (descriptions) are checked each time rather than kept in the cache. */
const MAX_REMEMBERED = 1_000;

export interface TextGuard {
  /** The text with every run of a secret (in any of its forms) replaced by REDACTED. */
  text(value: string): string;
  /** Whether the text carries any run of a secret. */
  finds(value: string): boolean;
}

/** The text with each [start, end) range replaced by REDACTED. */
const replaced = (value: string, ranges: readonly [number, number][]): string => {
  if (ranges.length === 0) return value;
  let out = '';
  let from = 0;
  for (const [start, end] of ranges) {
    out += value.slice(from, start) + REDACTED;
    from = end;
  }
  return out + value.slice(from);
};

/** Ranges sorted by start, overlapping or touching ones made one. */
const merged = (found: [number, number][]): [number, number][] => {
  found.sort((a, b) => a[0] - b[0]);
  const ranges: [number, number][] = [];
  for (const [start, end] of found) {
    const last = ranges[ranges.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  }
  return ranges;
};

/**
 * A text guard for these secrets, or null when none of them is long enough
 * to count. Matching is case-insensitive (ASCII) on every form; a secret
 * shorter than FRAGMENT counts only whole (and only from 4 characters:
 * shorter is no secret worth the noise).
 */
export function createTextGuard(secrets: readonly string[]): TextGuard | null {
  const windows = new Set<string>();
  const wholes: string[] = [];
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    if (secret.length < FRAGMENT) {
      wholes.push(fold(secret));
      continue;
    }
    for (const form of secretForms(secret)) {
      const f = fold(form);
      for (let i = 0; i + FRAGMENT <= f.length; i++) windows.add(f.slice(i, i + FRAGMENT));
    }
  }
  if (windows.size === 0 && wholes.length === 0) return null;

  const runs = createRunFinder(windows, FRAGMENT);
  /**
   * Where a span spelled out ("c o m p _ 4 f 9") holds a run: looked for in
   * its letters, each run found mapped back to the span from its first
   * letter to its last.
   */
  const spelledRuns = ({ letters, at }: Spelled) => {
    const found: [number, number][] = [];
    for (let p = runs.next(letters, 0); p !== -1; p = runs.next(letters, p + 1))
      found.push([at[p]!, at[p + FRAGMENT - 1]! + 1]);
    return found;
  };
  /** [start, end) ranges of text covered by a secret's runs, merged, in order. */
  const covered = (value: string): [number, number][] => {
    const found: [number, number][] = [];
    for (let at = runs.next(value, 0); at !== -1; at = runs.next(value, at + 1))
      found.push([at, at + FRAGMENT]);
    for (const spelled of spelledSpans(value)) found.push(...spelledRuns(spelled));
    if (wholes.length > 0) {
      const f = fold(value);
      for (const w of wholes)
        for (let at = f.indexOf(w); at !== -1; at = f.indexOf(w, at + 1))
          found.push([at, at + w.length]);
    }
    // Sorted before merging: a short secret found before a run (they are looked for apart)
    // would otherwise be merged into the range after it, and left in the text.
    return merged(found);
  };

  /** Where the text as read holds a run, as ranges of the text itself. */
  const coveredAsRead = (value: string): [number, number][] => {
    const { read, from } = asReadFrom(value);
    return covered(read).map(([start, end]) => [from[start]![0], from[end - 1]![1]]);
  };

  /**
   * The text with its runs replaced. A secret split by characters drawn with
   * no width, or written in full-width letters, reads whole where it is
   * shown; such text is judged as it is read (asRead), and the runs found so
   * are redacted where they stand in the text, characters between them and
   * all (displayText removes some of those characters outright anyway).
   */
  const redact = (value: string): string => {
    const ranges = covered(value);
    const shown = asRead(value);
    if (shown === value || covered(shown).length === 0) return replaced(value, ranges);
    return replaced(value, merged([...ranges, ...coveredAsRead(value)]));
  };

  // The same ids, titles and names go out in every event: each is looked at once.
  // Only short strings are remembered, so the cache stays a few megabytes at most.
  const seen = new Map<string, string>();
  // Shorter text holds no run and no whole secret: most keys and values (ids of fields,
  // statuses, priorities) are, and skip the cache's lookup.
  const shortest = Math.min(windows.size > 0 ? FRAGMENT : Infinity, ...wholes.map((w) => w.length));
  return {
    text: (value) => {
      if (value.length < shortest) return value;
      if (value.length > MAX_REMEMBERED) return redact(value);
      const known = seen.get(value);
      if (known !== undefined) return known;
      const redacted = redact(value);
      if (seen.size >= 20_000) seen.clear();
      seen.set(value, redacted);
      return redacted;
    },
    /** As it is or as it is shown. */
    finds: (value) => {
      if (covered(value).length > 0) return true;
      const shown = asRead(value);
      return shown !== value && covered(shown).length > 0;
    },
  };
}
