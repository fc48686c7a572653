/**
 * What a value carries as the two ways out of main see it: V8's serializer
 * (Electron's IPC, structured clone), which reads internal slots whatever a
 * prototype says, and JSON (what goes to disk), which asks methods. Nothing
 * here calls a getter or a method of the value: called once to be judged, it
 * could answer differently when the value is sent or written.
 */

import { types } from 'node:util';
import { Serializer } from 'node:v8';
import { namedKeys, plainPrototype } from '../lib/deep-freeze';

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
const typedArrayLength = slotGetter(
  Object.getPrototypeOf(Uint8Array.prototype) as object,
  'byteLength',
);
const dataViewLength = slotGetter(DataView.prototype, 'byteLength');
const bufferLength = slotGetter(ArrayBuffer.prototype, 'byteLength');
const sharedBufferLength = slotGetter(SharedArrayBuffer.prototype, 'byteLength');

/**
 * The memory V8's serializer sends with bytes: an ArrayBuffer itself, or all
 * of the one under a typed array or DataView (not only the view's part: a
 * small Buffer shares Node's 8 KB pool with other data).
 */
export const memoryOf = (v: object): ArrayBufferLike =>
  ArrayBuffer.isView(v)
    ? ((types.isDataView(v) ? dataViewMemory : typedArrayMemory)?.call(v) as ArrayBufferLike)
    : (v as ArrayBufferLike);

/** How many bytes a view shows, or an ArrayBuffer holds: from the slot, whatever the prototype says. */
export const byteCount = (v: object): number =>
  ArrayBuffer.isView(v)
    ? ((types.isDataView(v) ? dataViewLength : typedArrayLength)?.call(v) as number)
    : ((types.isSharedArrayBuffer(v) ? sharedBufferLength : bufferLength)?.call(v) as number);

/** More bytes than this are replaced, unread: nothing main sends or keeps carries bytes at all. */
export const MAX_READ_BYTES = 64 * 1024;

/** Bytes read as text both ways a secret could sit in them: one byte a character, or two (at either offset). */
export const textsOfBytes = (bytes: Buffer): string[] => [
  bytes.toString('latin1'),
  bytes.toString('utf16le'),
  bytes.subarray(1).toString('utf16le'),
];

/**
 * What a value is inside, which is what V8's serializer (Electron's IPC)
 * goes by, whatever its prototype says: each kind but a plain object carries
 * something that walking its own enumerable fields does not see. 'string' is
 * a boxed string; 'boxed' any other boxed primitive; 'memory' bytes.
 */
export type Kind =
  'object' | 'proxy' | 'map' | 'set' | 'error' | 'memory' | 'string' | 'regexp' | 'boxed';
export const kindOf = (v: object): Kind => {
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
 * The string, number or boolean a boxed value holds, read from its slot
 * (its own valueOf could say anything); undefined for anything else.
 */
export const boxedPrimitive = (v: object): string | number | boolean | undefined => {
  if (types.isStringObject(v)) return String.prototype.valueOf.call(v);
  if (types.isNumberObject(v)) return Number.prototype.valueOf.call(v);
  if (types.isBooleanObject(v)) return Boolean.prototype.valueOf.call(v);
  return undefined;
};

/** The getter V8 gives every Error for its stack, where it gives one (not Node 20's V8). */
const NATIVE_STACK_GETTER = Object.getOwnPropertyDescriptor(new Error(), 'stack')?.get;

/**
 * Text IPC carries of an Error, a boxed string or a RegExp beyond their own
 * fields: the message, stack and cause; the string; the source. 'whole' for
 * an Error whose message is not text or whose stack is its own getter: V8
 * reads them again as it sends them, and they could answer differently then.
 */
export const textCarried = (
  v: object,
  kind: 'error' | 'string' | 'regexp',
): unknown[] | 'whole' => {
  if (kind === 'string') return [boxedPrimitive(v)];
  if (kind === 'regexp') return [regExpSource?.call(v)];
  const message = ownData(v, 'message');
  if (message !== undefined && typeof message !== 'string') return 'whole';
  const stack = Object.getOwnPropertyDescriptor(v, 'stack');
  // Newer V8 (Electron's) gives every Error one shared built-in stack getter, which reads the same.
  if (stack && !('value' in stack) && stack.get !== NATIVE_STACK_GETTER) return 'whole';
  return [message, (v as Error).stack, ownData(v, 'cause')];
};

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
 * none of those). Only a real Date's and a real Buffer's built-in toJSON,
 * with the built-in methods they use, are known.
 */
export const jsonWritesUnseen = (v: object, kind: Kind): boolean => {
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

/**
 * Whether a value, judged whole, carries text in which `finds` finds a
 * secret: as JSON writes it (with what a Map or a Set holds, which JSON
 * leaves out but IPC does not), and as IPC sends it (an Error's message,
 * bytes, an array's named fields, which JSON drops). A value JSON cannot
 * write counts as carrying one; one IPC cannot send does not: it would fail
 * there, not leak.
 */
export const carriesWhole = (v: unknown, finds: (text: string) => boolean): boolean => {
  try {
    const asJson = (_key: string, x: unknown): unknown =>
      types.isMap(x) || types.isSet(x) ? [...(x as Iterable<unknown>)] : x;
    if (finds(JSON.stringify(v, asJson) ?? '')) return true;
  } catch {
    return true;
  }
  let cloned: Buffer;
  try {
    cloned = asIpcSends(v);
  } catch {
    return false;
  }
  return textsOfBytes(cloned).some(finds);
};
