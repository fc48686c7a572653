import { randomUUID } from 'node:crypto';
import { Serializer } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createSecretGuard } from '../../../main/secrets/secret-guard';
import { REDACTED } from '../../../main/secrets/secret-text';

const KEY = 'comp_4f9c2a7e81d35b06c9e2f4a18d7b3c50';
const guard = createSecretGuard([KEY]);

describe('the secret guard on values: what IPC carries beyond own fields, which JSON drops', () => {
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
    const answers = new Proxy({}, { get: (_t, key) => (key === 'toJSON' ? () => KEY : undefined) });
    const proxied = Object.create(answers) as object;
    expect(JSON.stringify(proxied)).toContain(KEY);
    for (const v of [hidden, proxied, answers]) expect(guard.value({ v })).toEqual({ v: REDACTED });
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
