/**
 * Freezes a value and everything in it. A frozen value can be shared without
 * copies (a change that edits it in place throws), and the secret guard
 * walks a frozen value once, not on every event and write it is part of.
 * An object already frozen is taken as frozen all the way down: only values
 * frozen here are.
 */
export const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
};
