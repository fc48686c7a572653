import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskStatus } from '../../common/task-values';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { PinnedTaskView, TaskUpdateOutcome } from '../../common/views';
import { TaskSection } from '../../renderer/components/TaskSection';
import { createFakeApi, deferred } from './fake-api';
import type { FakeApi } from './fake-api';
import { task, views } from './fixtures';
import { renderWithApi } from './render-app';
import { description, openRow } from './rows';

const rowOf = (id: string) => document.querySelector<HTMLElement>(`li[data-task-id="${id}"]`)!;
/** The status a row says it has (read with the row, open or not). */
const checkedStatus = (id: string) => /Status: (.*?)\./.exec(description(rowOf(id)))?.[1];
const box = (title: string) => screen.getByRole('checkbox', { name: title }) as HTMLInputElement;
const ticked = () =>
  screen
    .queryAllByRole('checkbox')
    .filter((c) => (c as HTMLInputElement).checked && c.closest('li'))
    .map((c) => c.closest('li')!.dataset.taskId);
const bulkCalls = (fake: FakeApi) =>
  fake.callsOf('updateTasks') as { taskIds: string[]; patch: { status: TaskStatus } }[];

/** The task view main would send once a change landed. */
const landed = (v: PinnedTaskView, status: TaskStatus): PinnedTaskView => ({
  ...v,
  snapshot: { ...v.snapshot!, status, updatedAt: '2026-03-10T12:30:00Z' },
  pendingPatch: null,
  sync: 'idle',
  error: null,
});
const queued = (v: PinnedTaskView, status: TaskStatus): PinnedTaskView => ({
  ...v,
  pendingPatch: { status },
  sync: 'queued',
});

async function selecting(list: PinnedTaskView[] = views(4), fake = createFakeApi({ tasks: list })) {
  const r = renderWithApi({}, <TaskSection />, fake);
  await screen.findByText('Task number 0');
  await r.user.click(screen.getByRole('button', { name: 'Select' }));
  const bar = await screen.findByRole('region', { name: 'Change several tasks' });
  return { ...r, bar, setTo: (label: string) => within(bar).getByRole('button', { name: label }) };
}

