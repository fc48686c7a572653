import { BOUNDS } from './bounds';
import { mergePlan } from './description-merge';

/**
 * Editing a description as plain text, and writing it back in the form it
 * came in (SERVICE.md): plain text stays plain text; a TipTap document (the
 * web app's rich text, a JSON string on the wire) becomes a document again,
 * the blocks an edit left alone kept as they were. What plain text cannot carry (tables,
 * images, mentions, headings, lists, bold…) is named, so nothing is lost
 * without the person agreeing to it.
 */

type Node = { readonly type?: unknown; readonly content?: unknown; readonly marks?: unknown };

export interface EditableDescription {
  /** The text a person edits. */
  readonly text: string;
  /** How the service holds it: written back the same way. */
  readonly form: 'none' | 'plain' | 'doc';
  /** What plain text cannot keep, in words ("a table", "mentions"); empty when nothing. */
  readonly wouldLose: readonly string[];
  /** A document's own parts: what an edit leaves alone is written back as it was. */
  readonly doc?: { readonly root: Node; readonly blocks: readonly Block[] };
}

/** Node types plain text carries: paragraphs of text with line breaks. */
const KEPT = new Set(['doc', 'paragraph', 'text', 'hardBreak']);

const LOST_WORDS: Readonly<Record<string, string>> = {
  table: 'a table',
  image: 'images',
  mention: 'mentions',
  heading: 'headings',
  bulletList: 'lists',
  orderedList: 'lists',
  taskList: 'checklists',
  blockquote: 'quotes',
  codeBlock: 'code blocks',
  horizontalRule: 'dividers',
  emoji: 'emoji',
  // The parts of the above: named once, by what they belong to.
  listItem: 'lists',
  taskItem: 'checklists',
  tableRow: 'a table',
  tableCell: 'a table',
  tableHeader: 'a table',
};
const MARK_WORDS: Readonly<Record<string, string>> = {
  bold: 'bold text',
  italic: 'italic text',
  underline: 'underlined text',
  strike: 'struck-through text',
  link: 'links',
  code: 'inline code',
  highlight: 'highlights',
};

const MAX_DEPTH = 64;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The document in a description, whether it came as an object or as its JSON text. */
export function descriptionDoc(value: unknown): Node | null {
  let v = value;
  if (typeof v === 'string') {
    const t = v.trim();
    if (!t.startsWith('{')) return null;
    try {
      v = JSON.parse(t);
    } catch {
      return null;
    }
  }
  return isObject(v) && v['type'] === 'doc' ? (v as Node) : null;
}

/** A top-level block of a document and its paragraphs of text, as the editor shows them. */
interface Block {
  readonly node: Node;
  readonly paragraphs: readonly string[];
}

/** The document's top-level blocks, each with its paragraphs of text. */
function docBlocks(doc: Node): Block[] {
  const inline = (n: Node, depth: number): string => {
    if (depth > MAX_DEPTH || !isObject(n)) return '';
    if (n.type === 'text')
      return typeof (n as { text?: unknown }).text === 'string' ? (n as { text: string }).text : '';
    if (n.type === 'hardBreak') return '\n';
    if (n.type === 'mention') {
      const attrs = (n as { attrs?: { label?: unknown; id?: unknown } }).attrs;
      const label = attrs?.label ?? attrs?.id;
      return typeof label === 'string' ? `@${label}` : '';
    }
    return Array.isArray(n.content)
      ? n.content.map((c: Node) => inline(c, depth + 1)).join('')
      : '';
  };
  const collect = (n: Node, depth: number, into: string[]): void => {
    if (depth > MAX_DEPTH || !isObject(n)) return;
    const children = Array.isArray(n.content) ? (n.content as Node[]) : [];
    const isBlockContainer = children.some(
      (c) => isObject(c) && c.type !== 'text' && c.type !== 'hardBreak' && c.type !== 'mention',
    );
    if (isBlockContainer && n.type !== 'paragraph') {
      for (const c of children) collect(c, depth + 1, into);
      return;
    }
    into.push(inline(n, depth));
  };
  const top = Array.isArray(doc.content) ? (doc.content as Node[]) : [];
  return top.map((node) => {
    const paragraphs: string[] = [];
    collect(node, 1, paragraphs);
    return { node, paragraphs };
  });
}

