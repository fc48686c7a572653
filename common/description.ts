/**
 * A task's description arrives in several forms (SERVICE.md): null, plain text, a
 * JSON-serialized TipTap/ProseMirror document, or that document as an object.
 * descriptionText turns any of them into plain text a person can read.
 */

/** Deeper than any real document; bounded so nested junk cannot overflow the stack. */
const DESCRIPTION_MAX_DEPTH = 64;
/** Bounded so a shared or cyclic object graph cannot make the walk exponential. */
const MAX_NODES = 100_000;

type Node = Readonly<Record<string, unknown>>;

interface Walk {
  nodes: number;
}

const BULLET = '• ';
const INLINE_TYPES = new Set(['text', 'hardBreak', 'mention', 'image', 'emoji']);
const BLOCK_TYPES = new Set([
  'doc',
  'paragraph',
  'heading',
  'codeBlock',
  'blockquote',
  'horizontalRule',
  'bulletList',
  'orderedList',
  'listItem',
  'taskList',
  'taskItem',
  'table',
  'tableRow',
  'tableCell',
  'tableHeader',
]);

/** Any description form → readable plain text ('' for none). Never throws. */
export function descriptionText(value: unknown): string {
  try {
    return fromAnything(value);
  } catch {
    // A proxy or throwing getter in an object description: show nothing rather than crash the view.
    return '';
  }
}

function fromAnything(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return fromString(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (typeof value !== 'object') return '';
  if (isNodeLike(value) || (Array.isArray(value) && value.every(isNodeLike)))
    return render(value, { nodes: 0 });
  // An object that is no document at all: show its JSON, as we would if it had come as a string.
  const json = safeStringify(value);
  return json === '{}' ? '' : fromString(json);
}

function fromString(text: string): string {
  const trimmed = text.trim();
  // Only something shaped like a JSON object can be a serialized document; anything else is prose.
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return trimmed;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return trimmed;
  }
  return isRecord(parsed) && parsed.type === 'doc' ? render(parsed, { nodes: 0 }) : trimmed;
}

function render(value: object, walk: Walk): string {
  const lines = Array.isArray(value) ? blocks(value, 0, walk) : node(value as Node, 0, walk);
  // Blank lines at the ends go, so do runs of more than one; indentation of the first line stays.
  return lines
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

function isRecord(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNodeLike(value: unknown): value is Node {
  return (
    isRecord(value) &&
    (typeof value.type === 'string' ||
      Array.isArray(value.content) ||
      typeof value.text === 'string')
  );
}

function isInline(value: unknown): boolean {
  return (
    isRecord(value) &&
    (typeof value.text === 'string' ||
      (typeof value.type === 'string' && INLINE_TYPES.has(value.type)))
  );
}

function isKnownBlock(value: Node): boolean {
  return typeof value.type === 'string' && BLOCK_TYPES.has(value.type);
}

function attr(n: Node, name: string): unknown {
  return isRecord(n.attrs) ? n.attrs[name] : undefined;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function children(n: Node): readonly unknown[] {
  return Array.isArray(n.content) ? n.content : [];
}

/**
 * A node as lines of text. Block nodes give their own lines; inline nodes give one
 * "line" that may hold newlines (a hardBreak), which the caller splices into the current line.
 */
function node(n: Node, depth: number, walk: Walk): string[] {
  walk.nodes += 1;
  if (depth > DESCRIPTION_MAX_DEPTH || walk.nodes > MAX_NODES) return [];
  if (typeof n.text === 'string') return [n.text];
  switch (n.type) {
    case 'hardBreak':
      return ['\n'];
    case 'mention': {
      const who = nonEmptyString(attr(n, 'label')) ?? nonEmptyString(attr(n, 'id'));
      return who === undefined ? [] : [`@${who}`];
    }
    case 'image':
      return [nonEmptyString(attr(n, 'alt')) ?? ''];
    case 'emoji':
      return [nonEmptyString(attr(n, 'emoji')) ?? ''];
    case 'horizontalRule':
      return ['---'];
    case 'bulletList':
      return listItems(n, depth, walk, () => BULLET);
    case 'orderedList': {
      const start = attr(n, 'start');
      const first = typeof start === 'number' && Number.isSafeInteger(start) ? start : 1;
      return listItems(n, depth, walk, (i) => `${first + i}. `);
    }
    case 'taskList':
      return listItems(n, depth, walk, (_i, item) =>
        attr(item, 'checked') === true ? '☑ ' : '☐ ',
      );
    case 'blockquote':
      return blocks(children(n), depth + 1, walk).map((line) => `> ${line}`);
    case 'tableRow':
      return [
        children(n)
          .map((cell) =>
            isRecord(cell)
              ? blocks(children(cell), depth + 2, walk)
                  .join(' ')
                  .trim()
              : '',
          )
          .join(' | '),
      ];
    default:
      // paragraph, heading, codeBlock, doc, listItem, table, and every type we do not know:
      // the text of the children, so a new node type loses no words.
      return blocks(children(n), depth + 1, walk);
  }
}

/** Children joined as a document would show them: runs of inline nodes form one line, blocks their own. */
function blocks(items: readonly unknown[], depth: number, walk: Walk): string[] {
  const lines: string[] = [];
  // ProseMirror never mixes inline and block children, so beside text a node we do not know is inline.
  const inlineParent = items.some(isInline);
  let line = '';
  const flush = () => {
    // A run that shows nothing (an image without alt text) is no line; a hardBreak's blank line is.
    if (line !== '') append(lines, line.split('\n'));
    line = '';
  };
  for (const item of items) {
    if (!isRecord(item)) continue;
    if (isInline(item) || (inlineParent && !isKnownBlock(item))) {
      line += node(item, depth, walk).join('\n');
      continue;
    }
    flush();
    append(lines, node(item, depth, walk));
  }
  flush();
  return lines;
}

/** Each item's first line gets the marker; its further lines (and nested lists) are indented under it. */
function listItems(
  list: Node,
  depth: number,
  walk: Walk,
  marker: (index: number, item: Node) => string,
): string[] {
  const lines: string[] = [];
  let index = 0;
  for (const item of children(list)) {
    if (!isRecord(item)) continue;
    const mark = marker(index, item);
    const itemLines = node(item, depth + 1, walk);
    const indent = ' '.repeat(mark.length);
    lines.push(mark + (itemLines[0] ?? ''));
    for (let i = 1; i < itemLines.length; i += 1) {
      const line = itemLines[i] ?? '';
      lines.push(line === '' ? '' : indent + line);
    }
    index += 1;
  }
  return lines;
}

/** push(...many) passes every line as an argument and overflows the stack on a long code block. */
function append(target: string[], more: readonly string[]): void {
  for (const line of more) target.push(line);
}
