/**
 * The forms a secret may be echoed in, and how text is read before it is
 * matched against them (docs/ARCHITECTURE.md, invariant 1). A hostile or
 * careless service can put any of these in a title or an error message:
 * each is the key to a person who reads it, or one obvious step from it.
 * Forms it would take a program to undo (ciphers, compression, hex of the
 * base64) are not looked for: the guard keeps a key from being written
 * down by mistake; it cannot stop a service that means to hide it.
 */

/** The UTF-8 bytes in memory of their own: Buffer.from would put the secret into Node's shared pool. */
const utf8 = (s: string): Buffer => {
  const bytes = new TextEncoder().encode(s);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

const base64 = (s: string): string[] => {
  const std = utf8(s).toString('base64').replace(/=+$/, '');
  return [std, std.replace(/\+/g, '-').replace(/\//g, '_')];
};

/**
 * Whitespace (Unicode's, as \s has it) and ASCII punctuation and symbols:
 * what may stand between the characters of a key spelled out. Full-width
 * ones are folded to these first (asRead). ASCII classes, not \p{P}: a
 * Unicode property class made the scan of every text eight times slower.
 */
const FILLER = '\\s!-/:-@\\[-`{-~';
const ONE_FILLER = new RegExp(`[${FILLER}]`);

/** The text with every filler taken out: how a key spelled out ("c o m p", "c-o-m-p") reads. */
export const compact = (s: string): string => s.replace(new RegExp(ONE_FILLER, 'g'), '');

/**
 * Eight or more single characters (the first may end a word, the last
 * begin one), each but the last followed by one to seven fillers (a key's
 * own "_" or "-" is one: `"p","_","4"`): "c o m p _ 4 f 9", "c-o-m-p",
 * `["c","o","m"]`. Words of several letters (prose) are never one.
 */
const SPELLED = new RegExp(`[^${FILLER}](?:[${FILLER}]{1,7}[^${FILLER}]){7,}`, 'g');

/** A span of text spelling something out: its letters, and where each stands in the text. */
export interface Spelled {
  readonly letters: string;
  readonly at: readonly number[];
}

/** Where the text spells something out (SPELLED), each span's letters with their places. */
export function spelledSpans(text: string): Spelled[] {
  const spans: Spelled[] = [];
  SPELLED.lastIndex = 0;
  for (let m = SPELLED.exec(text); m !== null; m = SPELLED.exec(text)) {
    let letters = '';
    const at: number[] = [];
    for (let i = m.index; i < m.index + m[0].length; i++)
      if (!ONE_FILLER.test(text[i]!)) {
        letters += text[i];
        at.push(i);
      }
    spans.push({ letters, at });
  }
  return spans;
}

/**
 * The forms a secret is looked for in: as is (case is folded by the
 * matcher), URL-encoded, base64 (standard and URL-safe) and hex of its
 * UTF-8 bytes, reversed, and as is and reversed with its fillers taken out
 * (the form a spelled-out run is matched in: an encoding spelled out is no
 * echo, and each form is more windows to tell apart from the text's).
 * Base64 is taken at each of the three byte offsets, so a run of the secret
 * encoded on its own (not aligned with the secret's start) is still a run of
 * one of them; hex needs no offsets, as each byte is two characters of its
 * own.
 */
export function secretForms(secret: string): string[] {
  const backwards = [...secret].reverse().join('');
  const forms = new Set<string>([secret, backwards, compact(secret), compact(backwards)]);
  // A lone surrogate (a key pasted cut in half) cannot be URL-encoded, so that form cannot
  // occur; throwing here would make every answer, event and write fail while the key is in use.
  try {
    forms.add(encodeURIComponent(secret));
  } catch {
    // URIError: no URL form.
  }
  for (let offset = 0; offset < 3 && offset < secret.length; offset++)
    for (const b of base64(secret.slice(offset))) forms.add(b);
  forms.add(utf8(secret).toString('hex'));
  return [...forms].filter((f) => f.length > 0);
}

/** Characters drawn with no width (Unicode's Default_Ignorable_Code_Point). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** Every compatibility form NFKC folds, and every invisible character, is outside ASCII. */
const NOT_ASCII = /[^\0-\x7f]/;

/**
 * The text as a person reads it: full-width and other compatibility forms
 * (ｃｏｍｐ, 𝐜𝐨𝐦𝐩, ⓒⓞⓜⓟ, the ideographic space) as the ASCII they stand for
 * (NFKC), and without the characters drawn with no width (zero-width spaces
 * and joiners, bidi marks, soft hyphens, variation selectors), which split a
 * key where it is stored but not where it is shown. ASCII text is itself.
 */
export const asRead = (text: string): string =>
  NOT_ASCII.test(text) ? text.normalize('NFKC').replace(INVISIBLE, '') : text;

/**
 * The text as read (asRead, one code point at a time) with, for each of its
 * code units, the [start, end) of the code point of `text` it came from: a
 * run found as read is redacted where it stands, and the text around it is
 * left as it was.
 */
export function asReadFrom(text: string): { read: string; from: [number, number][] } {
  let read = '';
  const from: [number, number][] = [];
  for (let i = 0; i < text.length;) {
    const end = i + ((text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1);
    const part = asRead(text.slice(i, end));
    read += part;
    for (let k = 0; k < part.length; k++) from.push([i, end]);
    i = end;
  }
  return { read, from };
}
