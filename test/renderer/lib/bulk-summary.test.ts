import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../../common/result';
import type { TaskUpdateOutcome } from '../../../common/views';
import { progressText, summarizeBulk } from '../../../renderer/lib/bulk-summary';
import { view } from '../fixtures';

const landed = (taskId: string): TaskUpdateOutcome => ({
  taskId,
  result: ok(view({ id: taskId, sync: 'idle' })),
});
const waiting = (taskId: string): TaskUpdateOutcome => ({
  taskId,
  result: ok(view({ id: taskId, sync: 'queued', pendingPatch: { status: 'done' } })),
});
const refused = (taskId: string, message: string): TaskUpdateOutcome => ({
  taskId,
  result: err(appError('not_found', message)),
});
const titleOf = (id: string) => `Title of ${id}`;

describe('bulk summary', () => {
  it('progress reads as a sentence with a count', () => {
    expect(progressText('done', 7, 12)).toBe('Setting 12 tasks to Done… 7/12');
    expect(progressText('in_review', 0, 1)).toBe('Setting 1 task to In review… 0/1');
  });

  it('progress says about how long the rest waits for the pace, in one line', () => {
    expect(progressText('done', 7, 300, 41)).toBe(
      'Setting 300 tasks to Done… 7/300 · about 41 s left',
    );
    expect(progressText('done', 7, 300, 250)).toBe(
      'Setting 300 tasks to Done… 7/300 · about 4 min left',
    );
    // Nothing left to wait for once every task is answered.
    expect(progressText('done', 300, 300, 3)).toBe('Setting 300 tasks to Done… 300/300');
  });

  it('all landed: good news in one line', () => {
    const s = summarizeBulk({
      status: 'done',
      outcomes: [landed('tski_a'), landed('tski_b')],
      skipped: 0,
      titleOf,
      connection: 'online',
    });
    expect(s).toEqual({ tone: 'good', text: '2 set to Done.', refusals: [] });
  });

  it('mixed: counts in a fixed order, why the queued wait, each refusal named with its reason', () => {
    const s = summarizeBulk({
      status: 'done',
      outcomes: [
        ...Array.from({ length: 10 }, (_, i) => landed(`tski_l${i}`)),
        waiting('tski_q'),
        refused('tski_r', 'Task item not found'),
      ],
      skipped: 2,
      titleOf,
      connection: 'offline',
    });
    expect(s.tone).toBe('error');
    expect(s.text).toBe('10 set to Done, 1 queued (offline), 1 refused, 2 already Done.');
    expect(s.refusals).toEqual(['“Title of tski_r”: Task item not found']);
  });

  it('queued with the key refused, or a service problem, says so; with no known reason, "later"', () => {
    const base = { status: 'todo' as const, outcomes: [waiting('tski_q')], skipped: 0, titleOf };
    expect(summarizeBulk({ ...base, connection: 'unauthorized' }).text).toBe(
      '1 queued (paused until you reconnect).',
    );
    expect(summarizeBulk({ ...base, connection: 'error' }).text).toBe(
      '1 queued (service problem).',
    );
    expect(summarizeBulk({ ...base, connection: 'online' })).toEqual({
      tone: 'warning',
      text: '1 queued to send later.',
      refusals: [],
    });
  });

  it('many refusals for one reason stay one line: two named, the rest counted', () => {
    const s = summarizeBulk({
      status: 'canceled',
      outcomes: ['a', 'b', 'c', 'd'].map((x) => refused(`tski_${x}`, 'Connect first.')),
      skipped: 0,
      titleOf,
      connection: null,
    });
    expect(s.text).toBe('4 refused.');
    expect(s.refusals).toEqual(['“Title of tski_a”, “Title of tski_b” and 2 more: Connect first.']);
  });

  it('different reasons get a line each', () => {
    const s = summarizeBulk({
      status: 'done',
      outcomes: [
        refused('tski_a', 'Not found.'),
        refused('tski_b', 'Invalid.'),
        refused('tski_c', 'Not found.'),
      ],
      skipped: 0,
      titleOf,
      connection: null,
    });
    expect(s.refusals).toEqual([
      '“Title of tski_a” and “Title of tski_c”: Not found.',
      '“Title of tski_b”: Invalid.',
    ]);
  });

  it('an answer whose task shows a refusal counts as refused, with the task’s reason', () => {
    const s = summarizeBulk({
      status: 'done',
      outcomes: [
        {
          taskId: 'tski_f',
          result: ok(view({ id: 'tski_f', sync: 'failed', error: appError('invalid', 'Bad.') })),
        },
      ],
      skipped: 0,
      titleOf,
      connection: null,
    });
    expect(s).toEqual({ tone: 'error', text: '1 refused.', refusals: ['“Title of tski_f”: Bad.'] });
  });

  it('nothing sent because all were already so', () => {
    const base = { status: 'done' as const, outcomes: [], titleOf, connection: null };
    expect(summarizeBulk({ ...base, skipped: 3 }).text).toBe(
      'All 3 are already Done: nothing to send.',
    );
    expect(summarizeBulk({ ...base, skipped: 1 }).text).toBe(
      'It is already Done: nothing to send.',
    );
    // No answer for anything (main gives one per task; still, never an empty sentence).
    expect(summarizeBulk({ ...base, skipped: 0 }).text).toBe('Nothing was changed.');
  });
});
