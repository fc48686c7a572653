import { isFrozenData } from './deep-freeze';

/** Sizes of frozen data already measured: it cannot change, so it is not walked again. */
const measured = new WeakMap<object, number>();
/** Deeper than anything main sends (descriptions are cut at 32): counted as too large. */
const MAX_DEPTH = 100;

/**
 * About how many characters `value` takes as JSON (escapes aside), or a
 * number over `budget` as soon as it is known to be: an answer or an event
 * that will be refused is not measured to its end. Frozen data measured
 * once is not walked again (the same snapshots go out in every event).
 */
export function jsonSize(value: unknown, budget: number): number {
  let total = 0;
  const walk = (v: unknown, depth: number): void => {
    if (total > budget) return;
    if (typeof v === 'string') total += v.length + 2;
    else if (typeof v === 'number' || typeof v === 'boolean') total += String(v).length;
    else if (v === null || typeof v !== 'object') total += 4;
    else if (depth > MAX_DEPTH) total = Infinity;
    else {
      const known = measured.get(v);
      if (known !== undefined) {
        total += known;
        return;
      }
      const before = total;
      if (Array.isArray(v)) for (const item of v as unknown[]) walk(item, depth + 1);
      else
        for (const k in v as Record<string, unknown>) {
          if (!Object.hasOwn(v, k)) continue;
          total += k.length + 4;
          walk((v as Record<string, unknown>)[k], depth + 1);
        }
      total += 2;
      if (total <= budget && isFrozenData(v)) measured.set(v, total - before);
    }
  };
  walk(value, 0);
  return total;
}

/** Said where an answer or event was too large to send: what it was, and the limit. */
export const tooLargeMessage = (what: string, budget: number): string =>
  `${what} was not sent to the window: it is larger than ${Math.round(budget / (1024 * 1024))} MB.`;
