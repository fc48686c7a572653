// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { matchesFilter } from '../../../renderer/lib/filter-tasks';
import { taskRowModel } from '../../../renderer/lib/task-model';
import { task, view } from '../fixtures';

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
    expect(taskRowModel(view({ task: { description } })).description).toBe('Ask @Maya');
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