describe('bulk change: entering and leaving select mode', () => {
  it('a Select toggle in the header: rows get checkboxes named by their titles, the bar replaces the pin field', async () => {
    const r = renderWithApi({ tasks: views(3) }, <TaskSection />);
    await screen.findByText('Task number 0');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    const toggle = screen.getByRole('button', { name: 'Select' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await r.user.click(toggle);
    const bar = await screen.findByRole('region', { name: 'Change several tasks' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(box('Task number 0').checked).toBe(false);
    expect(box('Task number 2')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Pin a task by id or link' })).toBeNull();
    expect(within(bar).getByText('None selected')).toBeTruthy();
    // Nothing chosen: the status buttons say so and do nothing.
    const done = within(bar).getByRole('button', { name: 'Done' });
    expect(done.getAttribute('aria-disabled')).toBe('true');
    await r.user.click(done);
    expect(r.fake.callsOf('updateTasks')).toHaveLength(0);
  });

  it('with a single pinned task there is nothing to select', async () => {
    renderWithApi({ tasks: views(1) }, <TaskSection />);
    await screen.findByText('Task number 0');
    expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
  });

  it('Cancel leaves without sending anything, and the selection is forgotten; a half-typed pin is kept', async () => {
    const fake = createFakeApi({ tasks: views(4) });
    const { user } = renderWithApi({}, <TaskSection />, fake);
    await screen.findByText('Task number 0');
    await user.type(screen.getByRole('textbox', { name: 'Pin a task by id or link' }), 'tski_hal');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    const bar = await screen.findByRole('region', { name: 'Change several tasks' });
    await user.click(box('Task number 1'));
    await user.click(box('Task number 2'));
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Stop selecting' }));
    expect(screen.queryByRole('region', { name: 'Change several tasks' })).toBeNull();
    // Focus was on the bar that went: it lands on the Select toggle, not on the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Select' })),
    );
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    const pinField = screen.getByRole('textbox', { name: 'Pin a task by id or link' });
    expect((pinField as HTMLInputElement).value).toBe('tski_hal');
    expect(fake.callsOf('updateTasks')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Select' }));
    const again = await screen.findByRole('region', { name: 'Change several tasks' });
    expect(within(again).getByText('None selected')).toBeTruthy();
    expect(ticked()).toEqual([]);
  });

  it('Esc leaves select mode first; the next Esc hides the popup', async () => {
    const fake = createFakeApi({ tasks: views(3) });
    const r = renderWithApi({}, undefined, fake);
    await screen.findByText('Task number 0');
    await r.user.click(screen.getByRole('button', { name: 'Select' }));
    await screen.findByRole('region', { name: 'Change several tasks' });
    await r.user.click(box('Task number 0'));
    await r.user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Change several tasks' })).toBeNull();
    expect(fake.callsOf('hideWindow')).toHaveLength(0);
    // Focus was in the list, not in the bar that went: it stays there.
    await r.user.keyboard('{Escape}');
    expect(fake.callsOf('hideWindow')).toHaveLength(1);
  });
});

describe('bulk change: choosing tasks', () => {
  it('checkboxes, a click on the row, and Shift-click for a range', async () => {
    const { user, bar } = await selecting(views(5));
    await user.click(box('Task number 0'));
    expect(ticked()).toEqual(['tski_t0']);
    // A click on the row's text ticks it too (select mode is for choosing).
    await user.click(within(rowOf('tski_t1')).getByText('Task number 1'));
    expect(ticked()).toEqual(['tski_t0', 'tski_t1']);
    await user.click(box('Task number 1'));
    expect(ticked()).toEqual(['tski_t0']);
    await user.keyboard('{Shift>}');
    await user.click(box('Task number 3'));
    await user.keyboard('{/Shift}');
    expect(ticked()).toEqual(['tski_t0', 'tski_t1', 'tski_t2', 'tski_t3']);
    expect(within(bar).getByText('4 selected')).toBeTruthy();
    expect(rowOf('tski_t2').className).toContain('task--selected');
    expect(rowOf('tski_t4').className).not.toContain('task--selected');
  });

  it('a row’s own controls keep their meaning: a status click changes that task alone', async () => {
    const { user, fake } = await selecting();
    await user.click(box('Task number 0'));
    openRow(rowOf('tski_t1'));
    await user.click(within(rowOf('tski_t1')).getByRole('radio', { name: 'In review' }));
    expect(fake.callsOf('updateTask')).toEqual([
      { taskId: 'tski_t1', patch: { status: 'in_review' } },
    ]);
    expect(fake.callsOf('updateTasks')).toHaveLength(0);
    expect(ticked()).toEqual(['tski_t0']);
  });

  it('Select all takes what the filter shows; hidden selected tasks are said', async () => {
    // views(): even-numbered tasks are vendors, odd ones risks.
    const { user, fake, bar, setTo } = await selecting(views(8));
    await user.type(screen.getByRole('searchbox', { name: 'Filter tasks' }), 'risk');
    const all = within(bar).getByRole('checkbox', { name: 'Select all 4 shown' });
    await user.click(all);
    expect(ticked()).toEqual(['tski_t1', 'tski_t3', 'tski_t5', 'tski_t7']);
    expect((all as HTMLInputElement).checked).toBe(true);
    expect(within(bar).getByText('4 selected')).toBeTruthy();

    await user.clear(screen.getByRole('searchbox', { name: 'Filter tasks' }));
    const allNow = within(bar).getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    expect(allNow.checked).toBe(false);
    expect(allNow.indeterminate).toBe(true);

    await user.type(screen.getByRole('searchbox', { name: 'Filter tasks' }), 'number 1');
    expect(within(bar).getByText(/^4 selected, 3 hidden by the filter$/)).toBeTruthy();
    await user.click(setTo('Done'));
    // Hidden ones included: they were chosen, and the bar said so.
    await waitFor(() => expect(bulkCalls(fake)).toHaveLength(1));
    expect(bulkCalls(fake)[0]).toEqual({
      taskIds: ['tski_t1', 'tski_t3', 'tski_t5', 'tski_t7'],
      patch: { status: 'done' },
    });
  });

  it('Select all again clears what is shown', async () => {
    const { user, bar } = await selecting(views(3));
    const all = within(bar).getByRole('checkbox', { name: 'Select all' });
    await user.click(all);
    expect(ticked()).toHaveLength(3);
    await user.click(all);
    expect(ticked()).toEqual([]);
    expect(within(bar).getByText('None selected')).toBeTruthy();
  });

  it('a task unpinned meanwhile leaves the selection', async () => {
    const list = views(3);
    const { user, fake, bar } = await selecting(list);
    await user.click(box('Task number 0'));
    await user.click(box('Task number 1'));
    act(() => fake.emit('tasks:changed', [list[1]!, list[2]!]));
    expect(within(bar).getByText('1 selected')).toBeTruthy();
  });
});

describe('bulk change: keyboard', () => {
  it('Space ticks the focused row, Shift+↓ extends, Shift+Space takes a range; 1–5 still set one task', async () => {
    const { user, fake, bar } = await selecting(views(6));
    rowOf('tski_t0').focus();
    await user.keyboard(' ');
    expect(ticked()).toEqual(['tski_t0']);
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(document.activeElement).toBe(rowOf('tski_t1'));
    expect(ticked()).toEqual(['tski_t0', 'tski_t1']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.keyboard(' ');
    expect(ticked()).toEqual(['tski_t0', 'tski_t1', 'tski_t3']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Shift>} {/Shift}');
    expect(ticked()).toEqual(['tski_t0', 'tski_t1', 'tski_t3', 'tski_t4', 'tski_t5']);
    // A row key as before: the focused task alone.
    await user.keyboard('4');
    expect(fake.callsOf('updateTask')).toEqual([{ taskId: 'tski_t5', patch: { status: 'done' } }]);
    expect(within(bar).getByText('5 selected')).toBeTruthy();
  });

  it('from a row’s checkbox, ↓ still moves to the next row', async () => {
    const { user } = await selecting(views(3));
    box('Task number 0').focus();
    await user.keyboard(' ');
    expect(ticked()).toEqual(['tski_t0']);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rowOf('tski_t1'));
  });

  it('outside select mode Space on a row changes nothing', async () => {
    const r = renderWithApi({ tasks: views(3) }, <TaskSection />);
    await screen.findByText('Task number 0');
    rowOf('tski_t0').focus();
    await r.user.keyboard(' ');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(r.fake.calls.filter((c) => c.method.startsWith('update'))).toEqual([]);
  });

  it('the whole bar is reachable with Tab and works with Enter', async () => {
    const { user, fake, bar } = await selecting(views(3));
    const all = within(bar).getByRole('checkbox', { name: 'Select all' });
    all.focus();
    await user.keyboard(' ');
    expect(ticked()).toHaveLength(3);
    await user.tab(); // Cancel
    await user.tab(); // To do
    await user.tab();
    await user.tab();
    await user.tab(); // Done
    expect(document.activeElement?.textContent).toBe('Done');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(bulkCalls(fake)).toHaveLength(1));
  });
});

describe('bulk change: priority and assignee', () => {
  it('sets one priority for the selected tasks, skipping those that have it', async () => {
    const list = views(3).map((v, i) =>
      i === 1 && v.snapshot ? { ...v, snapshot: { ...v.snapshot, priority: 'low' } } : v,
    );
    const { user, fake, bar } = await selecting(list);
    await user.click(within(bar).getByRole('checkbox', { name: 'Select all' }));
    const group = within(bar).getByRole('group', { name: 'Set the priority of 3 tasks to' });
    await user.click(within(group).getByRole('button', { name: 'Low' }));
    await waitFor(() => expect(bulkCalls(fake)).toHaveLength(1));
    expect(bulkCalls(fake)[0]).toEqual({
      taskIds: ['tski_t0', 'tski_t2'],
      patch: { priority: 'low' },
    });
    expect(
      await within(bar).findByText(/2 set to Low priority, 1 already Low priority\./),
    ).toBeTruthy();
  });

  it('assigns the selected tasks to one member, or unassigns them', async () => {
    const list = views(2).map((v) =>
      v.snapshot ? { ...v, snapshot: { ...v.snapshot, assignee: { id: 'mem_maya' } } } : v,
    );
    const fake = createFakeApi({ tasks: list });
    fake.answer('listPeople', async () =>
      ok([{ id: 'mem_dan', name: 'Daniel Okafor', email: 'daniel@example.com', role: 'admin' }]),
    );
    const { user, bar } = await selecting(list, fake);
    await user.click(within(bar).getByRole('checkbox', { name: 'Select all' }));
    await user.click(within(bar).getByRole('button', { name: 'Assign…' }));
    await user.click(await within(bar).findByRole('button', { name: /Daniel Okafor/ }));
    await waitFor(() => expect(bulkCalls(fake)).toHaveLength(1));
    expect(bulkCalls(fake)[0]).toEqual({
      taskIds: ['tski_t0', 'tski_t1'],
      patch: { assigneeId: 'mem_dan' },
    });
    await user.click(within(bar).getByRole('button', { name: 'Assign…' }));
    await user.click(await within(bar).findByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(bulkCalls(fake)).toHaveLength(2));
    expect(bulkCalls(fake)[1]).toMatchObject({ patch: { assigneeId: null } });
  });
});

describe('bulk change: progress and outcomes', () => {
  it('shows the choice at once, counts answers as main reports them, then sums up', async () => {
    const list = views(3);
    const fake = createFakeApi({ tasks: list });
    const answer = deferred<Result<TaskUpdateOutcome[]>>();
    fake.answer('updateTasks', () => answer.promise);
    const { user, bar, setTo } = await selecting(list, fake);
    await user.click(within(bar).getByRole('checkbox', { name: 'Select all' }));
    await user.click(setTo('Done'));

    const status = within(bar).getByRole('status');
    expect(status.textContent).toBe('Setting 3 tasks to Done… 0/3');
    for (const v of list) {
      expect(checkedStatus(v.id)).toBe('Done');
      expect(within(rowOf(v.id)).getByText('Saving…')).toBeTruthy();
    }
    // While it runs, another bulk choice waits.
    expect(setTo('To do').getAttribute('aria-disabled')).toBe('true');

    // Main takes all three (pending), then answers them one by one.
    const pending = list.map((v) => ({
      ...v,
      pendingPatch: { status: 'done' as const },
      sync: 'pending' as const,
    }));
    act(() => fake.emit('tasks:changed', pending));
    expect(status.textContent).toBe('Setting 3 tasks to Done… 0/3');
    const first = landed(list[0]!, 'done');
    act(() => fake.emit('tasks:changed', [first, pending[1]!, pending[2]!]));
    expect(status.textContent).toBe('Setting 3 tasks to Done… 1/3');
    expect(within(rowOf('tski_t0')).queryByText('Saving…')).toBeNull();
    const second = queued(list[1]!, 'done');
    act(() => fake.emit('tasks:changed', [first, second, pending[2]!]));
    expect(status.textContent).toBe('Setting 3 tasks to Done… 2/3');
    expect(within(rowOf('tski_t1')).getByText('Queued, not sent yet')).toBeTruthy();

    const third = landed(list[2]!, 'done');
    act(() => fake.emit('tasks:changed', [first, second, third]));
    await act(async () =>
      answer.resolve(
        ok([
          { taskId: 'tski_t0', result: ok(first) },
          { taskId: 'tski_t1', result: ok(second) },
          { taskId: 'tski_t2', result: ok(third) },
        ]),
      ),
    );
    expect(status.textContent).toBe('2 set to Done, 1 queued to send later.');
    expect(within(bar).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(setTo('To do').getAttribute('aria-disabled')).toBe('false');
  });

  it('mixed outcomes: landed, queued offline, refused, each on its row and in the summary', async () => {
    const list = views(3);
    const fake = createFakeApi({
      tasks: list,
      connection: { state: 'offline', cause: 'unreachable', pendingChanges: 1, message: null },
    });
    fake.answer('updateTasks', async () => {
      const a = landed(list[0]!, 'in_review');
      const b = queued(list[1]!, 'in_review');
      fake.emit('tasks:changed', [a, b, list[2]!]);
      return ok([
        { taskId: 'tski_t0', result: ok(a) },
        { taskId: 'tski_t1', result: ok(b) },
        {
          taskId: 'tski_t2',
          result: err(appError('not_found', 'Task item not found', { status: 404 })),
        },
      ]);
    });
    const { user, bar, setTo } = await selecting(list, fake);
    await user.click(within(bar).getByRole('checkbox', { name: 'Select all' }));
    await user.click(setTo('In review'));

    const status = within(bar).getByRole('status');
    await waitFor(() =>
      expect(status.querySelector('p')?.textContent).toBe(
        '1 set to In review, 1 queued (offline), 1 refused.',
      ),
    );
    expect(within(status).getByRole('listitem').textContent).toBe(
      '“Task number 2”: Task item not found',
    );
    expect(status.querySelector('.bulk__summary--error')).toBeTruthy();
    expect(checkedStatus('tski_t0')).toBe('In review');
    expect(within(rowOf('tski_t1')).getByText('Queued, not sent yet')).toBeTruthy();
    // The refused task is back to what the service has, with the reason on it.
    expect(checkedStatus('tski_t2')).toBe('To do');
    expect(within(rowOf('tski_t2')).getByRole('alert').textContent).toContain(
      'Task item not found',
    );
  });

  it('tasks already showing the status are not sent again, and the summary says so', async () => {
    const list = [
      ...views(2),
      ...views(3)
        .slice(2)
        .map((v) => ({
          ...v,
          snapshot: task({ id: v.id, title: 'Task number 2', status: 'done' }),
        })),
    ];
    const { user, fake, bar, setTo } = await selecting(list);
    await user.click(within(bar).getByRole('checkbox', { name: 'Select all' }));
    await user.click(setTo('Done'));
    await waitFor(() =>
      expect(within(bar).getByRole('status').textContent).toBe('2 set to Done, 1 already Done.'),
    );
    expect(bulkCalls(fake)).toEqual([
      { taskIds: ['tski_t0', 'tski_t1'], patch: { status: 'done' } },
    ]);

    // All of them are Done now: nothing to send at all.
    await user.click(setTo('Done'));
    expect(within(bar).getByRole('status').textContent).toBe(
      'All 3 are already Done: nothing to send.',
    );
    expect(bulkCalls(fake)).toHaveLength(1);
  });

  it('a request main refuses as a whole: every row back as it was, the reason said once', async () => {
    const list = views(4);
    const fake = createFakeApi({ tasks: list });
    fake.answer('updateTasks', async () =>
      err(appError('not_connected', 'Connect to the service first.')),
    );
    const { user, bar, setTo } = await selecting(list, fake);
    await user.click(within(bar).getByRole('checkbox', { name: 'Select all' }));
    await user.click(setTo('Canceled'));
    const status = within(bar).getByRole('status');
    await waitFor(() => expect(status.querySelector('p')?.textContent).toBe('4 refused.'));
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['“Task number 0”, “Task number 1” and 2 more: Connect to the service first.']);
    for (const v of list) expect(checkedStatus(v.id)).toBe('To do');
  });

  it('an answer that never comes back as a value (a broken bridge) is a refusal, not a hang', async () => {
    const list = views(2);
    const fake = createFakeApi({ tasks: list });
    fake.answer('updateTasks', () => Promise.reject(new Error('bridge gone')));
    const { user, bar, setTo } = await selecting(list, fake);
    await user.click(within(bar).getByRole('checkbox', { name: 'Select all' }));
    await user.click(setTo('Done'));
    await waitFor(() =>
      expect(within(bar).getByRole('status').querySelector('p')?.textContent).toBe('2 refused.'),
    );
    expect(checkedStatus('tski_t0')).toBe('To do');
  });

  it('Esc mid-change hides the popup as usual and leaves the change and the bar as they are', async () => {
    const list = views(2);
    const fake = createFakeApi({ tasks: list });
    const answer = deferred<Result<TaskUpdateOutcome[]>>();
    fake.answer('updateTasks', () => answer.promise);
    const { user } = renderWithApi({}, undefined, fake);
    await screen.findByText('Task number 0');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    const bar = await screen.findByRole('region', { name: 'Change several tasks' });
    await user.click(within(bar).getByRole('checkbox', { name: 'Select all' }));
    await user.click(within(bar).getByRole('button', { name: 'Done' }));
    await user.keyboard('{Escape}');
    expect(fake.callsOf('hideWindow')).toHaveLength(1);
    expect(within(bar).getByRole('status').textContent).toBe('Setting 2 tasks to Done… 0/2');
    await act(async () => answer.resolve(ok([])));
  });

  it('leaving mid-change: the change carries on and the rows show how it went', async () => {
    const list = views(2);
    const fake = createFakeApi({ tasks: list });
    const answer = deferred<Result<TaskUpdateOutcome[]>>();
    fake.answer('updateTasks', () => answer.promise);
    const { user, bar, setTo } = await selecting(list, fake);
    await user.click(within(bar).getByRole('checkbox', { name: 'Select all' }));
    await user.click(setTo('Done'));
    await user.click(within(bar).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Change several tasks' })).toBeNull();
    expect(checkedStatus('tski_t0')).toBe('Done');
    const a = landed(list[0]!, 'done');
    const b = landed(list[1]!, 'done');
    act(() => fake.emit('tasks:changed', [a, b]));
    await act(async () =>
      answer.resolve(
        ok([
          { taskId: a.id, result: ok(a) },
          { taskId: b.id, result: ok(b) },
        ]),
      ),
    );
    expect(checkedStatus('tski_t1')).toBe('Done');
    expect(screen.queryByText('Saving…')).toBeNull();
  });
});
