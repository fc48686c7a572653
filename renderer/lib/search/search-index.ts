/**
 * Search over every task the popup knows: pinned, compliance, assigned, and
 * the vendors' and risks' lists main has read. Pure: built once per change
 * of what is known, asked at every keystroke (bench item 15: 5,000 tasks
 * within a frame's work, beside a plain Array.filter).
 */

/** Where a task was known from, in the order results are grouped when they rank alike. */
export const SEARCH_SOURCES = ['pinned', 'compliance', 'assigned', 'read'] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];

/** One task as search sees it. */
export interface SearchDoc {
  readonly id: string;
  readonly source: SearchSource;
  /** Its group of results: the source's name, or for 'read' the vendor's or risk's id. */
  readonly group: string;
  readonly title: string;
  /** Its vendor's or risk's name ('' when not known). */
  readonly where: string;
  readonly assignee: string;
}

interface Prepared {
  readonly doc: SearchDoc;
  readonly order: number;
  readonly id: string;
  readonly title: string;
  readonly where: string;
  readonly assignee: string;
  /** Every field at once: a task without a word typed is passed over in one look. */
  readonly all: string;
  /** Its id as pasted whole, any case. */
  readonly exactId: string;
}

export interface SearchIndex {
  readonly docs: readonly Prepared[];
  /** Tasks searched: each task once, from the first source that knew it. */
  readonly size: number;
}

/** Results of one group, best first. */
export interface SearchGroup {
  readonly group: string;
  readonly source: SearchSource;
  readonly ids: readonly string[];
  /** Matches past the group's shown limit. */
  readonly more: number;
}

/**
 * Lower case, accents off, every run of punctuation a space, with a space in
 * front: " word" then finds a word's start, whatever stood before it.
 */
export function fold(text: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return ` ${plain.replace(/[^\p{L}\p{N}]+/gu, ' ')}`;
}

/** The index of what is known; a task known from two sources is searched once, as the first's. */
export function buildIndex(docs: Iterable<SearchDoc>): SearchIndex {
  const seen = new Set<string>();
  const prepared: Prepared[] = [];
  for (const doc of docs) {
    if (seen.has(doc.id)) continue;
    seen.add(doc.id);
    const [id, title, where, assignee] = [doc.id, doc.title, doc.where, doc.assignee].map(fold);
    prepared.push({
      ...{
        doc,
        order: prepared.length,
        id: id!,
        title: title!,
        where: where!,
        assignee: assignee!,
      },
      all: `${title}${where}${assignee}${id}`,
      exactId: doc.id.toLowerCase(),
    });
  }
  return { docs: prepared, size: prepared.length };
}

/** A word typed, and how it is looked for: " word" finds its start; one letter is looked for there only. */
interface Token {
  readonly text: string;
  readonly start: string;
  readonly anywhere: boolean;
}

/**
 * A word's start counts for more than its middle; the title for more than
 * the rest. One letter finds words that start with it only: inside words it
 * is everywhere, and says nothing.
 */
const fieldScore = (field: string, t: Token, start: number, inside: number): number =>
  field.includes(t.start) ? start : t.anywhere && field.includes(t.text) ? inside : 0;

function score(p: Prepared, tokens: readonly Token[], phrase: string, whole: string): number {
  // An id pasted whole is the task meant.
  if (p.exactId === whole) return 1_000;
  // Most tasks lack a word typed: one look at all their fields passes them over.
  for (const t of tokens) if (!p.all.includes(t.anywhere ? t.text : t.start)) return 0;
  let total = 0;
  for (const t of tokens) {
    const best = Math.max(
      fieldScore(p.title, t, 30, 10),
      fieldScore(p.where, t, 12, 4),
      fieldScore(p.assignee, t, 12, 4),
      fieldScore(p.id, t, 8, 3),
    );
    if (best === 0) return 0;
    total += best;
  }
  if (p.title === phrase) total += 50;
  else if (tokens.length > 1 && p.title.includes(phrase)) total += 25;
  return total;
}

/** The words typed, folded as the fields are; none when the query has no letter or digit. */
export const queryTokens = (query: string): string[] =>
  fold(query).trim().split(' ').filter(Boolean);

/**
 * Tasks with every word typed somewhere in their title, vendor or risk,
 * assignee or id, in any order. Groups ordered by their best match (the
 * source's order on a tie), each group's tasks best first; at most
 * `perGroup` ids in each, with how many more matched.
 */
export function search(index: SearchIndex, query: string, perGroup = 50): SearchGroup[] {
  return createSearcher(index)(query, perGroup);
}

/**
 * Search as typed: a query that only adds to the last one (a letter, a
 * word) looks only among the last one's matches, which hold every task it
 * can match. Not after a one-letter word: that matched word starts only.
 */
export function createSearcher(index: SearchIndex) {
  let last: { folded: string; matched: readonly Prepared[] } | null = null;
  return (query: string, perGroup = 50): SearchGroup[] => {
    const tokens = queryTokens(query);
    if (tokens.length === 0) {
      last = null;
      return [];
    }
    const folded = tokens.join(' ');
    const narrows = last !== null && folded.startsWith(last.folded);
    const pool = narrows && last ? last.matched : index.docs;
    const phrase = ` ${folded}`;
    const whole = query.trim().toLowerCase();
    const looked = tokens.map((text) => ({ text, start: ` ${text}`, anywhere: text.length > 1 }));
    const found: [number, Prepared][] = [];
    for (const p of pool) {
      const s = score(p, looked, phrase, whole);
      if (s > 0) found.push([s, p]);
    }
    last = tokens.every((t) => t.length > 1) ? { folded, matched: found.map(([, p]) => p) } : null;
    return grouped(found, perGroup);
  };
}

function grouped(found: readonly [number, Prepared][], perGroup: number): SearchGroup[] {
  const hits = new Map<
    string,
    { source: SearchSource; best: number; found: [number, Prepared][] }
  >();
  for (const [s, p] of found) {
    let g = hits.get(p.doc.group);
    if (!g) {
      g = { source: p.doc.source, best: 0, found: [] };
      hits.set(p.doc.group, g);
    }
    if (s > g.best) g.best = s;
    g.found.push([s, p]);
  }
  const rank = (s: SearchSource) => SEARCH_SOURCES.indexOf(s);
  return [...hits.entries()]
    .sort(([, a], [, b]) => b.best - a.best || rank(a.source) - rank(b.source))
    .map(([group, g]) => {
      g.found.sort(([sa, a], [sb, b]) => sb - sa || a.order - b.order);
      return {
        group,
        source: g.source,
        ids: g.found.slice(0, perGroup).map(([, p]) => p.doc.id),
        more: Math.max(0, g.found.length - perGroup),
      };
    });
}
