import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../../common/result';
import type { AppError } from '../../../common/result';
import type { Task } from '../../../common/task';
import type { TaskPatch } from '../../../common/task-patch';
import { decideAttempt } from '../../../main/outbox/attempt-decision';
import { backoffDelay } from '../../../main/outbox/retry-policy';

const policy = { baseMs: 1000, maxMs: 60_000 };
const half = () => 0.5;
const task = { id: 'tski_a', status: 'done' } as unknown as Task;
const one: TaskPatch = { status: 'done' };
const two: TaskPatch = { status: 'done', assigneeId: 'mem_notamember0' };

const refusal = (kind: AppError['kind'], status?: number) =>
  err(appError(kind, 'refused', status === undefined ? {} : { status }));
const decide = (answer: Parameters<typeof decideAttempt>[0], patch = one, failures = 0) =>
  decideAttempt(answer, patch, failures, policy, half);

describe('what an answer to one change decides', () => {
  it('lands a change the service took, and ends the run of failures', () => {
    expect(decide(ok(task), two, 3)).toEqual({ kind: 'landed', task, failures: 0 });
  });

  it('tries a failed request again, waiting longer with each failure in a row', () => {
    const d = decide(refusal('server', 503), one, 2);
    expect(d).toMatchObject({ kind: 'retry', holdAll: false, failures: 3 });
    expect(d.kind === 'retry' && d.delayMs).toBe(backoffDelay(3, policy, half));
    expect(decide(refusal('network'), one, 0)).toMatchObject({ kind: 'retry', failures: 1 });
  });

  it('holds every request on a 429, for at least what the service asked', () => {
    const error = appError('rate_limited', 'slow down', { status: 429, retryAfterMs: 30_000 });
    expect(decide(err(error))).toEqual({
      kind: 'retry',
      error,
      delayMs: 30_000,
      holdAll: true,
      failures: 1,
    });
  });

  it.each(['unauthorized', 'forbidden'] as const)('pauses the profile on %s', (kind) => {
    expect(decide(refusal(kind), two, 1)).toMatchObject({ kind: 'pause', failures: 2 });
  });

  it.each([400, 413, 422])(
    'sends apart the fields of a combined change refused for them (%i)',
    (status) => {
      expect(decide(refusal('invalid', status), two, 0)).toMatchObject({
        kind: 'split',
        fields: 2,
        error: { kind: 'invalid', status },
        // The pieces' backoff goes on from the refusal.
        failures: 1,
      });
    },
  );

  it('gives up a change of one field the service refused, and ends the run of failures', () => {
    expect(decide(refusal('invalid', 400), one, 2)).toMatchObject({
      kind: 'refused',
      error: { kind: 'invalid', status: 400 },
      failures: 0,
    });
  });

  it.each([
    ['a conflict (409)', refusal('invalid', 409)],
    ['a task not found', refusal('not_found', 404)],
    ['a local check', refusal('bad_input')],
  ])('gives up a combined change refused as a whole: %s', (_what, answer) => {
    expect(decide(answer, two)).toMatchObject({ kind: 'refused', failures: 0 });
  });
});
