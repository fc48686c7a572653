// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../../common/result';
import type { Result } from '../../../common/result';
import type { TaskStatus } from '../../../common/task';
import type { PinnedTaskView } from '../../../common/views';
import { createStatusQueue } from '../../../renderer/lib/status-queue';
import { deferred } from '../fake-api';
import { view } from '../fixtures';

function harness() {
  const sent: {
    id: string;
    status: TaskStatus;
    answer: ReturnType<typeof deferred<Result<PinnedTaskView>>>;
  }[] = [];
  const answers: { status: TaskStatus; ok: boolean }[] = [];
  const queue = createStatusQueue({
    send: (id, status) => {
      const answer = deferred<Result<PinnedTaskView>>();
      sent.push({ id, status, answer });
      return answer.promise;
    },
    onAnswer: (_id, status, r) => answers.push({ status, ok: r.ok }),
    onChange: () => {},
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { queue, sent, answers, settle };
}

describe('status queue', () => {
  it('sends once however fast the same choice is repeated', async () => {
    const h = harness();
    expect(h.queue.request('tski_a', 'done', 'todo')).toBe(true);
    expect(h.queue.request('tski_a', 'done', 'todo')).toBe(false);
    expect(h.queue.request('tski_a', 'done', 'todo')).toBe(false);
    expect(h.sent.map((s) => s.status)).toEqual(['done']);
    h.sent[0]!.answer.resolve(ok(view()));
    await h.settle();
    expect(h.sent).toHaveLength(1);
    expect(h.queue.wanted('tski_a')).toBeUndefined();
    expect(h.queue.busy('tski_a')).toBe(false);
  });

  it('never has two requests for a task in flight, and ends with the last choice', async () => {
    const h = harness();
    h.queue.request('tski_a', 'in_progress', 'todo');
    h.queue.request('tski_a', 'in_review', 'todo');
    h.queue.request('tski_a', 'done', 'todo');
    expect(h.sent.map((s) => s.status)).toEqual(['in_progress']);
    expect(h.queue.wanted('tski_a')).toBe('done');
    h.sent[0]!.answer.resolve(ok(view()));
    await h.settle();
    expect(h.sent.map((s) => s.status)).toEqual(['in_progress', 'done']);
    h.sent[1]!.answer.resolve(ok(view()));
    await h.settle();
    expect(h.queue.wanted('tski_a')).toBeUndefined();
    expect(h.answers).toEqual([
      { status: 'in_progress', ok: true },
      { status: 'done', ok: true },
    ]);
  });

  it('does not resend when the person comes back to what was sent', async () => {
    const h = harness();
    h.queue.request('tski_a', 'done', 'todo');
    h.queue.request('tski_a', 'canceled', 'todo');
    h.queue.request('tski_a', 'done', 'todo');
    h.sent[0]!.answer.resolve(ok(view()));
    await h.settle();
    expect(h.sent).toHaveLength(1);
  });

  it('drops the wish on a refusal, so the row rolls back', async () => {
    const h = harness();
    h.queue.request('tski_a', 'done', 'todo');
    h.queue.request('tski_a', 'canceled', 'todo');
    h.sent[0]!.answer.resolve(err(appError('forbidden', 'No scope')));
    await h.settle();
    expect(h.sent).toHaveLength(1);
    expect(h.queue.wanted('tski_a')).toBeUndefined();
    expect(h.answers).toEqual([{ status: 'done', ok: false }]);
  });

  it('keeps tasks independent', () => {
    const h = harness();
    h.queue.request('tski_a', 'done', 'todo');
    h.queue.request('tski_b', 'done', 'todo');
    expect(h.sent.map((s) => s.id)).toEqual(['tski_a', 'tski_b']);
  });

  it('turns a thrown send into a refusal rather than a stuck task', async () => {
    const answers: boolean[] = [];
    const q = createStatusQueue({
      send: () => Promise.reject(new Error('bridge gone')),
      onAnswer: (_i, _s, r) => answers.push(r.ok),
      onChange: () => {},
    });
    q.request('tski_a', 'done', 'todo');
    await new Promise((r) => setTimeout(r, 0));
    expect(answers).toEqual([false]);
    expect(q.busy('tski_a')).toBe(false);
  });
});
