import fc from 'fast-check';
import { z } from 'zod';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../../common/task';

/**
 * Inputs a compromised or buggy renderer (or a broken service) could send:
 * anything structured clone can carry, JSON of every shape, strings that are
 * huge, empty, control characters or right-to-left marks, and objects whose
 * own keys are `__proto__`, `constructor`, `prototype`.
 */

export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const hugeString = fc
  .constantFrom(10_000, 100_000, 1_000_000)
  .chain((n) => fc.constantFrom('x', 'ä', '𝕏', '\u0000', '"').map((c) => c.repeat(n)));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    '\uFEFF',
    '\uD800',
    'tski_',
    'tski_../../x',
    '../../etc/passwd',
    'https://',
    'javascript:alert(1)',
    ...POLLUTION_KEYS,
  ),
  hugeString,
);

/** JSON parsed from text, so `__proto__` is an own key as it would be off the wire. */
export const pollutedObject: fc.Arbitrary<unknown> = fc
  .tuple(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }))
  .map(([inner, rest]) =>
    JSON.parse(
      `{"__proto__":${JSON.stringify(inner)},"constructor":{"prototype":{"polluted":true}},` +
        `"prototype":{"polluted":true}${Object.keys(rest).length ? ',' : ''}${JSON.stringify(rest).slice(1)}`,
    ),
  );

export const anyInput: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({
    key: fc.oneof(fc.string(), fc.constantFrom(...POLLUTION_KEYS)),
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withSparseArray: true,
    withNullPrototype: true,
    withObjectString: true,
    withBoxedValues: true,
  }),
  fc.jsonValue(),
  nastyString,
  pollutedObject,
);

/** The field names of a contract input schema (an object, or an optional object). */
export function fieldsOf(schema: z.ZodType): string[] {
  let s: z.ZodType = schema;
  if (s instanceof z.ZodOptional) s = s.unwrap() as z.ZodType;
  return s instanceof z.ZodObject ? Object.keys(s.shape) : [];
}

/**
 * Plausible values for a field, mixed with wrong ones: enough right shapes
 * that requests get past the schema and into the handlers.
 */
export function fieldValue(field: string, ctx: { taskIds: readonly string[]; baseUrl: string }) {
  const taskId = fc.oneof(
    fc.constantFrom(...ctx.taskIds, 'tski_doesnotexist42'),
    fc.stringMatching(/^tski_[A-Za-z0-9]{1,12}$/),
  );
  const plausible: Record<string, fc.Arbitrary<unknown>> = {
    taskId,
    taskIds: fc.uniqueArray(taskId, { minLength: 0, maxLength: 6 }),
    ref: fc.oneof(
      taskId,
      fc.constant(`https://app.example.com/org_x/vendors/vnd_1?taskItemId=tski_a1`),
    ),
    patch: fc.record(
      {
        status: fc.oneof(fc.constantFrom(...TASK_STATUSES), nastyString),
        priority: fc.oneof(fc.constantFrom(...TASK_PRIORITIES), nastyString),
        title: nastyString,
      },
      { requiredKeys: [] },
    ),
    baseUrl: fc.constantFrom(ctx.baseUrl, 'http://tasks.example.com', 'ftp://x', ''),
    apiKey: nastyString,
    organizationId: fc.oneof(fc.constant('org_abc'), nastyString),
    url: fc.constantFrom('https://example.com/', 'http://example.com/x', 'file:///etc/passwd'),
    refresh: fc.boolean(),
    theme: fc.constantFrom('system', 'light', 'dark', 'neon'),
    launchAtLogin: fc.boolean(),
    shortcut: fc.constantFrom(
      'CommandOrControl+Alt+Shift+T',
      'CommandOrControl+C',
      'Alt+K',
      'Nope',
    ),
    signInUrl: fc.constantFrom('https://app.example.com/', 'not a url'),
    serviceUrl: fc.constantFrom(ctx.baseUrl, 'https://api.example.com', 'http://plain.example.com'),
    requestsPerMinute: fc.oneof(fc.integer({ min: -5, max: 2000 }), fc.double()),
  };
  return fc.oneof(plausible[field] ?? anyInput, anyInput);
}

/** Objects with a channel's fields (some, all, or none) plus, sometimes, keys that do not belong. */
export function nearMiss(
  schema: z.ZodType,
  ctx: { taskIds: readonly string[]; baseUrl: string },
): fc.Arbitrary<unknown> {
  const fields = fieldsOf(schema);
  if (fields.length === 0) return anyInput;
  const record = fc.record(
    Object.fromEntries(fields.map((f) => [f, fieldValue(f, ctx)])) as Record<
      string,
      fc.Arbitrary<unknown>
    >,
    { requiredKeys: [] },
  );
  return fc.oneof(
    record,
    fc
      .tuple(record, fc.constantFrom(...POLLUTION_KEYS, 'extra', 'apiKey'), fc.jsonValue())
      .map(([r, k, v]) => {
        // defineProperty: an own key even for "__proto__", as structured clone would deliver it.
        const out: Record<string, unknown> = { ...r };
        Object.defineProperty(out, k, {
          value: v,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        return out;
      }),
  );
}
