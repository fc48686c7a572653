import { OutboxEntrySchema } from './outbox-entry';
import type { OutboxEntry } from './outbox-entry';

/**
 * The outbox file's text. Valid JSON, with one entry per line:
 *
 *   {"version":1,"entries":[
 *   {"id":"…","profileId":"…","taskId":"tski_…","patch":{"status":"done"},"createdAt":"…"},
 *   …
 *   ]}
 *
 * so that a file cut short (a disk that lied about fsync, a copy interrupted)
 * or edited by hand still gives back every line that is whole.
 */

export const OUTBOX_VERSION = 1;

export function serializeOutbox(entries: readonly OutboxEntry[]): string {
  const lines = entries.map((e) =>
    JSON.stringify({
      id: e.id,
      profileId: e.profileId,
      taskId: e.taskId,
      patch: e.patch,
      createdAt: e.createdAt,
      ...(e.sentAt !== undefined ? { sentAt: e.sentAt } : {}),
      ...(e.seenIds !== undefined ? { seenIds: e.seenIds } : {}),
    }),
  );
  return `{"version":${OUTBOX_VERSION},"entries":[\n${lines.join(',\n')}\n]}\n`;
}

export type OutboxReading =
  /** Everything read and valid. */
  | { readonly kind: 'ok'; readonly entries: OutboxEntry[] }
  /** The file is damaged: these entries were still whole and valid; `lost` lines or entries were not. */
  | { readonly kind: 'damaged'; readonly entries: OutboxEntry[]; readonly lost: number }
  /** Written by a newer Task Tray: not ours to interpret. */
  | { readonly kind: 'future'; readonly version: number };

const validEntries = (items: readonly unknown[]): { entries: OutboxEntry[]; lost: number } => {
  const entries: OutboxEntry[] = [];
  let lost = 0;
  for (const item of items) {
    const parsed = OutboxEntrySchema.safeParse(item);
    if (parsed.success) entries.push(parsed.data);
    else lost += 1;
  }
  return { entries, lost };
};

/** Line by line: each line that is a whole, valid entry (with or without its trailing comma). */
const salvageLines = (text: string): { entries: OutboxEntry[]; lost: number } => {
  const items: unknown[] = [];
  let unreadable = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim().replace(/,$/, '');
    if (!line.startsWith('{"id"') && !line.startsWith('{ "id"')) {
      // Framing lines ("{"version"…", "]}") carry no change; anything else was one.
      if (line !== '' && !/^\{"version"|^\]\}?$/.test(line)) unreadable += 1;
      continue;
    }
    try {
      items.push(JSON.parse(line));
    } catch {
      unreadable += 1;
    }
  }
  const { entries, lost } = validEntries(items);
  return { entries, lost: lost + unreadable };
};

/**
 * Object by object: each whole object in the list of entries, however the
 * file is laid out (an editor may have pretty-printed it, one field a line),
 * and one lost for an object the file ends inside.
 */
const salvageObjects = (text: string): { entries: OutboxEntry[]; lost: number } => {
  const items: unknown[] = [];
  let unreadable = 0;
  const open: string[] = [];
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      // An entry: an object straight inside a list, itself at the top or in the top object.
      if (c === '{' && start === -1 && open.at(-1) === '[' && open.length <= 2) start = i;
      open.push(c);
    } else if (c === '}' || c === ']') {
      open.pop();
      if (start !== -1 && open.at(-1) === '[' && open.length <= 2) {
        try {
          items.push(JSON.parse(text.slice(start, i + 1)));
        } catch {
          unreadable += 1;
        }
        start = -1;
      }
    }
  }
  const { entries, lost } = validEntries(items);
  return { entries, lost: lost + unreadable + (start !== -1 ? 1 : 0) };
};

/**
 * Line by line, as the app writes the file, unless reading object by object
 * gives back more changes (two joined on one line, one laid out over several
 * lines by hand or by an editor). The object reading cannot count a line of
 * garbage as a lost change, so where both give back as many, the lines'
 * count is kept. When neither gives back any, the smaller count: the lines
 * of a pretty-printed file's frame are no changes.
 */
const salvage = (text: string): { entries: OutboxEntry[]; lost: number } => {
  const byLine = salvageLines(text);
  const byObject = salvageObjects(text);
  if (byObject.entries.length > byLine.entries.length) return byObject;
  if (byLine.entries.length > 0) return byLine;
  return byObject.lost < byLine.lost ? byObject : byLine;
};

export function parseOutbox(text: string): OutboxReading {
  const body = text.replace(/^\uFEFF/, '');
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return { kind: 'damaged', ...salvage(body) };
  }
  const version =
    raw && typeof raw === 'object' ? (raw as { version?: unknown }).version : undefined;
  if (typeof version === 'number' && version > OUTBOX_VERSION) return { kind: 'future', version };
  // Whole JSON, but not as written: a list of changes (edited by hand), entries without their
  // version, or one change alone, are still read change by change; anything else holds none.
  const listed =
    raw && typeof raw === 'object' ? (raw as { entries?: unknown }).entries : undefined;
  const alone = !Array.isArray(listed) && raw && typeof raw === 'object' && 'id' in raw;
  const items = Array.isArray(raw) ? raw : alone ? [raw] : listed;
  if (!Array.isArray(items)) return { kind: 'damaged', entries: [], lost: 0 };
  const { entries, lost } = validEntries(items);
  return lost === 0 && version === OUTBOX_VERSION && items === listed
    ? { kind: 'ok', entries }
    : { kind: 'damaged', entries, lost };
}
