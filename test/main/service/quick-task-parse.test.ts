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
import { exact, taskArb } from '../../helpers/task-answers';

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
