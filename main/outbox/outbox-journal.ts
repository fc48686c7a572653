import { OutboxEntrySchema } from './outbox-entry';
import type { OutboxEntry } from './outbox-entry';
import { entryLine } from './outbox-format';

/**
 * The outbox journal: what changed in the list since the outbox file was
 * last written whole, one record per line, appended and fdatasynced.
 *
 *   {"put":{"id":"…","profileId":"…","taskId":"tski_…","patch":{…},"createdAt":"…"}}
 *   {"del":"…"}
 *
 * `put` replaces the entry with that id where it stands, or adds it at the
 * end; `del` takes it out. A change is kept with one append and one flush
 * instead of a new file, its flush, a rename and the folder's flush.
 *
 * An append cut short by a crash leaves a last line without its line break:
 * that change was never reported as kept (nor sent), and is dropped. Entry
 * ids are never used twice, so replaying a journal on the list it produced
 * gives that list again: the file may be rewritten before the journal is
 * emptied, and a crash in between loses nothing.
 */

export type JournalRecord = { readonly put: OutboxEntry } | { readonly del: string };

export const putLine = (line: string): string => `{"put":${line}}`;
export const delLine = (id: string): string => `{"del":${JSON.stringify(id)}}`;

/** An entry as it stands in the list: its id and its line in the file. */
export interface HeldLine {
  readonly id: string;
  readonly line: string;
}

/**
 * The records that turn `before` into `after`: ids gone are deleted, entries
 * changed are put back where they stand, new ones are put at the end. Null
 * when records cannot say it (a new entry before a kept one, kept ones in
 * another order, an id twice): the list is then written whole.
 */
export function journalRecords(
  before: readonly HeldLine[],
  after: readonly HeldLine[],
): string[] | null {
  const index = new Map<string, number>();
  before.forEach((h, i) => index.set(h.id, i));
  const afterIds = new Set<string>();
  for (const h of after) {
    if (afterIds.has(h.id)) return null;
    afterIds.add(h.id);
  }
  const records: string[] = [];
  for (const h of before) if (!afterIds.has(h.id)) records.push(delLine(h.id));
  let lastKept = -1;
  let added = false;
  for (const h of after) {
    const i = index.get(h.id);
    if (i === undefined) {
      added = true;
      records.push(putLine(h.line));
      continue;
    }
    if (added || i < lastKept) return null;
    lastKept = i;
    if ((before[i] as HeldLine).line !== h.line) records.push(putLine(h.line));
  }
  return records;
}

/** Applies records in order to a list. */
export function replayJournal(
  entries: readonly OutboxEntry[],
  records: readonly JournalRecord[],
): OutboxEntry[] {
  const out = [...entries];
  for (const r of records) {
    if ('put' in r) {
      const i = out.findIndex((e) => e.id === r.put.id);
      if (i >= 0) out[i] = r.put;
      else out.push(r.put);
    } else {
      const i = out.findIndex((e) => e.id === r.del);
      if (i >= 0) out.splice(i, 1);
    }
  }
  return out;
}

export interface JournalReading {
  readonly records: JournalRecord[];
  /** Whole lines that are not a valid record: the journal is damaged. */
  readonly lost: number;
}

const ENTRY_ID = /^[A-Za-z0-9_-]{1,64}$/;

const recordOf = (raw: unknown): JournalRecord | null => {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const keys = Object.keys(raw);
  if (keys.length !== 1) return null;
  if (keys[0] === 'put') {
    const entry = OutboxEntrySchema.safeParse((raw as { put: unknown }).put);
    return entry.success ? { put: entry.data } : null;
  }
  const del = (raw as { del?: unknown }).del;
  return keys[0] === 'del' && typeof del === 'string' && ENTRY_ID.test(del) ? { del } : null;
};

/** The records of a journal's whole lines; a last line without its line break was cut short. */
export function parseJournal(text: string): JournalReading {
  const end = text.lastIndexOf('\n') + 1;
  const records: JournalRecord[] = [];
  let lost = 0;
  for (const line of text.slice(0, end).split('\n')) {
    if (line.trim() === '') continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      lost += 1;
      continue;
    }
    const record = recordOf(raw);
    if (record) records.push(record);
    else lost += 1;
  }
  return { records, lost };
}

/** An entry's line, as in the file and in a put record. */
export const heldLine = (e: OutboxEntry): HeldLine => ({ id: e.id, line: entryLine(e) });
