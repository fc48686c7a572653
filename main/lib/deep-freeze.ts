/** Plain data deepFreeze froze, and everything in it: none of it can change. */
const frozenData = new WeakSet<object>();

/** An array index as Object.keys gives it: "0", "17"; never "01", "-1" or 2^32 − 1. */
const isArrayIndex = (key: string): boolean => {
  const n = Number(key);
  return Number.isInteger(n) && n >= 0 && n < 2 ** 32 - 1 && String(n) === key;
};

/**
 * The named fields among an array's own keys (from Object.keys), which lists
 * the indices first, in order: whatever follows the last index. JSON leaves
 * them out; structured clone (IPC) does not.
 */
export const namedKeys = (keys: readonly string[]): readonly string[] => {
  let first = keys.length;
  while (first > 0 && !isArrayIndex(keys[first - 1] as string)) first -= 1;
  return first === keys.length ? [] : keys.slice(first);
};

/** An object's prototype is a plain object's, a list's or none: nothing on the way could be a class or a Proxy. */
export const plainPrototype = (value: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === Array.prototype || proto === null;
};

/**
 * Freezes a value and everything in it: for data (JSON's, zod's), shared
 * without copies from then on (a change that edits it in place throws). An
 * object frozen already is left as it is, and its contents with it.
 */
export const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    try {
      Object.freeze(value);
    } catch {
      // Some things cannot be frozen (a typed array with elements, a Proxy that refuses): left
      // as they are, and not data, so nothing holding them is vouched for either.
      return value;
    }
    // Recorded as data only if it is plain all the way down: no getter (whose next read could
    // differ: read here through its descriptor, never called), no class instance, and nothing
    // inside that is not recorded itself (an object frozen elsewhere may hold a mutable one).
    const keys = Object.keys(value);
    // An array with holes (read through Array.prototype) or with named properties is not data.
    let data =
      plainPrototype(value) &&
      (!Array.isArray(value) || (keys.length === value.length && namedKeys(keys).length === 0));
    for (const key of keys) {
      const own = Object.getOwnPropertyDescriptor(value, key);
      if (!own || own.get || own.set) {
        data = false;
        continue;
      }
      const inner: unknown = own.value;
      deepFreeze(inner);
      // A function is not data either: JSON.stringify calls a toJSON, which no walk sees.
      if (typeof inner === 'function') data = false;
      else if (inner !== null && typeof inner === 'object' && !frozenData.has(inner)) data = false;
    }
    if (data) frozenData.add(value);
  }
  return value;
};

/**
 * Whether deepFreeze froze this object and found it plain data all the way
 * down: what was found in it once (the secret guard's walk) still holds.
 */
export const isFrozenData = (value: object): boolean => frozenData.has(value);
