import { randomUUID } from 'node:crypto';
import { Serializer } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../../common/deep-freeze';
import { displayText } from '../../../common/display-text';
import { createSecretGuard, guardFor, REDACTED } from '../../../main/secrets/secret-guard';

const KEY = 'comp_4f9c2a7e81d35b06c9e2f4a18d7b3c50';
const guard = createSecretGuard([KEY]);
/** What is left beside the redactions. */
const residue = (s: string): string => s.split(REDACTED).join(' ');

describe('the secret guard: any run of 8 characters of a secret, in any form', () => {
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

  it('redacts strings and keys deep in a value, and returns the same object when clean', () => {
    const clean = { a: [{ b: 'fine' }], n: 1 };
    expect(guard.value(clean)).toBe(clean);
    const dirty = { title: KEY, list: [{ [KEY]: `x ${KEY.slice(2, 30)}` }], ok: 'kept' };
    expect(guard.value(dirty)).toEqual({
      title: REDACTED,
      list: [{ [REDACTED]: `x ${REDACTED}` }],
      ok: 'kept',
    });
    let deep: unknown = KEY;
    for (let i = 0; i < 200; i++) deep = { d: deep };
    expect(JSON.stringify(guard.value(deep))).not.toContain(KEY.slice(0, 8));
  });

  it('a frozen value found clean is passed as it is again; anything that can still change is looked at again', () => {
    const g = createSecretGuard([KEY]);
    const task = deepFreeze({ title: 'fine', tags: ['a', 'b'] });
    expect(g.value(task)).toBe(task);
    expect(g.value([task, task])).toEqual([task, task]);

    // Frozen on the outside only: its inner list can still gain the key.
    const inner: string[] = ['fine'];
    const shell = Object.freeze({ inner });
    expect(g.value(shell)).toBe(shell);
    inner.push(KEY);
    expect(JSON.stringify(g.value(shell))).not.toContain(KEY.slice(0, 8));

    // A getter may show something else next time: never taken on trust, frozen either way.
    let said = 'fine';
    for (const freeze of [Object.freeze, deepFreeze]) {
      said = 'fine';
      const computed = freeze(
        Object.defineProperty({}, 'title', { get: () => said, enumerable: true }),
      );
      expect(g.value(computed)).toBe(computed);
      said = KEY;
      expect(JSON.stringify(g.value(computed))).not.toContain(KEY.slice(0, 8));
    }

    // A copy reads the fields before the secret again: what it reads then is checked too.
    let reads = 0;
    const twoFaced = Object.defineProperty({}, 'first', {
      get: () => (++reads === 1 ? 'fine' : KEY),
      enumerable: true,
    });
    Object.assign(twoFaced, { second: KEY, third: 'kept' });
    const copy = g.value(twoFaced) as Record<string, unknown>;
    expect(JSON.stringify(copy)).not.toContain(KEY.slice(0, 8));
    expect(copy).toEqual({ first: REDACTED, second: REDACTED, third: 'kept' });
    expect(Object.keys(copy)).toEqual(['first', 'second', 'third']);

    // deepFreeze leaves an object frozen elsewhere as it is: what that one holds can change.
    const grandchild: string[] = ['fine'];
    const parent = deepFreeze({ child: Object.freeze({ grandchild }) });
    expect(g.value(parent)).toBe(parent);
    grandchild.push(KEY);
    expect(JSON.stringify(g.value(parent))).not.toContain(KEY.slice(0, 8));

    // Found clean under one set of secrets says nothing about the next.
    const shared = deepFreeze({ t: 'fine-but-secret-now' });
    expect(g.value(shared)).toBe(shared);
    expect(createSecretGuard(['fine-but-secret-now']).value(shared)).toEqual({ t: REDACTED });
    expect(g.value(task)).toBe(task);
  });

  it('redacts what a Map or a Set holds, as IPC would send it, and looks again next time', () => {
    const g = createSecretGuard([KEY]);
    const fine = new Map([['a', 'fine']]);
    expect(g.value(fine)).toBe(fine);
    const map = new Map<string, unknown>([
      [KEY, 'as a key'],
      ['value', { title: KEY }],
      ['ok', 'kept'],
    ]);
    const set = new Set(['kept', `x ${KEY}`]);
    const out = g.value(deepFreeze({ map, set })) as {
      map: Map<string, unknown>;
      set: Set<string>;
    };
    expect([...out.map]).toEqual([
      [REDACTED, 'as a key'],
      ['value', { title: REDACTED }],
      ['ok', 'kept'],
    ]);
    expect([...out.set]).toEqual(['kept', `x ${REDACTED}`]);
    // Frozen or not, a Map can still change: found clean once, it is looked at again.
    const later = new Map([['a', 'fine']]);
    const holder = deepFreeze({ later });
    expect(g.value(holder)).toBe(holder);
    later.set('b', KEY);
    expect([...g.value(holder).later]).toEqual([
      ['a', 'fine'],
      ['b', REDACTED],
    ]);
    const items = new Set(['fine', 'also fine', KEY]);
    expect([...g.value(items)]).toEqual(['fine', 'also fine', REDACTED]);
    // A Map made in another realm (a vm context, a worker's message) is still a Map to IPC.
    const foreign = runInNewContext('new Map([["t", key]])', { key: KEY }) as Map<string, string>;
    expect(foreign instanceof Map).toBe(false);
    expect([...g.value(foreign)]).toEqual([['t', REDACTED]]);
    // Past the depth where a value is judged as its JSON, what a Map or a Set holds still counts.
    for (const inside of [new Map([['t', KEY]]), new Set([KEY])]) {
      let deep: unknown = inside;
      for (let i = 0; i < 70; i++) deep = [deep];
      let leaf: unknown = g.value(deep);
      while (Array.isArray(leaf)) leaf = leaf[0];
      expect(leaf).toBe(REDACTED);
    }
  });

  it('walks own fields only, whatever the prototype', () => {
    const g = createSecretGuard([KEY]);
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { t: KEY, ok: 1 });
    expect(g.value(bare)).toEqual({ t: REDACTED, ok: 1 });
    // An inherited field is not the object's: IPC and JSON leave it out, and so does a copy.
    const child = Object.assign(Object.create({ inherited: 'from the prototype' }) as object, {
      t: KEY,
    });
    const out = g.value(child) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['t']);
    expect(out['inherited']).toBeUndefined();
  });

  it('keeps a "__proto__" field from the service as a plain field when it redacts beside it', () => {
    const answer = JSON.parse(`{"__proto__": {"role": "owner"}, "title": "${KEY}"}`) as object;
    const out = guard.value(answer) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'title']);
    expect(out['role']).toBeUndefined();
    expect(out['title']).toBe(REDACTED);
  });

  describe('what IPC carries beyond own fields, which JSON drops', () => {
    /** V8's own serializer, as Electron's IPC uses it: a view goes with all the memory under it. */
    const ipcBytes = (v: unknown): Buffer => {
      const s = new Serializer();
      s.writeHeader();
      s.writeValue(v);
      return s.releaseBuffer();
    };
    /** Whether any run of the key is in what Electron's IPC would send. */
    const sentByIpc = (v: unknown): boolean => {
      const b = ipcBytes(v);
      return [b.toString('latin1'), b.toString('utf16le'), b.subarray(1).toString('utf16le')].some(
        (t) => guard.finds(t),
      );
    };
    function memoryWithoutPrototype(): ArrayBuffer {
      return Object.setPrototypeOf(new Uint8Array(Buffer.from(KEY)).buffer, null) as ArrayBuffer;
    }
    function changingMessage(): Error {
      const e = new Error('fine');
      e.stack = 'Error';
      let reads = 0;
      (e as { message: unknown }).message = { toString: () => (reads++ > 0 ? KEY : 'fine') };
      return e;
    }
    const withCause = new Error('could not save', { cause: `key ${KEY}` });
    const withStack = new Error('plain words');
    withStack.stack = `Error: plain words\n    at send (${KEY})`;
    const notAString = new Error('fine');
    notAString.stack = 'Error';
    (notAString as { message: unknown }).message = { toString: () => `says ${KEY}` };
    const spoofedString = Object.assign(new String(`key ${KEY}`), { valueOf: () => 'clean' });
    const spoofedRegExp = Object.defineProperty(new RegExp(KEY), 'source', { value: 'clean' });
    const cases: [string, unknown][] = [
      ['an Error’s message', new Error(`refused ${KEY}`)],
      ['an Error’s stack', withStack],
      ['an Error’s cause', withCause],
      ['an Error’s message that is not a string', notAString],
      ['an Error without its prototype', Object.setPrototypeOf(new Error(KEY), null)],
      ['an Error with a plain object’s', Object.setPrototypeOf(new Error(KEY), Object.prototype)],
      ['an Error from another realm', runInNewContext('new Error(key)', { key: KEY })],
      ['a boxed string', new String(`key ${KEY}`)],
      ['a boxed string without its prototype', Object.setPrototypeOf(new String(KEY), null)],
      ['a boxed string with its own valueOf', spoofedString],
      ['a RegExp', new RegExp(KEY)],
      ['a RegExp with its own "source"', spoofedRegExp],
      ['bytes of its UTF-8', new Uint8Array(Buffer.from(`x${KEY}`))],
      ['a Buffer', Buffer.from(KEY)],
      ['an ArrayBuffer', Buffer.from(KEY).buffer.slice(0)],
      ['a DataView', new DataView(new Uint8Array(Buffer.from(`ab${KEY}`)).buffer, 1)],
      ['bytes of its UTF-16', Buffer.from(KEY, 'utf16le')],
      [
        'bytes of its UTF-16, a byte in',
        Buffer.concat([Buffer.from([7]), Buffer.from(KEY, 'utf16le')]),
      ],
      ['a view of other bytes in the same memory', Buffer.from(`text ${KEY}`).subarray(0, 4)],
      [
        'a typed array at an offset',
        new Float64Array(new Uint8Array(Buffer.from(`${KEY}12345678`)).buffer, 8, 1),
      ],
      [
        'bytes without their prototype',
        Object.setPrototypeOf(new Uint8Array(Buffer.from(KEY)), null),
      ],
      ['a view of memory without its prototype', new Uint8Array(memoryWithoutPrototype())],
      ['memory without its prototype', memoryWithoutPrototype()],
      [
        'memory that says it is empty',
        Object.defineProperty(new Uint8Array(Buffer.from(KEY)).buffer, 'byteLength', { value: 0 }),
      ],
    ];
    it.each(cases)('%s: replaced whole, before and deep in a value', (_what, v) => {
      expect(sentByIpc(v)).toBe(true);
      expect(guard.value(v)).toBe(REDACTED);
      const out = guard.value({ list: [{ detail: v, title: 'kept' }] });
      expect(out).toEqual({ list: [{ detail: REDACTED, title: 'kept' }] });
      expect(sentByIpc(out)).toBe(false);
    });

    it('an Error whose message is not text is replaced whole: it may read differently when sent', () => {
      const out = guard.value({ e: changingMessage() });
      expect(out).toEqual({ e: REDACTED });
      expect(sentByIpc(out)).toBe(false);
    });

    /** What goes to disk: JSON, which calls toJSON, makes boxed values text by their own methods, and writes own fields. */
    const toDisk: [string, unknown][] = [
      ['a toJSON’s answer', { title: 'fine', toJSON: () => `saved ${KEY}` }],
      [
        'a class’s toJSON',
        new (class Note {
          toJSON = () => KEY;
        })(),
      ],
      ['a boxed string’s own toString', Object.assign(new String('fine'), { toString: () => KEY })],
      ['a Date’s own toISOString', Object.assign(new Date(0), { toISOString: () => KEY })],
      ['a RegExp’s fields', Object.assign(/fine/, { note: KEY })],
      ['the fields of bytes', Object.assign(new Uint8Array(2), { note: KEY })],
      ['a Map’s own fields', Object.assign(new Map(), { note: KEY })],
      [
        'a Buffer’s toJSON on something else',
        Object.assign(new Map(), { toJSON: Buffer.prototype.toJSON, length: 1, 0: KEY }),
      ],
      [
        'a Buffer’s toJSON met through a prototype',
        Object.create({ toJSON: Buffer.prototype.toJSON, length: 1, 0: KEY }) as object,
      ],
    ];
    it.each(toDisk)('%s: replaced whole before it is written', (_what, v) => {
      expect(JSON.stringify(v)).toContain(KEY);
      expect(guard.value(v)).toBe(REDACTED);
      expect(JSON.stringify(guard.value({ kept: 'yes', v }))).toBe(
        `{"kept":"yes","v":"${REDACTED}"}`,
      );
    });

    it('judges a toJSON of its own whole, unasked: it could answer differently when written', () => {
      let n = 0;
      const later = { toJSON: () => (n++ > 0 ? KEY : 'fine') };
      const byKey = { toJSON: (key: string) => (key === '' ? 'fine' : KEY) };
      const saysFine = { title: 'fine', toJSON: () => 'fine' };
      for (const v of [later, byKey, saysFine]) expect(guard.value({ v })).toEqual({ v: REDACTED });
      expect(n).toBe(0);
      // A toJSON behind a getter, which could be absent now and there later.
      let k = 0;
      const hidden = {
        get toJSON() {
          return k++ > 0 ? () => KEY : undefined;
        },
      };
      const answers = new Proxy(
        {},
        { get: (_t, key) => (key === 'toJSON' ? () => KEY : undefined) },
      );
      const proxied = Object.create(answers) as object;
      expect(JSON.stringify(proxied)).toContain(KEY);
      for (const v of [hidden, proxied, answers])
        expect(guard.value({ v })).toEqual({ v: REDACTED });
      expect(k).toBe(0);
    });

    it('knows a Date’s JSON only when every method it goes through is the built-in one', () => {
      let asked = 0;
      const ask = (answer: () => unknown) => () => (asked++, answer());
      const isoLater = Object.assign(new Date(0), { toISOString: ask(() => KEY) });
      const viaValueOf = Object.assign(new Date(0), {
        valueOf: ask(() => {
          isoLater.toISOString = () => KEY;
          return 0;
        }),
      });
      const isoGetter = Object.defineProperty(new Date(0), 'toISOString', { get: ask(() => KEY) });
      const primitive = Object.defineProperty(new Date(0), Symbol.toPrimitive, {
        value: ask(() => 0),
      });
      for (const date of [isoLater, viaValueOf, isoGetter, primitive])
        expect(guard.value({ date })).toEqual({ date: REDACTED });
      expect(asked).toBe(0);
      const plain = new Date(0);
      expect(guard.value(plain)).toBe(plain);
    });

    it('an Error whose stack is its own getter is judged whole: it is read again when sent', () => {
      let reads = 0;
      const e = Object.defineProperty(new Error('fine'), 'stack', {
        get: () => (reads++ > 0 ? `Error: fine ${KEY}` : 'Error: fine'),
      });
      expect(guard.value({ e })).toEqual({ e: REDACTED });
    });

    it('reads memory where it is: no secret is copied into memory other values share', () => {
      const secret = `tray_${randomUUID()}`;
      const g = createSecretGuard([secret]);
      // In Node's shared pool, with whatever else lands there.
      const innocent = Buffer.from('hello');
      const alone = new TextEncoder().encode(`x ${secret}`).buffer;
      expect(g.value([innocent, alone])).toEqual([innocent, REDACTED]);
      expect(g.finds(Buffer.from(innocent.buffer).toString('latin1'))).toBe(false);
    });

    it('judges bytes past 64 KiB whole, unread: nothing main sends carries bytes', () => {
      const big = new Uint8Array(new ArrayBuffer(65 * 1024), 0, 4);
      expect(sentByIpc(big)).toBe(false);
      expect(guard.value(big)).toBe(REDACTED);
      const small = new Uint8Array(new ArrayBuffer(64 * 1024), 0, 4);
      expect(guard.value(small)).toBe(small);
    });

    it('passes clean ones as they are, the same objects', () => {
      const g = createSecretGuard([KEY]);
      const clean = [
        new Error('Could not reach the service', { cause: new Error('ECONNREFUSED') }),
        new String('plain words'),
        /^tski_[a-z0-9]+$/,
        new Uint8Array([1, 2, 3, 250]),
        new Uint8Array(new ArrayBuffer(16), 4, 8),
        new Date(0),
        new Map([['a', 'fine']]),
      ];
      for (const v of clean) {
        expect(sentByIpc(v)).toBe(false);
        expect(g.value(v)).toBe(v);
      }
    });

    it('walks an Error’s own fields too, as a plain copy', () => {
      const e = Object.assign(new Error('refused'), { code: 'E_KEY', detail: KEY });
      expect(guard.value(e)).toEqual({ code: 'E_KEY', detail: REDACTED });
      expect(sentByIpc(guard.value(e))).toBe(false);
    });

    it('redacts an array’s named fields, keeping its items and the others', () => {
      const g = createSecretGuard([KEY]);
      const list: string[] = Object.assign(['a', 'b'], { note: KEY, kept: 'yes' });
      expect(sentByIpc(list)).toBe(true);
      expect(JSON.stringify(list)).toBe('["a","b"]');
      const out = g.value(list);
      expect([...out]).toEqual(['a', 'b']);
      expect({ ...out }).toEqual({ 0: 'a', 1: 'b', note: REDACTED, kept: 'yes' });
      expect(sentByIpc(out)).toBe(false);
      // Named by the key itself, or beside an item that is redacted too.
      const both = g.value(Object.assign([KEY, 'b'], { [KEY]: 'value' }));
      expect({ ...both }).toEqual({ 0: REDACTED, 1: 'b', [REDACTED]: 'value' });
      expect(sentByIpc(both)).toBe(false);
      // As many holes as named fields: as many keys as items, and the field still counts.
      const holed: string[] = Object.assign(new Array<string>(1), { note: KEY });
      expect(sentByIpc(holed)).toBe(true);
      expect(sentByIpc(g.value(holed))).toBe(false);
      // Clean, with a hole and a field: the same array.
      const clean: string[] = Object.assign(new Array<string>(2), { note: 'fine' });
      clean[1] = 'b';
      expect(g.value(clean)).toBe(clean);
    });

    it('judges a value deeper than any the app keeps as IPC would send it, too', () => {
      const g = createSecretGuard([KEY]);
      const deepOnes = [
        new Error(KEY),
        Object.assign([1], { note: KEY }),
        Buffer.from(`text ${KEY}`).subarray(0, 4),
      ];
      for (const inside of deepOnes) {
        let deep: unknown = inside;
        for (let i = 0; i < 70; i++) deep = { d: deep };
        expect(sentByIpc(deep)).toBe(true);
        expect(sentByIpc(g.value(deep))).toBe(false);
      }
    });
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
