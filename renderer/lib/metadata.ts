/**
 * `metadata` is "JSON serialized into a string" by the interface, but the
 * real service stores whatever it was given. Show key/values when it is a
 * JSON object, its text otherwise, and nothing when it is empty.
 */
export type MetadataView =
  | { readonly kind: 'none' }
  | { readonly kind: 'entries'; readonly entries: ReadonlyArray<readonly [string, string]> }
  | { readonly kind: 'text'; readonly text: string };

/**
 * A key as words: "complianceFrameworks", "compliance_frameworks" and
 * "compliance-frameworks" all read "Compliance frameworks".
 */
export function keyInWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

const valueText = (v: unknown): string => {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return String(v);
  // A list of plain values reads as a list ("soc2, hipaa"); anything deeper stays JSON.
  if (Array.isArray(v) && v.every((x) => ['string', 'number', 'boolean'].includes(typeof x)))
    return v.map((x) => valueText(x)).join(', ');
  // One level of an object reads as "key: value" pairs; deeper stays JSON (rare, and exact).
  if (typeof v === 'object' && !Array.isArray(v)) {
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.every(([, x]) => x === null || typeof x !== 'object'))
      return entries.map(([k, x]) => `${keyInWords(k)}: ${valueText(x)}`).join('; ');
  }
  return JSON.stringify(v);
};

const fromObject = (o: unknown): MetadataView | null => {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return null;
  const entries = Object.entries(o as Record<string, unknown>).map(
    ([k, v]) => [keyInWords(k), valueText(v)] as const,
  );
  return entries.length > 0 ? { kind: 'entries', entries } : { kind: 'none' };
};

export function metadataView(value: unknown): MetadataView {
  if (value === null || value === undefined) return { kind: 'none' };
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return { kind: 'none' };
    try {
      const parsed: unknown = JSON.parse(text);
      const asObject = fromObject(parsed);
      if (asObject) return asObject;
      if (parsed === null) return { kind: 'none' };
    } catch {
      // Not JSON: the text itself is the metadata.
    }
    return { kind: 'text', text };
  }
  return fromObject(value) ?? { kind: 'text', text: valueText(value) };
}
