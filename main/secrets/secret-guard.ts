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
import { isFrozenData, namedKeys } from '../../common/deep-freeze';

export const FRAGMENT = 8;
export const REDACTED = '[redacted]';
/** Longer strings (descriptions) are checked each time rather than kept in the guard's cache. */
const MAX_REMEMBERED = 1_000;

export interface SecretGuard {
  /** The text with every run of a secret (in any of its forms) replaced by REDACTED. */
  text(value: string): string;
  /**
   * A copy of a JSON-like value with every string (and key) redacted; the
   * value itself when nothing matched. An Error, bytes, a boxed string or a
   * RegExp that carries a secret is replaced by the REDACTED string itself.
   */
  value<T>(value: T): T;
  /** Whether the text carries any run of a secret. */
  finds(value: string): boolean;
}

/** Bytes read as text both ways a secret could sit in them: one byte a character, or two (at either offset). */
const bytesAsText = (bytes: Buffer): string[] => [
  bytes.toString('latin1'),
  bytes.toString('utf16le'),
  bytes.subarray(1).toString('utf16le'),
];

/** An own data field's value, read through its descriptor: never a getter's. */
const ownData = (o: object, key: string): unknown => {
  const own = Object.getOwnPropertyDescriptor(o, key);
  return own && 'value' in own ? own.value : undefined;
};

/** A message as V8 writes it (ToString); one that cannot be made text cannot be sent either. */
const asText = (x: unknown): string | undefined => {
  if (x === undefined) return undefined;
  try {
    return String(x);
  } catch {
    return undefined;
  }
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
 * What structured clone (Electron's IPC) carries of a value that walking its
 * own enumerable fields does not see, decided by what the value is inside,
 * not by its prototype (V8's serializer goes by the same): an Error's
 * message, stack and cause; a boxed string; a RegExp's source; the bytes of
 * a buffer, typed array or DataView — the whole memory under a view, which
 * is what V8 sends (a small Buffer shares Node's pool with other data).
 * Null for anything else, which is walked as an object.
 */
const carriedBeyondFields = (v: object): unknown[] | null => {
  if (types.isNativeError(v)) {
    return [asText(ownData(v, 'message')), (v as Error).stack, ownData(v, 'cause')];
  }
  if (ArrayBuffer.isView(v))
    return bytesAsText(
      Buffer.from(
        (types.isDataView(v) ? dataViewMemory : typedArrayMemory)?.call(v) as ArrayBuffer,
      ),
    );
  if (types.isAnyArrayBuffer(v)) return bytesAsText(Buffer.from(v));
  if (types.isStringObject(v)) return [String.prototype.valueOf.call(v)];
  if (types.isRegExp(v)) return [regExpSource?.call(v)];
  return null;
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

/** Upper-cases ASCII letters only: keeps every index where it was, which toUpperCase does not promise. */
const fold = (s: string): string => s.replace(/[a-z]+/g, (m) => m.toUpperCase());

const base64 = (s: string): string[] => {
  const std = Buffer.from(s, 'utf8').toString('base64').replace(/=+$/, '');
  return [std, std.replace(/\+/g, '-').replace(/\//g, '_')];
};

/**
 * The forms a secret may be quoted in. Base64 is taken at each of the three
 * byte offsets, so a run of the secret encoded on its own (not aligned with
 * the secret's start) is still a run of one of them.
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret, encodeURIComponent(secret)]);
  for (let offset = 0; offset < 3 && offset < secret.length; offset++)
    for (const b of base64(secret.slice(offset))) forms.add(b);
  return [...forms].filter((f) => f.length > 0);
}

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

  /** [start, end) ranges of text covered by a secret's runs, merged, in order. */
  const covered = (value: string): [number, number][] => {
    const f = fold(value);
    const ranges: [number, number][] = [];
    const add = (start: number, end: number) => {
      const last = ranges[ranges.length - 1];
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else ranges.push([start, end]);
    };
    if (windows.size > 0)
      for (let i = 0; i + FRAGMENT <= f.length; i++)
        if (windows.has(f.slice(i, i + FRAGMENT))) add(i, i + FRAGMENT);
    for (const w of wholes)
      for (let at = f.indexOf(w); at !== -1; at = f.indexOf(w, at + 1)) add(at, at + w.length);
    return ranges.sort((a, b) => a[0] - b[0]);
  };

  // The same ids, titles and names go out in every event: each is looked at once.
  // Only short strings are remembered, so the cache stays a few megabytes at most.
  const seen = new Map<string, string>();
  const text = (value: string): string => {
    if (value.length < 4) return value;
    if (value.length > MAX_REMEMBERED) return redact(value);
    const known = seen.get(value);
    if (known !== undefined) return known;
    const redacted = redact(value);
    if (seen.size >= 20_000) seen.clear();
    seen.set(value, redacted);
    return redacted;
  };
  const redact = (value: string): string => {
    const ranges = covered(value);
    if (ranges.length === 0) return value;
    let out = '';
    let from = 0;
    for (const [start, end] of ranges) {
      if (start < from) {
        from = Math.max(from, end);
        continue;
      }
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
    // Electron's IPC clones what a Map or a Set holds too: looked at every time, never cached.
    // (util.types: a Map from another realm counts too.)
    if (types.isMap(v)) return mapped(v, depth) as T;
    if (types.isSet(v)) return setOf(v, depth) as T;
    let childrenClean = true;
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
    // What IPC would carry of it beyond its own fields is looked at too.
    const inside = carriedBeyondFields(v);
    if (inside !== null) {
      // Judged whole: a redacted Error or byte array would be a different thing; the placeholder says so.
      if (inside.some((x) => value(x, depth + 1) !== x)) return REDACTED as T;
      // Bytes, a boxed string or a RegExp carry nothing else; an Error's own fields are walked below.
      if (!types.isNativeError(v)) return v;
      childrenClean = false;
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
      if (covered(JSON.stringify(v, asJson) ?? '').length > 0) return true;
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
    return bytesAsText(cloned).some((t) => covered(t).length > 0);
  };

  return { text, value: (v) => value(v), finds: (v) => covered(v).length > 0 };
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
