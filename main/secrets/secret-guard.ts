/**
 * The one guard for everything that leaves main or goes to disk (answers,
 * events, settings, the outbox, logs): DESIGN.md invariant 1. A secret
 * counts wherever any run of FRAGMENT or more of its characters appears, as
 * is, upper- or lower-cased, URL-encoded or base64-encoded, so a message
 * that a server cut in the middle of a key, or that quotes it in another
 * form, still carries no part of it. What matches is replaced, never
 * allowed to block the data it is in: a task titled with the key is shown
 * with "[redacted]", not refused forever.
 */

import { types } from 'node:util';
import { Serializer } from 'node:v8';
import { defineField } from '../../common/define-field';
import { isFrozenData, namedKeys, plainPrototype } from '../../common/deep-freeze';
import { createRunFinder, fold } from './run-finder';

export const FRAGMENT = 8;
export const REDACTED = '[redacted]';
/** Longer strings (descriptions) are checked each time rather than kept in the guard's cache. */
const MAX_REMEMBERED = 1_000;

export interface SecretGuard {
  /** The text with every run of a secret (in any of its forms) replaced by REDACTED. */
  text(value: string): string;
  /**
   * A copy of a JSON-like value with every string (and key) redacted; the
   * value itself when nothing matched. What is not plain data (an Error,
   * bytes, a Proxy, a Map with fields of its own, anything whose toJSON is
   * not a Date's or a Buffer's) is replaced by the REDACTED string itself
   * when it may carry a secret.
   */
  value<T>(value: T): T;
  /** Whether the text carries any run of a secret. */
  finds(value: string): boolean;
}

/** An own data field's value, read through its descriptor: never a getter's. */
const ownData = (o: object, key: string): unknown => {
  const own = Object.getOwnPropertyDescriptor(o, key);
  return own && 'value' in own ? own.value : undefined;
};

/** Read from the object's internal slots, as V8's serializer does, whatever its own fields or prototype say. */
const slotGetter = (proto: object, key: string) => Object.getOwnPropertyDescriptor(proto, key)?.get;
const regExpSource = slotGetter(RegExp.prototype, 'source');
const typedArrayMemory = slotGetter(
  Object.getPrototypeOf(Uint8Array.prototype) as object,
  'buffer',
);
const dataViewMemory = slotGetter(DataView.prototype, 'buffer');

/**
 * The memory V8's serializer sends with bytes: an ArrayBuffer itself, or all
 * of the one under a typed array or DataView (not only the view's part: a
 * small Buffer shares Node's 8 KB pool with other data).
 */
const memoryOf = (v: object): ArrayBufferLike =>
  ArrayBuffer.isView(v)
    ? ((types.isDataView(v) ? dataViewMemory : typedArrayMemory)?.call(v) as ArrayBufferLike)
    : (v as ArrayBufferLike);

/** More bytes than this are replaced, unread: nothing main sends or keeps carries bytes at all. */
const MAX_READ_BYTES = 64 * 1024;

/** Bytes read as text both ways a secret could sit in them: one byte a character, or two (at either offset). */
const textsOfBytes = (bytes: Buffer): string[] => [
  bytes.toString('latin1'),
  bytes.toString('utf16le'),
  bytes.subarray(1).toString('utf16le'),
];

/**
 * What a value is inside, which is what V8's serializer (Electron's IPC)
 * goes by, whatever its prototype says: each kind but a plain object carries
 * something that walking its own enumerable fields does not see.
 */
type Kind = 'object' | 'proxy' | 'map' | 'set' | 'error' | 'memory' | 'string' | 'regexp' | 'boxed';
const kindOf = (v: object): Kind => {
  // IPC cannot send one; JSON asks it for everything, and it may answer anything, each time anew.
  if (types.isProxy(v)) return 'proxy';
  if (types.isMap(v)) return 'map';
  if (types.isSet(v)) return 'set';
  if (types.isNativeError(v)) return 'error';
  if (ArrayBuffer.isView(v) || types.isAnyArrayBuffer(v)) return 'memory';
  if (types.isBoxedPrimitive(v)) return types.isStringObject(v) ? 'string' : 'boxed';
  return types.isRegExp(v) ? 'regexp' : 'object';
};

/**
 * Text IPC carries of an Error, a boxed string or a RegExp beyond their own
 * fields: the message, stack and cause; the string; the source. 'whole' for
 * an Error whose message is not text or whose stack is its own getter: V8
 * reads them again as it sends them, and they could answer differently then.
 */
