import { describe, expect, it } from 'vitest';
import { taskKey } from '../../../renderer/lib/task-keys';
import { taskRowModel } from '../../../renderer/lib/task-model';
import { bulkUndo } from '../../../renderer/lib/bulk-undo';
import { quoted } from '../../../renderer/lib/undo';
import type { task } from '../fixtures';
import { view } from '../fixtures';

const row = (id: string, over: Parameters<typeof task>[0] = {}) =>
  taskRowModel(view({ id, task: { id, ...over } }));

describe('bulkUndo', () => {
  const rows = [
    row('tski_a', { status: 'todo', priority: 'low' }),
    row('tski_b', { status: 'in_review', priority: null }),
    row('tski_c', { status: 'todo', priority: 'low' }),
    row('tski_d', { status: 'done' }),
  ];

  it('gives each task changed its value before, one change per value, in list order', () => {
    expect(bulkUndo(rows, ['tski_c', 'tski_a', 'tski_b'], { status: 'done' })).toEqual([
      { taskIds: ['tski_a', 'tski_c'], patch: { status: 'todo' } },
      { taskIds: ['tski_b'], patch: { status: 'in_review' } },
    ]);
  });

  it('leaves out a task whose value was unknown (a priority never set cannot be set back)', () => {
    expect(bulkUndo(rows, ['tski_a', 'tski_b'], { priority: 'urgent' })).toEqual([
      { taskIds: ['tski_a'], patch: { priority: 'low' } },
    ]);
  });

  it('sets an assignee back to none as well as to someone', () => {
    const assigned = [row('tski_a'), { ...row('tski_b'), assigneeId: 'mem_1' }];
    expect(bulkUndo(assigned, ['tski_a', 'tski_b'], { assigneeId: 'mem_2' })).toEqual([
      { taskIds: ['tski_a'], patch: { assigneeId: null } },
      { taskIds: ['tski_b'], patch: { assigneeId: 'mem_1' } },
    ]);
  });
});

describe('taskKey', () => {
  const key = (key: string, code: string, mods: Partial<KeyboardEvent> = {}) =>
    taskKey({ key, code, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, ...mods });

  it('1–5 are the statuses, Shift+1–4 the priorities by the key’s place', () => {
    expect(key('1', 'Digit1')).toEqual({ status: 'todo' });
    expect(key('5', 'Digit5')).toEqual({ status: 'canceled' });
    expect(key('!', 'Digit1', { shiftKey: true })).toEqual({ priority: 'urgent' });
    expect(key('$', 'Digit4', { shiftKey: true })).toEqual({ priority: 'low' });
  });

  it('nothing with Ctrl, Alt or ⌘, nor Shift+5, nor other keys', () => {
    expect(key('1', 'Digit1', { ctrlKey: true })).toBeNull();
    expect(key('2', 'Digit2', { metaKey: true })).toBeNull();
    expect(key('%', 'Digit5', { shiftKey: true })).toBeNull();
    expect(key('6', 'Digit6')).toBeNull();
  });
});

it('quotes a long title short enough for two lines of the toast', () => {
  expect(quoted('Short')).toBe('“Short”');
  expect(quoted('x'.repeat(60))).toBe(`“${'x'.repeat(39)}…”`);
});
