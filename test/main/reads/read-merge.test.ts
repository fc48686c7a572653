import { describe, expect, it } from 'vitest';
import type { Task } from '../../../common/task';
import { conflictNote, mergeRead } from '../../../main/tasks/read-merge';
import type { PinnedTask } from '../../../main/tasks/pinned-view';

const task = (over: Partial<Task> = {}): Task => ({
  id: 'tski_a1',
  title: 'Collect the SOC 2 report',
  status: 'todo',
  priority: 'high',
  entityType: 'vendor',
  entityId: 'vnd_acme',
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: { id: 'mem_1', user: { name: 'Dana Ruiz' } },
  warnings: [],
  ...over,
});
const pin = (over: Partial<PinnedTask> = {}): PinnedTask => ({
  taskId: 'tski_a1',
  ref: {},
  snapshot: null,
  error: null,
  pinnedAt: '2026-11-19T00:00:00.000Z',
  ...over,
});
const vendor = { entityType: 'vendor', entityId: 'vnd_acme' } as const;

describe('a read of a pinned task', () => {
  it('gives a bare id its title, status and the vendor it belongs to', () => {
    const merged = mergeRead(pin(), task(), vendor);
    expect(merged.snapshot?.title).toBe('Collect the SOC 2 report');
    expect(merged.snapshot?.status).toBe('todo');
    expect(merged.ref).toEqual({ entityType: 'vendor', entityId: 'vnd_acme' });
  });

  it('takes a newer value saved in the web app', () => {
    const merged = mergeRead(
      pin({ snapshot: task() }),
      task({ status: 'done', updatedAt: '2026-11-21T10:00:00.000Z' }),
      vendor,
    );
    expect(merged.snapshot?.status).toBe('done');
  });

  it('never replaces the answer to a change with an older read that arrived after it', () => {
    const answered = task({ status: 'in_review', updatedAt: '2026-11-22T09:00:00.000Z' });
    const merged = mergeRead(pin({ snapshot: answered }), task(), vendor);
    expect(merged.snapshot).toBe(answered);
    // …but the entity it found is still remembered.
    expect(merged.ref.entityId).toBe('vnd_acme');
  });
});

describe('a value someone else saved while a change waits here', () => {
  const before = task();
  const theirs = task({
    status: 'done',
    updatedAt: '2026-11-21T10:00:00.000Z',
    updatedBy: { id: 'mem_2', user: { name: 'Omar Haddad' } },
  });

  it('is said on the row, with whose value will win', () => {
    expect(conflictNote(before, theirs, { status: 'in_progress' })).toBe(
      'Omar Haddad set the status to Done on the service; your change to In progress is waiting to be sent and will replace it.',
    );
  });

  it('is not a conflict when nothing waits, when they set what we asked, or when the read is not newer', () => {
    expect(conflictNote(before, theirs, null)).toBeNull();
    expect(conflictNote(before, theirs, { status: 'done' })).toBeNull();
    expect(conflictNote(before, task({ status: 'done' }), { status: 'in_progress' })).toBeNull();
    // They changed another field than ours: nothing of ours replaces it.
    expect(
      conflictNote(before, task({ title: 'New', updatedAt: theirs.updatedAt }), {
        status: 'in_progress',
      }),
    ).toBeNull();
  });

  it('names the person the task was assigned to, not an id', () => {
    const reassigned = task({
      assignee: { id: 'mem_9', user: { name: 'Lee' } },
      updatedAt: theirs.updatedAt,
    });
    expect(conflictNote(before, reassigned, { assigneeId: 'mem_3' })).toBe(
      'Dana Ruiz assigned this task to Lee on the service; your change of assignee is waiting to be sent and will replace it.',
    );
  });
});