/** What of a document plain text would drop, in words, each once. */
function losses(doc: Node): string[] {
  const found = new Set<string>();
  const walk = (n: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || !isObject(n)) return;
    const type = typeof n['type'] === 'string' ? n['type'] : '';
    if (!KEPT.has(type))
      found.add(LOST_WORDS[type] ?? `content of the kind “${type || 'unknown'}”`);
    // A paragraph's settings (alignment, indentation) are formatting text cannot carry.
    const attrs = n['attrs'];
    if (
      (type === 'paragraph' || type === 'text') &&
      isObject(attrs) &&
      Object.values(attrs).some((v) => v !== null && v !== undefined)
    )
      found.add('alignment and indentation');
    if (Array.isArray(n['marks']))
      for (const m of n['marks'] as unknown[]) {
        const markType = isObject(m) && typeof m['type'] === 'string' ? m['type'] : 'formatting';
        found.add(MARK_WORDS[markType] ?? 'formatting');
      }
    if (Array.isArray(n['content'])) for (const c of n['content'] as unknown[]) walk(c, depth + 1);
  };
  walk(doc, 0);
  return [...found];
}

/**
 * A description too large to keep whole (BOUNDS.description) was kept as the
 * first BOUNDS.descriptionText characters of its text, ending in "…": saving
 * over it would drop the rest, whatever its form was.
 */
const wasCut = (value: unknown): boolean =>
  typeof value === 'string' && value.length >= BOUNDS.descriptionText - 1 && value.endsWith('…');

export function editableDescription(value: unknown): EditableDescription {
  if (value === null || value === undefined || value === '')
    return { text: '', form: 'none', wouldLose: [] };
  if (wasCut(value))
    return {
      text: value as string,
      form: 'doc',
      wouldLose: ['the rest of a description too long for Task Tray to keep whole'],
    };
  const doc = descriptionDoc(value);
  if (doc) {
    const blocks = docBlocks(doc);
    const text = blocks.flatMap((b) => b.paragraphs).join('\n\n');
    return { text, form: 'doc', wouldLose: losses(doc), doc: { root: doc, blocks } };
  }
  if (typeof value === 'string') return { text: value, form: 'plain', wouldLose: [] };
  // Anything else the service sent (an object that is no document): not editable as it is.
  return { text: '', form: 'doc', wouldLose: ['content Task Tray cannot read'] };
}

/** A paragraph's inline content: text with hard breaks where the lines break. */
function paragraph(text: string): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  text.split('\n').forEach((line, i) => {
    if (i > 0) content.push({ type: 'hardBreak' });
    if (line) content.push({ type: 'text', text: line });
  });
  return content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' };
}

/**
 * What to send for `text` typed over `from`, and what of the description it
 * would lose: plain text where the description was plain (or empty); else a
 * TipTap document (as JSON text, the wire's string) that keeps every block
 * whose paragraphs the edit left as they were, and makes the others
 * paragraphs (a blank line between them) with line breaks.
 */
export function descriptionEdit(
  text: string,
  from: EditableDescription,
): { readonly send: string; readonly wouldLose: readonly string[] } {
  const normalised = text.replace(/\r\n?/g, '\n');
  if (from.form !== 'doc') return { send: normalised, wouldLose: [] };
  // Exactly one blank line between paragraphs: more are empty paragraphs, as the web app writes them.
  const paragraphs = normalised.split('\n\n');
  if (!from.doc)
    return {
      send: JSON.stringify({ type: 'doc', content: paragraphs.map(paragraph) }),
      wouldLose: from.wouldLose,
    };
  const { root, blocks } = from.doc;
  const { pieces, kept } = mergePlan(
    blocks.map((b) => b.paragraphs),
    paragraphs,
  );
  const content = pieces.map((p) => ('block' in p ? blocks[p.block]!.node : paragraph(p.text)));
  const wouldLose = new Set(blocks.filter((_, i) => !kept.has(i)).flatMap((b) => losses(b.node)));
  return { send: JSON.stringify({ ...root, content }), wouldLose: [...wouldLose] };
}

/** What to send for `text` typed over `from` (see descriptionEdit). */
export const descriptionToSend = (text: string, from: EditableDescription): string =>
  descriptionEdit(text, from).send;
