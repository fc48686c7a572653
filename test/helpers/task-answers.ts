import fc from 'fast-check';
import { BOUNDS } from '../../common/bounds';

/**
 * Task answers for property tests: mostly in the service's shape, each field
 * sometimes absent, at or past its bound, or of another type.
 */

/** JSON with key order kept and undefined spelled out: "the same output, key for key". */
export const exact = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) => (x === undefined ? '<undefined>' : x));

/** Mostly a short string or null; now and then one at or past the bound, or of another type. */
const around = (max: number): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: fc.string({ maxLength: 12 }), weight: 20 },
    // Any UTF-16 unit: control characters, lone surrogates, astral characters.
    { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 10 },
    { arbitrary: fc.constant(null), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        'x'.repeat(max),
        'x'.repeat(max + 1),
        `${'x'.repeat(max - 1)}😀`,
        `${'x'.repeat(max - 1)}\uD800`,
        '😀'.repeat(Math.ceil(max / 2) + 1),
      ),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(undefined, 0, true, [], {}, new String('boxed')), weight: 1 },
  );

const userArb = fc.record(
  {
    id: around(BOUNDS.id),
    name: around(BOUNDS.name),
    email: around(BOUNDS.name),
    image: around(BOUNDS.url),
    extra: fc.anything(),
  },
  { requiredKeys: [], noNullPrototype: true },
);
const memberArb = fc.oneof(
  { arbitrary: fc.constantFrom(null, undefined, 'mem_1', []), weight: 1 },
  {
    arbitrary: fc.record(
      { id: around(BOUNDS.id), user: fc.oneof(userArb, fc.constant(null)) },
      { requiredKeys: ['id'], noNullPrototype: true },
    ),
    weight: 4,
  },
);

/** Task-like answers: mostly in shape, each field sometimes absent, out of bounds or of another type. */
export const taskArb = fc.record(
  {
    id: fc.oneof(fc.constant('tski_abc123'), around(BOUNDS.id)),
    title: around(BOUNDS.title),
    description: fc.oneof(
      around(BOUNDS.description),
      fc.constant({ type: 'doc', content: [{ type: 'text', text: 'Hi' }] }),
      fc.json().map((j): unknown => JSON.parse(j)),
    ),
    status: fc.oneof(fc.constantFrom('todo', 'done', 'someday'), around(BOUNDS.id)),
    priority: fc.oneof(fc.constantFrom('high', 'whenever'), around(BOUNDS.id)),
    entityId: around(BOUNDS.id),
    entityType: fc.oneof(fc.constantFrom('vendor', 'risk', 'planet'), around(BOUNDS.id)),
    assignee: memberArb,
    createdBy: memberArb,
    updatedBy: memberArb,
    createdAt: around(BOUNDS.id),
    updatedAt: around(BOUNDS.id),
    organizationId: fc.anything(),
    warnings: fc.anything(),
  },
  { requiredKeys: ['id', 'status'], noNullPrototype: true },
);
