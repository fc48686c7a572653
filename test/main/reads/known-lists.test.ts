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

  it('keeps at most its bound of bytes, and no descriptions, pictures or creators', () => {
    const big = (prefix: string) =>
      tasks(prefix, 2).map((t) => ({
        ...t,
        title: 'x'.repeat(1_000),
        assignee: {
          id: 'mem_1',
          user: { id: 'usr_1', name: 'Ann', image: 'https://pic/'.repeat(300) },
        },
        createdBy: { id: 'mem_2', user: { name: 'Bo' } },
      }));
    const known = createKnownLists(100, 5_000);
    known.noteEntities('p', [vendor('a'), vendor('b'), vendor('c')]);
    for (const [i, id] of ['a', 'b', 'c'].entries())
      known.noteTasks('p', vendor(id), big(id), false, i);
    const shot = known.snapshot('p');
    expect(shot.lists.map((l) => l.entity.entityId)).toEqual(['c', 'b']);
    expect(JSON.stringify(shot.lists).length).toBeLessThan(6_000);
    const [t] = shot.lists[0]!.tasks;
    expect(t!.assignee).toEqual({
      id: 'mem_1',
      user: { id: 'usr_1', name: 'Ann', email: undefined },
    });
    expect(t).not.toHaveProperty('createdBy');
    expect(t).not.toHaveProperty('description');
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
