/**
 * How much of what the service sends the app keeps (docs/ARCHITECTURE.md, invariant 8).
 * Everything kept is also saved, sent across IPC and laid out, so one
 * hostile answer must cost at most a refused answer or a shortened text:
 * never a settings file of megabytes, a structured clone that fails, or a
 * row that takes seconds to lay out.
 */
export const BOUNDS = {
  /** Ids, enum-like values, timestamps: longer is no id at all, and the answer is refused. */
  id: 128,
  /** A task title as kept and as sent. The service has no limit of its own (150 MB bodies). */
  title: 1_000,
  /** Names, slugs, emails. */
  name: 320,
  /** Logo and website addresses. */
  url: 4_096,
  /** A description, as JSON text or a document, kept as it came up to this many characters. */
  description: 64 * 1024,
  /** A description's readable text, when the description itself was too large or deep to keep. */
  descriptionText: 20_000,
  /** Nesting a real TipTap document never reaches; deeper is reduced to its text. */
  depth: 32,
  /** The organization's metadata, as JSON text. */
  metadata: 8 * 1024,
  /*
   * Totals. Each item above is bounded; so is what many of them add up to
   * (docs/ARCHITECTURE.md, invariant 8): a list says "the first N shown".
   */
  /** "Assigned to me": the most pressing this many are kept and shown, with how many more. */
  assignedShown: 300,
  /** One vendor's or risk's task list (Browse, a pin's read): at most this many tasks… */
  listedTasks: 500,
  /** …and this many bytes of them, as JSON. */
  listBytes: 4 * 1024 * 1024,
  /** Vendors and risks listed together (Browse, the build of "assigned to me"). */
  listedEntities: 5_000,
  /** How long one paged list may take to read, however many pages the service says it has. */
  listTimeMs: 60_000,
  /** Any answer to the popup or event to it, as JSON: past this it is refused with a message. */
  ipcBytes: 16 * 1024 * 1024,
} as const;

/** `text` cut to at most `max` characters, ending in "…" when cut, never inside a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** Whether a JSON-like value nests deeper than `limit` (objects and arrays count). Iterative: any depth is safe. */
export function deeperThan(value: unknown, limit: number): boolean {
  const stack: { v: unknown; d: number }[] = [{ v: value, d: 0 }];
  let visited = 0;
  while (stack.length > 0) {
    const { v, d } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d >= limit) return true;
    // A wide value is as costly as a deep one; the caller also bounds the size.
    if (++visited > 100_000) return true;
    for (const child of Object.values(v as Record<string, unknown>))
      stack.push({ v: child, d: d + 1 });
  }
  return false;
}

/** JSON text of a value no deeper than `depth`, or null when it is deeper, larger than `maxChars`, or not JSON. */
export function boundedJson(value: unknown, depth: number, maxChars: number): string | null {
  if (deeperThan(value, depth)) return null;
  try {
    const text = JSON.stringify(value);
    return typeof text === 'string' && text.length <= maxChars ? text : null;
  } catch {
    return null;
  }
}
