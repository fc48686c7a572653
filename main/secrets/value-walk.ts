/**
 * Walking a value as it leaves main, the way V8's serializer (Electron's IPC,
 * structured clone) and JSON (what goes to disk) each see it, with every
 * string and key put through a text guard. What is not plain data and may
 * carry a secret is replaced whole by REDACTED (a redacted Error or byte
 * array would be a different thing; the placeholder says what happened).
 * Bounded: deeper than 64 levels a value is judged whole, and more than
 * MAX_READ_BYTES of bytes are replaced unread.
 */

import { defineField } from '../lib/define-field';
import { isFrozenData, namedKeys } from '../lib/deep-freeze';
import { REDACTED } from './secret-text';
import type { TextGuard } from './secret-text';
import {
  carriesWhole,
  jsonWritesUnseen,
  kindOf,
  MAX_READ_BYTES,
  memoryOf,
  textCarried,
  textsOfBytes,
} from './value-kinds';

/** Deeper than anything the app keeps (docs/ARCHITECTURE.md, invariant 8). */
const MAX_DEPTH = 64;

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
 * A copy of a JSON-like value with every string (and key) redacted by the
 * text guard; the value itself when nothing matched.
 */
export function createValueWalk({ text, finds }: TextGuard): <T>(value: T) => T {
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
    // Judged whole, as its JSON and as IPC's bytes.
    if (depth > MAX_DEPTH) return (carriesWhole(v, finds) ? REDACTED : v) as T;
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
        textsOfBytes(Object.setPrototypeOf(bytes, Buffer.prototype) as Buffer).some(finds);
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

  return (v) => {
    try {
      return value(v);
    } finally {
      memoryVerdicts = null;
    }
  };
}
