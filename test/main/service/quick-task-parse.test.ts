import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOUNDS } from '../../../common/bounds';
import { MemberSchema, TaskSchema, UserSchema } from '../../../common/task';
import {
  QUICK_MEMBER_FIELDS,
  QUICK_TASK_FIELDS,
  QUICK_USER_FIELDS,
  parseTask,
  quickTask,
} from '../../../main/service/quick-task-parse';
import { withDemoServer } from '../../helpers/demo';

/** JSON with key order kept and undefined spelled out: "the same output, key for key". */
const exact = (v: unknown): string =>
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
const taskArb = fc.record(
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

describe('answers parsed without zod', () => {
  it('give what TaskSchema gives, key for key, or leave the value to it', () => {
    let quick = 0;
    fc.assert(
      fc.property(
        fc.oneof({ arbitrary: taskArb, weight: 9 }, { arbitrary: fc.anything(), weight: 1 }),
        (value) => {
          const expected = TaskSchema.safeParse(value);
          const actual = parseTask(value);
          expect(actual.success).toBe(expected.success);
          if (expected.success) {
            expect(exact(actual.data)).toBe(exact(expected.data));
            expect(actual.data).toStrictEqual(expected.data);
          } else expect(actual.error?.issues).toEqual(expected.error.issues);
          if (quickTask(value)) quick += 1;
        },
      ),
      { numRuns: 3000 },
    );
    // The comparison means something only if the quick path answered often enough.
    expect(quick).toBeGreaterThan(300);
  });

  it('that are not tasks are refused by TaskSchema, in its words', () => {
    for (const value of [
      { status: 'todo' },
      { id: 'tski_1', status: 'x'.repeat(BOUNDS.id + 1) },
      { id: 'tski_1', status: 'todo', assignee: { user: null } },
      [{ id: 'tski_1', status: 'todo' }],
    ]) {
      expect(quickTask(value)).toBeNull();
      const parsed = parseTask(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues).toEqual(TaskSchema.safeParse(value).error?.issues);
    }
  });

  it('clip a long title the way TaskSchema does: by leaving it to TaskSchema', () => {
    const value = { id: 'tski_1', status: 'todo', title: 'x'.repeat(BOUNDS.title + 5) };
    expect(quickTask(value)).toBeNull();
    const parsed = parseTask(value);
    expect(parsed.success && parsed.data.title?.length).toBe(BOUNDS.title);
  });

  it('know every field the schemas keep, in their order, and which they require', () => {
    const fields = (list: typeof QUICK_TASK_FIELDS) => list.map((f) => [f.key, !!f.required]);
    // A field zod requires has no optional input (`optin`); an optional or nullish one has.
    const schema = (shape: Record<string, { _zod: { optin?: unknown } }>) =>
      Object.entries(shape).map(([key, s]) => [key, s._zod.optin === undefined]);
    expect(fields(QUICK_TASK_FIELDS)).toEqual(schema(TaskSchema.in.shape));
    expect(fields(QUICK_MEMBER_FIELDS)).toEqual(schema(MemberSchema.shape));
    expect(fields(QUICK_USER_FIELDS)).toEqual(schema(UserSchema.shape));
  });

  describe('what the reference service answers', () => {
    const demo = withDemoServer();

    it('is taken by the quick path, as TaskSchema would take it', async () => {
      const org = demo.server.organizations[0]!;
      const ids = demo.server.taskIds(org.id);
      expect(ids.length).toBeGreaterThan(0);
      for (const taskId of ids) {
        const res = await fetch(`${demo.server.baseUrl}/v1/task-management/${taskId}`, {
          method: 'PUT',
          headers: { 'X-API-Key': demo.server.keys.full, 'Content-Type': 'application/json' },
          body: JSON.stringify({ status: 'in_progress' }),
        });
        expect(res.status).toBe(200);
        const answer: unknown = await res.json();
        const quick = quickTask(answer);
        expect(quick, taskId).not.toBeNull();
        expect(exact(quick)).toBe(exact(TaskSchema.parse(answer)));
      }
    });
  });
});
