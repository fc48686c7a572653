import { describe, expect, it } from 'vitest';
import type { Task } from '../../../common/task';
import { createKnownLists } from '../../../main/reads/known-lists';

const task = (id: string): Task => ({
  id,
  title: `Task ${id}`,
  description: 'long text',
  status: 'todo',
  warnings: [],
});
const tasks = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => task(`${prefix}${i}`));
const vendor = (id: string) => ({
  entityType: 'vendor' as const,
  entityId: id,
  name: `Vendor ${id}`,
});

describe('the lists search may look in', () => {
  it('keeps at most its bound of tasks, letting the lists read longest ago go first', () => {
    const known = createKnownLists(10);
    known.noteEntities('p', [vendor('a'), vendor('b'), vendor('c')]);
    known.noteTasks('p', vendor('a'), tasks('a', 4), false, 1);
    known.noteTasks('p', vendor('b'), tasks('b', 4), false, 2);
    known.noteTasks('p', vendor('c'), tasks('c', 4), false, 3);
    const shot = known.snapshot('p');
    expect(shot.lists.map((l) => l.entity.entityId)).toEqual(['c', 'b']);
    // The one let go is unread again: "Read the rest" offers it.
    expect(shot.unread).toBe(1);
    expect(known.unread('p').map((e) => e.entityId)).toEqual(['a']);
  });

  it('keeps each profile apart, names lists from the vendors listed, and forgets a profile whole', () => {
    const known = createKnownLists();
    known.noteEntities('p', [vendor('a')]);
    known.noteTasks('p', { entityType: 'vendor', entityId: 'a' }, tasks('a', 2), true, 5);
    expect(known.snapshot('q')).toEqual({ lists: [], unread: 0, entitiesListed: false });
    const [list] = known.snapshot('p').lists;
    expect(list).toMatchObject({ entity: vendor('a'), readAt: 5, more: true });
    expect(list!.tasks[0]).not.toHaveProperty('description');
    known.forget('p');
    expect(known.snapshot('p').entitiesListed).toBe(false);
  });
});
