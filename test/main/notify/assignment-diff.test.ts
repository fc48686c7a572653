import { describe, expect, it } from 'vitest';
import { TaskSchema } from '../../../common/task';
import type { Task } from '../../../common/task';
import type { AssignedView } from '../../../common/views';
import { createAssignedWatch } from '../../../main/notify/assignment-diff';
import { rulesHarness } from './rules-harness';

const ME = 'mem_me';
const task = (id: string, title: string, updatedBy = 'mem_boss'): Task =>
  TaskSchema.parse({
    id,
    title,
    status: 'todo',
    assignee: { id: ME, user: { name: 'Me' } },
    updatedBy: { id: updatedBy, user: { name: 'Boss' } },
    updatedAt: '2026-03-01T10:00:00.000Z',
  });

let builds = 0;
const view = (tasks: Task[], extra: Partial<AssignedView> = {}): AssignedView => ({
  state: 'ready',
  me: { id: ME, name: 'Me', email: null, role: null },
  canChooseMe: false,
  tasks,
  more: 0,
  progress: null,
  builtAt: new Date(Date.UTC(2026, 2, 2, 9, builds++)).toISOString(),
  message: null,
  ...extra,
});

/** The watch and the rules together, as main will run them: views in, notifications out. */
function setup() {
  const harness = rulesHarness();
  const watch = createAssignedWatch();
  const read = (v: AssignedView, changedHere?: (t: Task) => boolean) => {
    for (const e of watch.observe('acme', v, changedHere)) harness.rules.take(e);
    harness.clock.advance(60_000);
  };
  return { ...harness, watch, read };
}

const first = [task('tski_1', 'Vendor review'), task('tski_2', 'Risk sign-off')];

describe('tasks newly assigned to me', () => {
  it('the first read after start notifies nothing, however long the list', () => {
    const { shown, read } = setup();
    read(view(first));
    expect(shown).toEqual([]);
  });

  it('a task that was not there at the last read: one notification, opening it', () => {
    const { shown, read } = setup();
    read(view(first));
    read(view([...first, task('tski_3', 'Renew ISO certificate')]));
    expect(shown).toEqual([
      expect.objectContaining({
        title: 'Assigned to you',
        body: '“Renew ISO certificate”',
        target: { profileId: 'acme', taskId: 'tski_3' },
      }),
    ]);
  });

  it('three new at once: one summary', () => {
    const { shown, read } = setup();
    read(view(first));
    read(
      view([...first, task('tski_3', 'Policy A'), task('tski_4', 'Policy B'), task('tski_5', 'C')]),
    );
    expect(shown.map((n) => [n.title, n.body, n.target])).toEqual([
      ['3 tasks assigned to you', '“Policy A”, “Policy B” and “C”', null],
    ]);
  });

  it('only a finished read counts: a list being built or a failed read says nothing new', () => {
    const { shown, read } = setup();
    read(view(first, { state: 'building' }));
    read(view([...first, task('tski_3', 'New')], { state: 'failed' }));
    // The first finished read is where counting starts.
    read(view([...first, task('tski_3', 'New')]));
    expect(shown).toEqual([]);
  });

  it('a task that left the list and came back (done, then reopened; or missed by one read) is not new', () => {
    const { shown, read } = setup();
    read(view(first));
    read(view([first[0]!]));
    read(view(first));
    expect(shown).toEqual([]);
  });

  it('a task the person assigned themselves, on the web or here, is not news to them', () => {
    const { shown, read } = setup();
    read(view(first));
    const self = task('tski_3', 'Took it myself', ME);
    const here = task('tski_4', 'Assigned from the popup', 'mem_owner');
    read(view([...first, self, here]), (t) => t.id === 'tski_4');
    expect(shown).toEqual([]);
  });

  it('choosing another member starts counting again for them', () => {
    const { shown, read } = setup();
    read(view(first));
    read(
      view([task('tski_8', 'Someone else’s')], {
        me: { id: 'mem_other', name: null, email: null, role: null },
      }),
    );
    expect(shown).toEqual([]);
  });
});
