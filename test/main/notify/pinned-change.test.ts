import { describe, expect, it } from 'vitest';
import { TaskSchema } from '../../../common/task';
import type { Task } from '../../../common/task';
import { changedByOther } from '../../../main/notify/pinned-change';
import type { PinnedReadInput } from '../../../main/notify/pinned-change';
import { rulesHarness } from './rules-harness';

const before: Task = TaskSchema.parse({
  id: 'tski_1',
  title: 'Vendor review',
  description: 'Check the DPA.',
  status: 'todo',
  priority: 'medium',
  assignee: { id: 'mem_me', user: { name: 'Me' } },
  updatedBy: { id: 'mem_me', user: { name: 'Me' } },
  updatedAt: '2026-03-01T10:00:00.000Z',
});
const ann = { id: 'mem_ann', user: { name: 'Ann Lee', email: 'ann@example.com' } };
const later = (changes: Record<string, unknown>): Task =>
  TaskSchema.parse({
    ...before,
    updatedBy: ann,
    updatedAt: '2026-03-02T08:30:00.000Z',
    ...changes,
  });

/** A pinned read through the rules: what the person would see. */
function notified(input: Omit<PinnedReadInput, 'profileId'>) {
  const { rules, clock, shown } = rulesHarness();
  const event = changedByOther({ profileId: 'acme', meId: 'mem_me', ...input });
  if (event) rules.take(event);
  clock.advance(60_000);
  return shown.map((n) => ({ title: n.title, body: n.body, target: n.target }));
}

describe('a pinned task changed by someone else', () => {
  it('one notification naming who and what, in words, opening the task', () => {
    expect(notified({ before, after: later({ status: 'done', priority: 'high' }) })).toEqual([
      {
        title: '“Vendor review” was changed',
        body: 'Ann Lee changed the status to Done and the priority to High.',
        target: { profileId: 'acme', taskId: 'tski_1' },
      },
    ]);
  });

  it('names title, assignee and description changes too', () => {
    const after = later({
      title: 'Vendor review 2026',
      description: 'Check the DPA and the SCCs.',
      assignee: { id: 'mem_bob', user: { name: 'Bob' } },
    });
    expect(notified({ before, after })[0]?.body).toBe(
      'Ann Lee changed the title, the assignee to Bob and the description.',
    );
    expect(notified({ before, after })[0]?.title).toBe('“Vendor review 2026” was changed');
  });

  it('says "you" when the task was handed to the person, and "Someone" when the service does not say who', () => {
    const handed = TaskSchema.parse({
      ...before,
      assignee: { id: 'mem_bob', user: { name: 'Bob' } },
    });
    const after = TaskSchema.parse({
      ...handed,
      assignee: { id: 'mem_me', user: { name: 'Me' } },
      updatedBy: null,
      updatedAt: '2026-03-02T08:30:00.000Z',
    });
    expect(notified({ before: handed, after })[0]?.body).toBe(
      'Someone changed the assignee to you.',
    );
  });

  it('the change this app made (its answer’s updatedAt is the pin’s changedHereAt) is not notified', () => {
    // With an API key the service records it under the organization's owner, not the person.
    const after = later({
      status: 'done',
      updatedBy: { id: 'mem_owner', user: { name: 'Owner' } },
    });
    expect(notified({ before, after, changedHereAt: after.updatedAt })).toEqual([]);
  });

  it('a change the person made elsewhere (updatedBy is them) is not notified', () => {
    expect(
      notified({ before, after: later({ status: 'done', updatedBy: { id: 'mem_me' } }) }),
    ).toEqual([]);
  });

  it('nothing for the first read of a task, an older read, or a change to nothing a row shows', () => {
    expect(notified({ before: null, after: later({ status: 'done' }) })).toEqual([]);
    expect(
      notified({
        before: later({ status: 'done' }),
        after: TaskSchema.parse({ ...before, updatedBy: ann }),
      }),
    ).toEqual([]);
    expect(notified({ before, after: later({ entityId: 'ven_2' }) })).toEqual([]);
  });

  it('several pinned tasks changed at one read: one summary, naming who', () => {
    const { rules, clock, shown } = rulesHarness();
    for (const id of ['tski_1', 'tski_2', 'tski_3']) {
      const e = changedByOther({
        profileId: 'acme',
        meId: 'mem_me',
        before: TaskSchema.parse({ ...before, id }),
        after: later({
          id,
          title: `Task ${id}`,
          status: 'in_review',
          ...(id === 'tski_3' ? { updatedBy: null } : {}),
        }),
      });
      if (e) rules.take(e);
    }
    clock.advance(60_000);
    expect(shown.map((n) => [n.title, n.body])).toEqual([
      [
        '3 pinned tasks changed',
        '“Task tski_1”, “Task tski_2” and “Task tski_3”, by Ann Lee and others.',
      ],
    ]);
  });
});
