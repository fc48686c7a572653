/** Everything deepFreeze froze: plain data, frozen all the way down. */
const frozenData = new WeakSet<object>();

/**
 * Freezes a value and everything in it: for data (JSON's, zod's), shared
 * without copies from then on (a change that edits it in place throws). An
 * object frozen already is taken as frozen all the way down.
 */
export const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
    frozenData.add(value);
  }
  return value;
};

/**
 * Whether deepFreeze froze this object: it cannot change, nor can anything
 * in it, so what was found in it once (the secret guard's walk) still holds.
 * An object frozen some other way may hold a getter or an unfrozen part.
 */
export const isFrozenData = (value: object): boolean => frozenData.has(value);