const textCarried = (v: object, kind: 'error' | 'string' | 'regexp'): unknown[] | 'whole' => {
  if (kind === 'string') return [String.prototype.valueOf.call(v)];
  if (kind === 'regexp') return [regExpSource?.call(v)];
  const message = ownData(v, 'message');
  if (message !== undefined && typeof message !== 'string') return 'whole';
  const stack = Object.getOwnPropertyDescriptor(v, 'stack');
  // Newer V8 (Electron's) gives every Error one shared built-in stack getter, which reads the same.
  if (stack && !('value' in stack) && stack.get !== NATIVE_STACK_GETTER) return 'whole';
  return [message, (v as Error).stack, ownData(v, 'cause')];
};

/** The getter V8 gives every Error for its stack, where it gives one (not Node 20's V8). */
const NATIVE_STACK_GETTER = Object.getOwnPropertyDescriptor(new Error(), 'stack')?.get;

/** A getter, or a Proxy that could answer anything: what it gives when written is not known now. */
const UNKNOWN = Symbol('unknown');

/**
 * A property as JSON's Get would find it along the prototype chain, without
 * calling anything: its data value, undefined when absent, or UNKNOWN.
 */
const lookUp = (o: object, key: string | symbol): unknown => {
  for (let at: object | null = o; at !== null; at = Object.getPrototypeOf(at) as object | null) {
    if (types.isProxy(at)) return UNKNOWN;
    const own = Object.getOwnPropertyDescriptor(at, key);
    if (own) return 'value' in own ? own.value : UNKNOWN;
  }
  return undefined;
};

/** A value's method is the built-in one of this prototype, found as data. */
const builtIn = (o: object, proto: object, key: string | symbol): boolean =>
  lookUp(o, key) === (proto as Record<string | symbol, unknown>)[key];

/**
 * Whether JSON (what goes to disk) could write something the walk does not
 * see: what a toJSON answers, or a boxed value's own text methods, or the
 * own fields of a Map, a Set, a RegExp, a boxed value or bytes (IPC sends
 * none of those). Nothing is called here: called once to be judged, it
 * could answer differently when written. Only a real Date's and a real
 * Buffer's built-in toJSON, with the built-in methods they use, are known.
 */
const jsonWritesUnseen = (v: object, kind: Kind): boolean => {
  // `in` calls no getter, and nearly every value has no toJSON; a prototype other than a plain
  // object's or a list's could be a Proxy, whose answer to `in` says nothing.
  if (!plainPrototype(v) || 'toJSON' in v) {
    const toJSON = lookUp(v, 'toJSON');
    if (toJSON === Date.prototype.toJSON && types.isDate(v))
      // It makes the Date a number (its toPrimitive, then valueOf), then asks its toISOString.
      return !(
        builtIn(v, Date.prototype, Symbol.toPrimitive) &&
        builtIn(v, Date.prototype, 'valueOf') &&
        builtIn(v, Date.prototype, 'toISOString')
      );
    // A Buffer's: its bytes as numbers; its own fields are not written.
    if (toJSON === Buffer.prototype.toJSON && kind === 'memory') return false;
    if (toJSON !== undefined) return true;
  }
  if (kind === 'object' || kind === 'error') return false;
  // JSON makes a boxed string or number text through its methods (a BigInt it refuses).
  const boxed = types.isStringObject(v)
    ? String.prototype
    : types.isNumberObject(v)
      ? Number.prototype
      : null;
  if (
    boxed &&
    (lookUp(v, Symbol.toPrimitive) !== undefined ||
      !builtIn(v, boxed, 'toString') ||
      !builtIn(v, boxed, 'valueOf'))
  )
    return true;
  // A boxed string's and a typed array's own keys start with their indices.
  const keys = Object.keys(v);
  return (kind === 'string' || ArrayBuffer.isView(v) ? namedKeys(keys) : keys).length > 0;
};

/**
 * A value written as V8's own serializer writes it, as Electron's IPC does:
 * a typed array with all the memory under it. (Node's v8.serialize writes
 * only a view's bytes, so it would miss what the rest of that memory holds.)
 */
const asIpcSends = (v: unknown): Buffer => {
  const s = new Serializer();
  s.writeHeader();
  s.writeValue(v);
  return s.releaseBuffer();
};

