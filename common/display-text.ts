/**
 * Text from the service (titles, names, descriptions) is shown as text, never
 * as instructions to the layout: a bidi override (U+202E) in a task title can
 * make "txt.exe" read "exe.txt", and an invisible character can make two
 * names look the same. For display only — what is stored and sent stays as
 * the service gave it.
 */

/** Embeddings, overrides, isolates and the directional marks: they reorder what follows them. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/**
 * Zero-width space, word joiner, the byte-order mark and invisible operators:
 * they hide a difference. ZWJ and ZWNJ (U+200C–D) stay: emoji sequences and
 * Persian and Indic scripts need them.
 */
const INVISIBLE = /[\u200B\u2060-\u2064\uFEFF]/g;
/** C0 and C1 controls except tab and newline (callers fold those to spaces where a line is wanted). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** `text` with its bidi and invisible controls removed, and other control characters shown as "�". */
export function displayText(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(INVISIBLE, '').replace(CONTROLS, '\uFFFD');
}
