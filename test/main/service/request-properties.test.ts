import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TASK_PRIORITIES, TASK_STATUSES, TaskIdSchema } from '../../../common/task';
import { TASK_PATCH_FIELDS } from '../../../common/task-patch';
import type { TaskPatch } from '../../../common/task-patch';
import {
  authHeaders,
  validatePatch,
  validateTaskId,
} from '../../../main/service/request-validation';
import { demoClient, withDemoServer } from '../../helpers/demo';

/** Patches near the edge of valid: right fields with wrong values, wrong fields, nulls, junk. */
const patchArb = fc.oneof(
  fc.anything(),
  fc.record({ status: fc.constantFrom(...TASK_STATUSES) }),
  fc.record(
    {
      title: fc.oneof(fc.string(), fc.constant(null), fc.constant(''), fc.integer()),
      description: fc.oneof(fc.string(), fc.constant(null), fc.object()),
      status: fc.oneof(fc.constantFrom(...TASK_STATUSES), fc.string(), fc.constant(null)),
      priority: fc.oneof(fc.constantFrom(...TASK_PRIORITIES), fc.string(), fc.constant(null)),
      assigneeId: fc.oneof(
        fc.stringMatching(/^mem_[A-Za-z0-9]{1,8}$/),
        fc.string(),
        fc.constant(null),
      ),
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  ),
);

/** Ids near the edge of valid: good ones, good prefixes with bad tails, path tricks, junk. */
const idArb = fc.oneof(
  fc.stringMatching(/^tski_[A-Za-z0-9]{1,64}$/),
  fc.string().map((s) => `tski_${s}`),
  fc.constantFrom(
    'tski_',
    'tski_a/b',
    'tski_a?b',
    'tski_a#b',
    'tski_../x',
    'tski_%2e%2e',
    'TSKI_abc',
    ' tski_abc',
    'tski_abc\n',
  ),
  fc.string(),
  fc.anything(),
);

describe('request validation: no input makes it throw', () => {
  it('validatePatch answers every input with a result; an accepted patch is sendable', () => {
    fc.assert(
      fc.property(patchArb, (patch) => {
        const r = validatePatch(patch);
        if (!r.ok) {
          expect(r.error.kind).toBe('bad_input');
          expect(r.error.message.length).toBeGreaterThan(0);
          return;
        }
        const sent = JSON.parse(JSON.stringify(r.value)) as Record<string, unknown>;
        const keys = Object.keys(sent);
        expect(keys.length).toBeGreaterThan(0);
        expect(keys.every((k) => (TASK_PATCH_FIELDS as readonly string[]).includes(k))).toBe(true);
        for (const [k, v] of Object.entries(sent)) if (k !== 'assigneeId') expect(v).not.toBeNull();
        if (typeof sent.title === 'string') expect(sent.title.trim()).not.toBe('');
        if ('assigneeId' in sent) expect(sent.assigneeId).not.toBe('');
      }),
      { numRuns: 1000 },
    );
  });

  it('validateTaskId accepts exactly the ids of the TaskIdSchema', () => {
    fc.assert(
      fc.property(idArb, (id) => {
        expect(validateTaskId(id).ok).toBe(TaskIdSchema.safeParse(id).success);
      }),
      { numRuns: 1000 },
    );
  });

  it('authHeaders never throws and never lets a line break into a header', () => {
    const auth = fc.oneof(
      fc.record({
        kind: fc.constant('api-key' as const),
        apiKey: fc.string(),
        organizationId: fc.option(fc.string(), { nil: undefined }),
      }),
      fc.record({
        kind: fc.constant('session' as const),
        cookie: fc.string(),
        organizationId: fc.string(),
      }),
      fc.anything(),
    );
    fc.assert(
      fc.property(auth, (a) => {
        const r = authHeaders(a as never);
        if (r.ok) for (const v of Object.values(r.value)) expect(v).toMatch(/^[\x20-\x7E]+$/);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('request validation over the wire: no invalid id ever reaches a URL', () => {
  const demo = withDemoServer();

  it('only well-formed ids are sent, each as the whole last path segment', async () => {
    const known = demo.server.taskIds(demo.server.organizations[0]!.id);
    let sentInAll = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(idArb, fc.constantFrom(...known)), patchArb, async (id, patch) => {
        const before = demo.server.requestCount();
        const r = await demoClient(demo.server).updateTask(id as string, patch as TaskPatch);
        const sent = demo.server.requests().slice(before);
        const idOk = TaskIdSchema.safeParse(id).success;
        const patchOk = validatePatch(patch).ok;
        if (!idOk || !patchOk) {
          expect(r.ok).toBe(false);
          if (!r.ok) expect(r.error.kind).toBe('bad_input');
          expect(sent).toHaveLength(0);
          return;
        }
        expect(sent).toHaveLength(1);
        sentInAll += 1;
        expect(sent[0]?.url).toBe(`/v1/task-management/${id as string}`);
        expect(sent[0]?.url).toMatch(/^\/v1\/task-management\/tski_[A-Za-z0-9]{1,64}$/);
      }),
      { numRuns: 300 },
    );
    // The property means something only if valid requests went out too.
    expect(sentInAll).toBeGreaterThan(20);
  });

  it('a patch that reads differently each time goes out only as it was checked, frozen or not', async () => {
    const [taskId] = demo.server.taskIds(demo.server.organizations[0]!.id);
    // A bulk change's patch is frozen and checked once (3 of 3 go out, as checked); any other
    // patch is checked on every call, so the getter's second answer is refused (1 of 3).
    for (const [freeze, expectedSent] of [
      [false, 1],
      [true, 3],
    ] as const) {
      let reads = 0;
      const patch = Object.defineProperty({}, 'status', {
        enumerable: true,
        get: () => (reads++ === 0 ? 'done' : 'not-a-status'),
      });
      if (freeze) Object.freeze(patch);
      let sent = 0;
      for (let call = 0; call < 3; call++) {
        const before = demo.server.requestCount();
        const r = await demoClient(demo.server).updateTask(taskId!, patch as TaskPatch);
        if (demo.server.requestCount() === before) expect(!r.ok && r.error.kind).toBe('bad_input');
        else {
          sent += 1;
          expect(r.ok && r.value.status).toBe('done');
        }
      }
      expect(sent).toBe(expectedSent);
    }
  });
});

describe('request validation messages', () => {
  it('echo a short wrong id, but not a long one that could be a pasted credential', () => {
    const short = validateTaskId('abc');
    expect(!short.ok && short.error.message).toMatch(/^"abc" is not a task id/);
    const key = `comp_${'9f'.repeat(32)}`;
    const long = validateTaskId(key);
    expect(!long.ok && long.error.message).toMatch(/^That is not a task id/);
    expect(!long.ok && long.error.message).not.toContain('comp_9f9f');
  });
});
