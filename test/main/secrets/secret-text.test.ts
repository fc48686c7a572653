import { describe, expect, it } from 'vitest';
import { displayText } from '../../../common/display-text';
import { createSecretGuard, guardFor } from '../../../main/secrets/secret-guard';
import { REDACTED } from '../../../main/secrets/secret-text';

const KEY = 'comp_4f9c2a7e81d35b06c9e2f4a18d7b3c50';
const guard = createSecretGuard([KEY]);
/** What is left beside the redactions. */
const residue = (s: string): string => s.split(REDACTED).join(' ');

describe('the secret guard on text: any run of 8 characters of a secret, in any form', () => {
  it('redacts the whole key, a prefix, a suffix and a run from the middle', () => {
    expect(guard.text(`key ${KEY} end`)).toBe(`key ${REDACTED} end`);
    expect(guard.text(`cut here: ${KEY.slice(0, 12)}…`)).toBe(`cut here: ${REDACTED}…`);
    expect(guard.text(`tail ${KEY.slice(-9)}`)).toBe(`tail ${REDACTED}`);
    expect(guard.text(`x${KEY.slice(10, 18)}y`)).toBe(`x${REDACTED}y`);
  });

  it('redacts the upper-cased, lower-cased, URL-encoded and base64 forms', () => {
    expect(guard.text(KEY.toUpperCase())).toBe(REDACTED);
    const cookie = 'abc/def+ghi=jkl%mno';
    const c = createSecretGuard([cookie]);
    expect(c.text(`sent ${encodeURIComponent(cookie)}`)).toBe(`sent ${REDACTED}`);
    expect(residue(guard.text(Buffer.from(KEY).toString('base64')))).not.toMatch(/[A-Za-z0-9]{4}/);
    // A run encoded alone, at each byte offset.
    for (const start of [3, 4, 5]) {
      const run = Buffer.from(KEY.slice(start, start + 20)).toString('base64');
      expect(residue(guard.text(`b64 ${run}`))).not.toMatch(/[A-Za-z0-9+/]{6}/);
    }
    const url = Buffer.from(KEY).toString('base64url');
    expect(guard.finds(url)).toBe(true);
  });

  it('leaves text with shorter runs, or none, exactly as it was', () => {
    const text = `status in_progress, ${KEY.slice(0, 7)} is only seven`;
    expect(guard.text(text)).toBe(text);
    expect(guard.finds(text)).toBe(false);
    expect(createSecretGuard([]).text(KEY)).toBe(KEY);
  });

  it('redacts long text each time it is seen, as short text', () => {
    const long = `${'word '.repeat(400)}${KEY}`;
    expect(guard.text(long)).not.toContain(KEY.slice(0, 8));
    expect(guard.text(long)).toBe(guard.text(long));
  });

  it('counts a short secret only whole', () => {
    const g = createSecretGuard(['ab12cd']);
    expect(g.text('x ab12cd y ab12c')).toBe(`x ${REDACTED} y ab12c`);
  });

  it('judges text as shown: a key split by characters drawn with no width is whole there', () => {
    // A zero-width space every 7 characters leaves no run of 8 in the text as it is.
    const split = (joiner: string) => `title: ${KEY.match(/.{1,7}/g)!.join(joiner)} end`;
    // displayText removes the first five; the rest it keeps (ZWJ for emoji), but they are drawn
    // with no width all the same.
    const joiners = ['\u200B', '\u200E', '\u2060', '\uFEFF', '\u202E\u2066'];
    for (const joiner of [...joiners, '\u200C', '\u200D', '\u00AD', '\u034F', '\uFE0F', '\u3164']) {
      const text = split(joiner);
      expect(guard.finds(text)).toBe(true);
      expect(guard.text(text)).toBe(`title: ${REDACTED} end`);
      expect(displayText(guard.value({ t: text }).t)).not.toContain(KEY.slice(0, 8));
    }
    // Such characters alone change nothing, and text without a secret keeps them.
    const clean = 'Check\u200B encryption \u200Eat rest';
    expect(guard.text(clean)).toBe(clean);
    expect(guard.finds(clean)).toBe(false);
  });

  it('redacts a short secret found before a run, or before another short secret', () => {
    // Looked for apart: a whole short secret found first in the text was merged into the
    // range after it and left in the text (before this was fixed).
    expect(createSecretGuard(['ab12c', KEY]).text(`ab12c ${KEY.slice(0, 8)}`)).toBe(
      `${REDACTED} ${REDACTED}`,
    );
    expect(createSecretGuard(['ab12c', 'zz99']).text('zz99 ab12c')).toBe(`${REDACTED} ${REDACTED}`);
    expect(createSecretGuard(['ab12c', KEY]).value({ t: `${KEY.slice(3, 11)}ab12c` })).toEqual({
      t: REDACTED,
    });
  });

  it('takes a key with a lone surrogate (pasted cut in half) without failing every call', () => {
    const cut = `\ud800${KEY.slice(0, 20)}`;
    const g = createSecretGuard([cut]);
    expect(g.text(`said ${KEY.slice(2, 14)}`)).toBe(`said ${REDACTED}`);
    expect(g.value({ ok: 'fine' })).toEqual({ ok: 'fine' });
  });

  it('looks at text as short as the shortest thing it could hold: a whole short secret or a run', () => {
    // Text shorter than that is passed unread; text of exactly that length is not.
    const g = createSecretGuard(['ab12c', KEY]);
    expect(g.text('AB12C')).toBe(REDACTED);
    // The shortest of several short secrets, whichever comes first.
    expect(createSecretGuard(['abcdef', 'ab12']).text('AB12')).toBe(REDACTED);
    expect(createSecretGuard(['ab12', 'abcdef']).text('ab12')).toBe(REDACTED);
    expect(g.text(KEY.slice(9, 17))).toBe(REDACTED);
    expect(guard.text(KEY.slice(9, 17))).toBe(REDACTED);
    expect(guard.value({ [KEY.slice(1, 9)]: KEY.slice(20, 28) })).toEqual({ [REDACTED]: REDACTED });
    expect(guard.text(KEY.slice(9, 16))).toBe(KEY.slice(9, 16));
  });

  it('follows the secrets in use as they change', () => {
    let secrets = [KEY];
    const current = guardFor(() => secrets);
    expect(current().finds(KEY)).toBe(true);
    secrets = ['another-secret-value'];
    expect(current().finds(KEY)).toBe(false);
    expect(current().finds('secret-value')).toBe(true);
  });
});
