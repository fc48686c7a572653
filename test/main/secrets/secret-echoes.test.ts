import { describe, expect, it } from 'vitest';
import { createSecretGuard } from '../../../main/secrets/secret-guard';
import { REDACTED } from '../../../main/secrets/secret-text';

const KEY = 'comp_4f9c2a7e81d35b06c9e2f4a18d7b3c50';
const guard = createSecretGuard([KEY]);

/** Printable ASCII as Unicode's full-width forms (U+FF01–FF5E). */
const fullWidth = (s: string): string =>
  s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const hex = (s: string): string => Buffer.from(s).toString('hex');
const reversed = (s: string): string => [...s].reverse().join('');
const spaced = (s: string, by: string): string => [...s].join(by);

/**
 * Echoes of a key that a person reads as the key, or that one step undoes:
 * a hostile or careless service can put any of them in a title or an error
 * message (issue 34, finding 8).
 */
describe('the secret guard on transformed echoes of a key', () => {
  it('redacts the key in full-width forms, whole or a run of 8, and keeps the text around it', () => {
    expect(guard.text(`title ${fullWidth(KEY)} end`)).toBe(`title ${REDACTED} end`);
    expect(guard.text(`ｘ${fullWidth(KEY.slice(9, 17))}ｙ…`)).toBe(`ｘ${REDACTED}ｙ…`);
    expect(guard.text(fullWidth(KEY.toUpperCase()))).toBe(REDACTED);
    // Ideographic spaces and other compatibility forms around it: NFKC reads them as ASCII.
    expect(guard.finds(`\u3000${fullWidth(KEY.slice(0, 10))}\u3000`)).toBe(true);
    // Mathematical bold letters and digits (two code units each) fold the same way.
    const bold = [...KEY.slice(5)]
      .map((c) => String.fromCodePoint(c <= '9' ? 0x1d7ce + +c : 0x1d41a + c.charCodeAt(0) - 97))
      .join('');
    expect(guard.text(`«${bold}»`)).toBe(`«${REDACTED}»`);
  });

  it('redacts the key hex-encoded, lower- or upper-case, whole or a run of it', () => {
    expect(guard.text(`bytes ${hex(KEY)}`)).toBe(`bytes ${REDACTED}`);
    expect(guard.text(hex(KEY).toUpperCase())).toBe(REDACTED);
    expect(guard.text(`0x${hex(KEY.slice(11, 20))};`)).toBe(`0x${REDACTED};`);
  });

  it('redacts the key reversed, whole or a run of it', () => {
    expect(guard.text(`yek ${reversed(KEY)}`)).toBe(`yek ${REDACTED}`);
    expect(guard.text(`(${reversed(KEY.slice(4, 14))})`)).toBe(`(${REDACTED})`);
  });

  it('redacts the key spelled out with separators between its characters', () => {
    for (const by of [' ', '  ', '-', '.', ', ', '\n', ' | ', '\u00A0', '\u3000'])
      expect(guard.text(`key: ${spaced(KEY, by)} end`), JSON.stringify(by)).toBe(
        `key: ${REDACTED} end`,
      );
    // As a JSON array of its characters, and a run of 8 of them from the middle.
    expect(guard.finds(JSON.stringify([...KEY]))).toBe(true);
    expect(guard.text(`x ${spaced(KEY.slice(12, 20), ' ')} y`)).toBe(`x ${REDACTED} y`);
  });

  it('redacts forms combined: full-width and spaced, reversed and spaced', () => {
    expect(guard.text(spaced(fullWidth(KEY), ' '))).toBe(REDACTED);
    expect(guard.finds(spaced(reversed(KEY), '-'))).toBe(true);
  });

  it('leaves text that only looks like these forms exactly as it was', () => {
    for (const text of [
      'Ｔａｓｋ：ｒｅｖｉｅｗ ｔｈｅ ＳＯＣ ２ ｒｅｐｏｒｔ',
      'Options a, b, c, d, e, f, g, h and i are in scope',
      'If it is so, do it as we go: I am at it',
      `seven spaced: ${spaced(KEY.slice(12, 19), ' ')}`,
      `seven reversed: ${reversed(KEY.slice(4, 11))}`,
      `hex of seven bytes' half: ${hex(KEY.slice(11, 14))}`,
      '2026-03-02 09:00 v1.2.3.4 ü ß ﬁ ½',
    ]) {
      expect(guard.text(text)).toBe(text);
      expect(guard.finds(text)).toBe(false);
    }
  });
});