const base64 = (s: string): string[] => {
  // Encoded into memory of its own: Buffer.from would put the secret into Node's shared pool.
  const utf8 = new TextEncoder().encode(s);
  const std = Buffer.from(utf8.buffer, utf8.byteOffset, utf8.byteLength)
    .toString('base64')
    .replace(/=+$/, '');
  return [std, std.replace(/\+/g, '-').replace(/\//g, '_')];
};

/**
 * The forms a secret may be quoted in. Base64 is taken at each of the three
 * byte offsets, so a run of the secret encoded on its own (not aligned with
 * the secret's start) is still a run of one of them.
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret]);
  // A lone surrogate (a key pasted cut in half) cannot be URL-encoded, so that form cannot
  // occur; throwing here would make every answer, event and write fail while the key is in use.
  try {
    forms.add(encodeURIComponent(secret));
  } catch {
    // URIError: no URL form.
  }
  for (let offset = 0; offset < 3 && offset < secret.length; offset++)
    for (const b of base64(secret.slice(offset))) forms.add(b);
  return [...forms].filter((f) => f.length > 0);
}

/** Characters drawn with no width (Unicode's Default_Ignorable_Code_Point). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
const withoutHidden = (text: string): string => text.replace(INVISIBLE, '');

const NONE: SecretGuard = { text: (v) => v, value: (v) => v, finds: () => false };

/**
 * A guard for these secrets. Matching is case-insensitive (ASCII) on every
 * form; a secret shorter than FRAGMENT counts only whole (and only from 4
 * characters: shorter is no secret worth the noise).
 */
export function createSecretGuard(secrets: readonly string[]): SecretGuard {
  const windows = new Set<string>();
  const wholes: string[] = [];
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    if (secret.length < FRAGMENT) {
      wholes.push(fold(secret));
      continue;
    }
    for (const form of secretForms(secret)) {
      const f = fold(form);
      for (let i = 0; i + FRAGMENT <= f.length; i++) windows.add(f.slice(i, i + FRAGMENT));
    }
  }
  if (windows.size === 0 && wholes.length === 0) return NONE;

  const runs = createRunFinder(windows, FRAGMENT);
  /** [start, end) ranges of text covered by a secret's runs, merged, in order. */
  const covered = (value: string): [number, number][] => {
    const found: [number, number][] = [];
    for (let at = runs.next(value, 0); at !== -1; at = runs.next(value, at + 1))
      found.push([at, at + FRAGMENT]);
    if (wholes.length > 0) {
      const f = fold(value);
      for (const w of wholes)
        for (let at = f.indexOf(w); at !== -1; at = f.indexOf(w, at + 1))
          found.push([at, at + w.length]);
    }
    // Sorted before merging: a short secret found before a run (they are looked for apart)
    // would otherwise be merged into the range after it, and left in the text.
    found.sort((a, b) => a[0] - b[0]);
    const ranges: [number, number][] = [];
    for (const [start, end] of found) {
      const last = ranges[ranges.length - 1];
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else ranges.push([start, end]);
    }
    return ranges;
  };

  // The same ids, titles and names go out in every event: each is looked at once.
  // Only short strings are remembered, so the cache stays a few megabytes at most.
  const seen = new Map<string, string>();
  // Shorter text holds no run and no whole secret: most keys and values (ids of fields,
  // statuses, priorities) are, and skip the cache's lookup.
  const shortest = Math.min(windows.size > 0 ? FRAGMENT : Infinity, ...wholes.map((w) => w.length));
  const text = (value: string): string => {
    if (value.length < shortest) return value;
    if (value.length > MAX_REMEMBERED) return redact(value);
    const known = seen.get(value);
    if (known !== undefined) return known;
    const redacted = redact(value);
    if (seen.size >= 20_000) seen.clear();
    seen.set(value, redacted);
    return redacted;
  };
  /**
   * The text with its runs replaced. A secret split by characters drawn with
   * no width (zero-width spaces and joiners, bidi marks, soft hyphens,
   * variation selectors: Unicode's default-ignorables) reads whole where it
   * is shown, and displayText removes some of them outright; such text is
   * judged, and redacted, without them.
   */
  const redact = (value: string): string => {
    const shown = withoutHidden(value);
    if (shown !== value) {
      const ranges = covered(shown);
      if (ranges.length > 0) return replaced(shown, ranges);
    }
    return replaced(value, covered(value));
  };
  /** Whether the text carries a run of a secret, as it is or as it is shown. */
  const holdsSecret = (value: string): boolean => {
    if (covered(value).length > 0) return true;
    const shown = withoutHidden(value);
    return shown !== value && covered(shown).length > 0;
  };
  const replaced = (value: string, ranges: readonly [number, number][]): string => {
    if (ranges.length === 0) return value;
    let out = '';
    let from = 0;
    for (const [start, end] of ranges) {
      out += value.slice(from, start) + REDACTED;
      from = end;
    }
    return out + value.slice(from);
  };

  /**
   * Frozen data already found clean, down to its last nested object: it
   * cannot change, so it is not walked again. The same snapshots go out in
   * every list event and every settings write; a bulk change of 200 tasks
   * walked each of them four or five times. Only what deepFreeze recorded
   * as plain data counts: an object frozen another way, or holding a getter,
   * could read differently next time.
   */
  const clean = new WeakSet<object>();
  const settle = (v: object, childrenClean: boolean): void => {
    if (childrenClean && isFrozenData(v)) clean.add(v);
  };
  const isClean = (x: unknown): boolean => x === null || typeof x !== 'object' || clean.has(x);

  const value = <T>(v: T, depth = 0): T => {
    if (typeof v === 'string') return text(v) as T;
    if (v === null || typeof v !== 'object') return v;
    // Deeper than anything the app keeps (invariant 8): judged whole, as its JSON and as IPC's bytes.
    if (depth > 64) return (tooDeep(v) ? REDACTED : v) as T;
    // Nearly everything passes unchanged: a copy is made only from the first change on,
    // so checking an answer or an event allocates nothing (most of a bulk change's cost was copies).
    if (clean.has(v)) return v;
    // What IPC or JSON would carry of it beyond its own fields. Judged whole: a redacted Error or
    // byte array would be a different thing; the placeholder says what happened to it.
    const kind = kindOf(v);
    if (kind === 'proxy') return REDACTED as T;
    // Bytes: the memory first, whose size bounds what JSON would write of them.
    if (kind === 'memory')
      return (memoryCarries(memoryOf(v)) || jsonWritesUnseen(v, kind) ? REDACTED : v) as T;
    if (jsonWritesUnseen(v, kind)) return REDACTED as T;
    if (kind === 'error' || kind === 'string' || kind === 'regexp') {
      const inside = textCarried(v, kind);
      if (inside === 'whole' || inside.some((x) => value(x, depth + 1) !== x)) return REDACTED as T;
    }
    // Electron's IPC clones what a Map or a Set holds too: looked at every time, never cached.
    // (util.types: a Map from another realm counts too.)
    if (kind === 'map') return mapped(v as unknown as Map<unknown, unknown>, depth) as T;
    if (kind === 'set') return setOf(v as unknown as Set<unknown>, depth) as T;
    // A boxed value or a RegExp carries nothing else; an Error's own fields are walked below.
    if (kind !== 'object' && kind !== 'error') return v;
    let childrenClean = kind === 'object';
    if (Array.isArray(v)) {
      let out: unknown[] | null = null;
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        const y = value(x, depth + 1);
        if (out === null && y !== x) out = v.slice(0, i);
        if (out !== null) out.push(y);
        else if (childrenClean) childrenClean = isClean(x);
      }
      const named = namedFields(v as unknown[] & Record<string, unknown>, depth);
      if (named !== null) {
        if (named.changed || out !== null) {
          out ??= v.slice();
          for (const [k, y] of named.fields)
            defineField(out as unknown as Record<string, unknown>, k, y);
        } else if (childrenClean) childrenClean = named.clean;
      }
      if (out !== null) return out as T;
      settle(v, childrenClean);
      return v;
    }
    // for…in, not Object.entries: no array of pairs per object walked (a bulk change walks
    // thousands of them, and the garbage they left was a tenth of its allocations).
    const o = v as Record<string, unknown>;
    let out: Record<string, unknown> | null = null;
    for (const k in o) {
      if (!Object.hasOwn(o, k)) continue;
      const x = o[k];
      const key = text(k);
      const y = value(x, depth + 1);
      if (out === null && (key !== k || y !== x)) out = copyBefore(o, k, depth);
      if (out !== null) defineField(out, key, y);
      else if (childrenClean) childrenClean = isClean(x);
    }
    if (out !== null) return out as T;
    settle(v, childrenClean);
    return v as T;
  };

  /**
   * Verdicts on memory met during one value(): a list of small Buffers shares
   * Node's pool, which is read once, not once for each of them.
   */
  let memoryVerdicts: Map<ArrayBufferLike, boolean> | null = null;
  const memoryCarries = (memory: ArrayBufferLike): boolean => {
    const known = memoryVerdicts?.get(memory);
    if (known !== undefined) return known;
    let carries: boolean;
    try {
      // Its length from the slot (a Uint8Array over it), not a byteLength its prototype may have
      // lost; read where it is, made a Buffer in place: a copy of a few bytes would go into Node's
      // pool, beside other small Buffers that IPC sends with the whole pool.
      const bytes = new Uint8Array(memory);
      carries =
        bytes.length > MAX_READ_BYTES ||
        textsOfBytes(Object.setPrototypeOf(bytes, Buffer.prototype) as Buffer).some(holdsSecret);
    } catch {
      // Detached: IPC could not send it either, and nothing is lost by the placeholder.
      carries = true;
    }
    (memoryVerdicts ??= new Map()).set(memory, carries);
    return carries;
  };

  /**
   * An array's fields beside its items (JSON leaves them out, IPC does not),
   * each key and value checked; null when it has none, the usual case.
   */
  const namedFields = (
    a: unknown[] & Record<string, unknown>,
    depth: number,
  ): { fields: [string, unknown][]; changed: boolean; clean: boolean } | null => {
    const keys = namedKeys(Object.keys(a));
    if (keys.length === 0) return null;
    const fields: [string, unknown][] = [];
    let changed = false;
    let clean = true;
    for (const k of keys) {
      const x = a[k];
      const key = text(k);
      const y = value(x, depth + 1);
      changed ||= key !== k || y !== x;
      clean &&= isClean(x);
      fields.push([key, y]);
    }
    return fields.length > 0 ? { fields, changed, clean } : null;
  };

  /** The Map itself when nothing in it matched; else a copy with its keys and values redacted. */
  const mapped = (m: ReadonlyMap<unknown, unknown>, depth: number) => {
    const pairs = checkedItems(
      m,
      ([k, x]): [unknown, unknown] => [value(k, depth + 1), value(x, depth + 1)],
      (a, b) => a[0] === b[0] && a[1] === b[1],
    );
    return pairs ? new Map(pairs) : m;
  };
  const setOf = (s: ReadonlySet<unknown>, depth: number) => {
    const items = checkedItems(
      s,
      (x) => value(x, depth + 1),
      (a, b) => a === b,
    );
    return items ? new Set(items) : s;
  };

  /**
   * A Map's entries or a Set's items, checked: null when none of them
   * matched (the container goes as it is); else all of them, those before
   * the first match read and checked again as they are copied, as copyBefore
   * does for an object's keys.
   */
  const checkedItems = <E>(
    items: Iterable<E>,
    check: (item: E) => E,
    same: (before: E, after: E) => boolean,
  ): E[] | null => {
    let out: E[] | null = null;
    let i = 0;
    for (const item of items) {
      const y = check(item);
      if (out === null && !same(item, y)) {
        out = [];
        for (const earlier of items) {
          if (out.length >= i) break;
          out.push(check(earlier));
        }
      }
      if (out !== null) out.push(y);
      i += 1;
    }
    return out;
  };

  /**
   * The start of a redacted copy: the keys before `stop`, each read and
   * checked again (they were found clean, so this costs one more walk, never
   * a copy), so a getter that reads differently the second time still goes
   * out checked.
   */
  const copyBefore = (
    o: Record<string, unknown>,
    stop: string,
    depth: number,
  ): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const k in o) {
      if (k === stop) break;
      if (Object.hasOwn(o, k)) defineField(out, text(k), value(o[k], depth + 1));
    }
    return out;
  };

  const tooDeep = (v: unknown): boolean => {
    try {
      // What a Map or a Set holds is invisible to JSON but not to IPC: written out as lists.
      const asJson = (_key: string, x: unknown): unknown =>
        types.isMap(x) || types.isSet(x) ? [...(x as Iterable<unknown>)] : x;
      if (holdsSecret(JSON.stringify(v, asJson) ?? '')) return true;
    } catch {
      return true;
    }
    // And as IPC would carry it: an Error's message, bytes, an array's named fields, which JSON drops.
    let cloned: Buffer;
    try {
      cloned = asIpcSends(v);
    } catch {
      // Nor can IPC send it (a function inside): it would fail there, not leak. JSON found it clean.
      return false;
    }
    return textsOfBytes(cloned).some(holdsSecret);
  };

  return {
    text,
    value: (v) => {
      try {
        return value(v);
      } finally {
        memoryVerdicts = null;
      }
    },
    finds: holdsSecret,
  };
}

/**
 * The guard for the secrets in use, made again only when they change: asked
 * for on every answer, event and write.
 */
export function guardFor(secretsInUse: () => readonly string[]): () => SecretGuard {
  let last: { key: string; guard: SecretGuard } | null = null;
  return () => {
    const secrets = secretsInUse();
    const key = secrets.join('\n');
    if (last?.key !== key) last = { key, guard: createSecretGuard(secrets) };
    return last.guard;
  };
}
