// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { matchesFilter } from '../../../renderer/lib/filter-tasks';
import { rowKeeper, taskRowModel } from '../../../renderer/lib/task-model';
import { task, view } from '../fixtures';
import { descriptionLine } from '../../../renderer/lib/description-line';

describe('taskRowModel', () => {
  it('shows the id until the service has answered, with the entity from the link', () => {
    const row = taskRowModel(
      view({ id: 'tski_new1', snapshot: null, ref: { entityType: 'risk' } }),
    );
    expect(row.title).toBe('tski_new1');
    expect(row.hasTitle).toBe(false);
    expect(row.entityType).toBe('risk');
    expect(row.status).toBeNull();
  });

  it('shows the unconfirmed choice over the snapshot, and the local wish over both', () => {
    const v = view({ pendingPatch: { status: 'in_review' }, sync: 'pending' });
    expect(taskRowModel(v).status).toBe('in_review');
    expect(taskRowModel(v, 'done').status).toBe('done');
  });

  it('marks a wish main has not acknowledged as pending', () => {
    expect(taskRowModel(view(), 'done').sync).toBe('pending');
    expect(taskRowModel(view({ sync: 'queued' }), 'done').sync).toBe('queued');
  });

  it('shows a wish as confirmed once main reports the service holding it, before the answer', () => {
    expect(taskRowModel(view({ task: { status: 'done' } }), 'done').sync).toBe('idle');
    // Main still sending something else for the task: not confirmed yet.
    expect(
      taskRowModel(
        view({ task: { status: 'done' }, pendingPatch: { status: 'todo' }, sync: 'pending' }),
        'done',
      ).sync,
    ).toBe('pending');
    expect(taskRowModel(view({ task: { status: 'todo' } }), 'done').sync).toBe('pending');
  });

  it('keeps an unknown status value visible instead of guessing', () => {
    const row = taskRowModel(
      view({ task: { status: 'blocked', warnings: ['Unknown status "blocked"'] } }),
    );
    expect(row.status).toBeNull();
    expect(row.unknownStatus).toBe('blocked');
    expect(row.statusLabel).toBe('“blocked”');
  });

  it('reads the first line of a rich-text description', () => {
    const description = JSON.stringify({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Ask ' },
            { type: 'mention', attrs: { id: 'u', label: 'Maya' } },
          ],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'second line' }] },
      ],
    });
    // The row model leaves a document to its lazily loaded reader (not part of the first screen).
    const row = taskRowModel(view({ task: { description } }));
    expect(row.description).toBe('');
    expect(descriptionLine(row.richDescription)).toBe('Ask @Maya');
  });

  it('shows titles, names and statuses without bidi overrides or control characters (no spoofing)', () => {
    const row = taskRowModel(
      view({
        task: {
          title: 'Approve invoice \u202Efdp.exe',
          status: 'blo\u202Ecked\u0007',
          description: 'See \u2066attached\u2069\u200B',
          updatedBy: { id: 'm', user: { id: 'u', name: 'Maya\u202E Chen', email: null } },
        },
      }),
    );
    expect(row.title).toBe('Approve invoice fdp.exe');
    expect(row.fullTitle).toBe('Approve invoice fdp.exe');
    expect(row.statusLabel).toBe('“blocked\uFFFD”');
    expect(row.description).toBe('See attached');
    expect(row.updatedBy).toBe('Maya Chen');
  });

  it('names who updated it by name, else by email', () => {
    expect(taskRowModel(view()).updatedBy).toBe('Maya Chen');
    const byEmail = task({ updatedBy: { id: 'm', user: { name: null, email: 'x@example.com' } } });
    expect(taskRowModel(view({ snapshot: byEmail })).updatedBy).toBe('x@example.com');
    expect(taskRowModel(view({ snapshot: task({ updatedBy: null }) })).updatedBy).toBeNull();
  });
});

describe('matchesFilter', () => {
  const row = taskRowModel(
    view({ task: { title: 'Renew the DPA with Stripe', priority: 'urgent' } }),
  );
  it('matches every typed word anywhere, in any case and order', () => {
    expect(matchesFilter(row, 'stripe dpa')).toBe(true);
    expect(matchesFilter(row, 'URGENT vendor')).toBe(true);
    expect(matchesFilter(row, 'tski_abc')).toBe(true);
    expect(matchesFilter(row, 'to do')).toBe(true);
    expect(matchesFilter(row, 'stripe risk')).toBe(false);
    expect(matchesFilter(row, '   ')).toBe(true);
  });
});

describe('rowKeeper', () => {
  // Main sends the whole list, freshly decoded, on every change: only the rows that changed may be new objects.
  const decoded = (views: ReturnType<typeof view>[]) =>
    (JSON.parse(JSON.stringify(views)) as typeof views).map((v) => taskRowModel(v));

  it('keeps the row object of every task that shows the same, and only those', () => {
    const keep = rowKeeper();
    const a = view({ id: 'tski_a1' });
    const b = view({ id: 'tski_b1' });
    const first = keep(decoded([a, b]));
    const second = keep(decoded([a, view({ id: 'tski_b1', task: { status: 'done' } })]));
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]?.status).toBe('done');
  });

  it('returns the same list when nothing changed, and a new one when a row goes', () => {
    const keep = rowKeeper();
    const views = [view({ id: 'tski_a1' }), view({ id: 'tski_b1' })];
    const first = keep(decoded(views));
    expect(keep(decoded(views))).toBe(first);
    const fewer = keep(decoded(views.slice(1)));
    expect(fewer).toHaveLength(1);
    expect(fewer[0]).toBe(first[1]);
  });

  it('treats a changed error or warning as a change', () => {
    const keep = rowKeeper();
    const first = keep(decoded([view({ id: 'tski_a1' })]));
    const failed = keep(
      decoded([
        view({ id: 'tski_a1', sync: 'failed', error: { kind: 'not_found', message: 'Gone.' } }),
      ]),
    );
    expect(failed[0]).not.toBe(first[0]);
    expect(failed[0]?.error?.message).toBe('Gone.');
  });
});
