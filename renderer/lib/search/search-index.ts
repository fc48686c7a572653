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
    prepared.push({
      doc,
      order: prepared.length,
      id: fold(doc.id),
      title: fold(doc.title),
      where: fold(doc.where),
      assignee: fold(doc.assignee),
    });
  }
  return { docs: prepared, size: prepared.length };
}

/** A word's start counts for more than its middle; the title for more than the rest. */
const fieldScore = (field: string, token: string, start: number, inside: number): number =>
  field.includes(` ${token}`) ? start : field.includes(token) ? inside : 0;

function score(p: Prepared, tokens: readonly string[], phrase: string, whole: string): number {
  // An id pasted whole is the task meant.
  if (p.doc.id.toLowerCase() === whole) return 1_000;
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
  const tokens = queryTokens(query);
  if (tokens.length === 0) return [];
  const phrase = ` ${tokens.join(' ')}`;
  const whole = query.trim().toLowerCase();
  const hits = new Map<
    string,
    { source: SearchSource; best: number; found: [number, Prepared][] }
  >();
  for (const p of index.docs) {
    const s = score(p, tokens, phrase, whole);
    if (s === 0) continue;
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
