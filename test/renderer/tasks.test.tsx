import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { PinnedTaskView } from '../../common/views';
import { TaskSection } from '../../renderer/components/TaskSection';
import { createFakeApi, deferred } from './fake-api';
import type { FakeApi } from './fake-api';
import { task, view, views } from './fixtures';
import { renderWithApi } from './render-app';
import { description, openRow } from './rows';

const renderTasks = (tasks: PinnedTaskView[], fake: FakeApi = createFakeApi({ tasks })) =>
  renderWithApi({}, <TaskSection />, fake);

// The status switch is drawn in the open row: the one holding focus.
const checked = (li: HTMLElement) => {
  openRow(li);
  return within(li)
    .getAllByRole('radio')
    .filter((r) => r.getAttribute('aria-checked') === 'true')
    .map((r) => r.textContent);
};

describe('task list states', () => {
  it('loading: placeholders and a status for screen readers', async () => {
    const fake = createFakeApi();
    const answer = deferred<Result<PinnedTaskView[]>>();
    fake.answer('listTasks', () => answer.promise);
    performance.clearMarks('tasks-painted');
    renderTasks([], fake);
    expect(screen.getByText('Loading your tasks…')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    // Not "painted" while only placeholders are on screen.
    expect(performance.getEntriesByName('tasks-painted')).toHaveLength(0);
    expect(screen.queryByRole('list', { name: 'Pinned tasks' })).toBeNull();
    await act(async () => answer.resolve(ok([view()])));
    expect(screen.getByRole('list', { name: 'Pinned tasks' })).toBeTruthy();
  });

  it('empty: says how to pin the first task', async () => {
    renderTasks([]);
    expect(await screen.findByText('No pinned tasks yet')).toBeTruthy();
    expect(screen.getByLabelText('Pin a task by id or link')).toBeTruthy();
  });

  it('error: says why and loads again on request', async () => {
    const fake = createFakeApi();
    fake.answer('listTasks', async () =>
      err(appError('storage', 'The pinned tasks could not be read.')),
    );
    const { user } = renderTasks([], fake);
    expect((await screen.findByRole('alert')).textContent).toContain('could not be read');
    fake.answer('listTasks', async () => ok([view()]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Review the SOC 2 report')).toBeTruthy();
  });

  it('a row: one line of status, title, priority and age; open, who changed it, when, and the assignee', async () => {
    renderTasks([
      view({
        task: {
          updatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
          assignee: { id: 'mem_1', user: { name: 'Daniel Okafor', email: null } },
        },
      }),
      view({ id: 'tski_two', task: { id: 'tski_two', title: 'Second' } }),
    ]);
    const [li, second] = await screen.findAllByRole('listitem');
    if (!li || !second) throw new Error('two rows');
    const line = li.querySelector('.task__line')!;
    expect(line.querySelector('.pill')?.textContent).toBe('To do');
    expect(within(li).getByText('Review the SOC 2 report')).toBeTruthy();
    expect(line.querySelector('.priority')?.getAttribute('title')).toBe('High priority');
    expect(line.querySelector('time')?.textContent).toBe('5m');
    // The meta line is read with the row always, and shown when the row is open.
    expect(description(li)).toContain('Status: To do.');
    expect(description(li)).toContain('High priority.');
    expect(li.querySelector('.task__updated')?.textContent).toBe('Updated 5 min ago by Maya Chen');
    expect(li.querySelector('.task__assignee')?.textContent).toBe('Assigned to Daniel Okafor');
    expect(within(li).getByText('Vendor')).toBeTruthy();
    openRow(second);
    expect((li.querySelector('.task__meta') as HTMLElement).hidden).toBe(true);
    expect(within(li).queryByRole('radiogroup')).toBeNull();
    expect(checked(li)).toEqual(['To do']);
    expect(
      within(li).getByRole('radiogroup', { name: 'Status of Review the SOC 2 report' }),
    ).toBeTruthy();
  });

  it('a task not yet fetched shows its id, and the entity its link named', async () => {
    renderTasks([view({ id: 'tski_fresh1', snapshot: null, ref: { entityType: 'risk' } })]);
    const li = await screen.findByRole('listitem');
    expect(within(li).getByText('tski_fresh1')).toBeTruthy();
    expect(within(li).getByText('Risk')).toBeTruthy();
    expect(checked(li)).toEqual([]);
  });

  it('the first line of the description as a preview, on hover over the title', async () => {
    renderTasks([view({ task: { description: 'Ask for the 2025 report.\nThen file it.' } })]);
    const title = (await screen.findByRole('listitem')).querySelector('.task__title')!;
    expect(title.getAttribute('title')).toBe('Review the SOC 2 report\nAsk for the 2025 report.');
  });

  it('a rich-text description previews its first line too, once its reader has loaded', async () => {
    const description = JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Ask Maya first.' }] }],
    });
    renderTasks([view({ task: { description } })]);
    const title = (await screen.findByRole('listitem')).querySelector('.task__title')!;
    await waitFor(() =>
      expect(title.getAttribute('title')).toBe('Review the SOC 2 report\nAsk Maya first.'),
    );
  });

  it('pending: marked as saving', async () => {
    renderTasks([view({ pendingPatch: { status: 'done' }, sync: 'pending' })]);
    const li = await screen.findByRole('listitem');
    expect(within(li).getByText('Saving…')).toBeTruthy();
    expect(checked(li)).toEqual(['Done']);
  });

  it('queued: marked distinctly, as waiting to be sent', async () => {
    renderTasks([view({ pendingPatch: { status: 'in_review' }, sync: 'queued' })]);
    const li = await screen.findByRole('listitem');
    expect(within(li).getByText('Queued, not sent yet')).toBeTruthy();
    expect(li.className).toContain('task--queued');
    expect(within(li).queryByText('Saving…')).toBeNull();
  });

  it('failed: the reason, dismissable through main', async () => {
    const fake = createFakeApi({
      tasks: [
        view({
          sync: 'failed',
          error: appError('forbidden', 'API key lacks required permission scope', { status: 403 }),
        }),
      ],
    });
    const { user } = renderTasks([], fake);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('API key lacks required permission scope');
    await user.click(screen.getByRole('button', { name: /Dismiss the error/ }));
    expect(fake.callsOf('dismissTaskError')).toEqual([{ taskId: 'tski_abc123' }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an unknown status value: none chosen, and said plainly', async () => {
    renderTasks([view({ task: { status: 'blocked', warnings: ['Unknown status "blocked"'] } })]);
    const li = await screen.findByRole('listitem');
    expect(checked(li)).toEqual([]);
    expect(within(li).getByText(/reports the status “blocked”/)).toBeTruthy();
    // The row is the one Tab stop; Enter reaches the switch, so it can be fixed.
    expect(
      within(li)
        .getAllByRole('radio')
        .filter((r) => r.tabIndex === 0),
    ).toHaveLength(0);
    act(() => {
      li.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(document.activeElement).toBe(within(li).getByRole('radio', { name: 'To do' }));
  });

  it('a note from the reads: one line while closed (its tooltip says it), read whole once open', async () => {
    const note = 'This task is no longer listed under its vendor or risk.';
    // The second row: the first opens as the list takes focus.
    renderTasks([view(), { ...view({ id: 'tski_noted1' }), readNote: note }]);
    const li = (await screen.findAllByRole('listitem'))[1]!;
    expect(li.classList.contains('task--open')).toBe(false);
    expect(within(li).queryByText(note)).toBeNull();
    expect(li.querySelector('.task__title')!.getAttribute('title')).toContain(note);
    openRow(li);
    expect(within(li).getByText(note)).toBeTruthy();
  });

  it('a long title: the row lays out its first 300 characters, the tooltip has it whole', async () => {
    const long = 'Collect evidence '.repeat(50).trim();
    renderTasks([view({ task: { title: long } })]);
    const title = (await screen.findByRole('listitem')).querySelector('.task__title')!;
    expect(title.textContent).toBe(`${long.slice(0, 299)}…`);
    expect(title.getAttribute('title')).toBe(long);
  });

  it('a title of 100,000 characters without a space lays out 300 (issue 13: seconds of layout)', async () => {
    renderTasks([view({ task: { title: 'W'.repeat(100_000), description: 'D'.repeat(50_000) } })]);
    const row = await screen.findByRole('listitem');
    expect(row.querySelector('.task__title')!.textContent).toHaveLength(300);
    // The tooltip: the title as kept, then the description's first line, laid out no longer than 300.
    expect(row.querySelector('.task__title')!.getAttribute('title')!.split('\n')[1]).toHaveLength(
      300,
    );
  });

  // happy-dom takes seconds to build 4,000 elements (Chromium takes milliseconds): room for that.
  it('200 pinned tasks: all listed, and the benchmark mark is set once', async () => {
    performance.clearMarks('tasks-painted');
    const { container } = renderTasks(views(200));
    await screen.findByText('Task number 199');
    const list = container.querySelector<HTMLElement>('ul[aria-label="Pinned tasks"]')!;
    // Plain selectors: role queries over a thousand buttons are slow in happy-dom (not in the app).
    expect(list.querySelectorAll(':scope > li')).toHaveLength(200);
    // One row open (the first, holding focus as the popup opens); the rest one line each.
    expect(list.querySelectorAll('[role="radiogroup"]')).toHaveLength(1);
    expect(list.querySelectorAll('.pill')).toHaveLength(200);
    expect(list.querySelector(':scope > li:last-child .task__title')?.textContent).toBe(
      'Task number 199',
    );
    expect(screen.getByText('200')).toBeTruthy();
    await waitFor(() => expect(performance.getEntriesByName('tasks-painted')).toHaveLength(1));
  }, 30_000);

  it('follows tasks:changed from main', async () => {
    const { fake } = renderTasks([view()]);
    await screen.findByText('Review the SOC 2 report');
    act(() => fake.emit('tasks:changed', [view({ task: { title: 'Renamed elsewhere' } })]));
    expect(screen.getByText('Renamed elsewhere')).toBeTruthy();
  });
});

describe('changing a status', () => {
  it('shows the change the instant it is clicked, as pending, then confirmed', async () => {
    const fake = createFakeApi({ tasks: [view()] });
    const answer = deferred<Result<PinnedTaskView>>();
    fake.answer('updateTask', () => answer.promise);
    const { user } = renderTasks([], fake);
    const li = await screen.findByRole('listitem');
    await user.click(within(li).getByRole('radio', { name: 'Done' }));
    expect(checked(li)).toEqual(['Done']);
    expect(within(li).getByText('Saving…')).toBeTruthy();
    expect(fake.callsOf('updateTask')).toEqual([
      { taskId: 'tski_abc123', patch: { status: 'done' } },
    ]);

    await act(async () =>
      answer.resolve(ok(view({ pendingPatch: { status: 'done' }, sync: 'pending' }))),
    );
    expect(checked(li)).toEqual(['Done']);
    act(() => fake.emit('tasks:changed', [view({ task: { status: 'done' } })]));
    expect(checked(li)).toEqual(['Done']);
    expect(within(li).queryByText('Saving…')).toBeNull();
  });

  it('rolls back with the service’s reason when it refuses', async () => {
    const { fake, user } = renderTasks([view()]);
    const li = await screen.findByRole('listitem');
    await user.click(within(li).getByRole('radio', { name: 'In review' }));
    expect(checked(li)).toEqual(['In review']);
    act(() =>
      fake.emit('tasks:changed', [
        view({
          sync: 'failed',
          error: appError('not_found', 'Task item not found', { status: 404 }),
        }),
      ]),
    );
    expect(checked(li)).toEqual(['To do']);
    expect(within(li).getByRole('alert').textContent).toContain('Task item not found');
  });

  it('rolls back when main refuses at once (e.g. not connected), and the message can be dismissed', async () => {
    const fake = createFakeApi({ tasks: [view()] });
    fake.answer('updateTask', async () =>
      err(appError('not_connected', 'Connect to the service first.')),
    );
    const { user } = renderTasks([], fake);
    const li = await screen.findByRole('listitem');
    await user.click(within(li).getByRole('radio', { name: 'Done' }));
    expect(checked(li)).toEqual(['To do']);
    expect(within(li).getByRole('alert').textContent).toContain('Connect to the service first.');
    await user.click(within(li).getByRole('button', { name: /Dismiss the error/ }));
    expect(within(li).queryByRole('alert')).toBeNull();
    // A local refusal is the popup's own: main has nothing to dismiss.
    expect(fake.callsOf('dismissTaskError')).toHaveLength(0);
  });

  it('as main really answers a refusal (error result and the error kept on the task): one message, dismissed in both places', async () => {
    const fake = createFakeApi({ tasks: [view()] });
    const refusal = appError('forbidden', 'API key lacks required permission scope', {
      status: 403,
    });
    fake.answer('updateTask', async () => {
      fake.state.tasks = [view({ sync: 'failed', error: refusal })];
      fake.emit('tasks:changed', fake.state.tasks);
      return err(refusal);
    });
    const { user } = renderTasks([], fake);
    const li = await screen.findByRole('listitem');
    await user.click(within(li).getByRole('radio', { name: 'Done' }));
    expect(checked(li)).toEqual(['To do']);
    expect(within(li).getAllByRole('alert')).toHaveLength(1);
    await user.click(within(li).getByRole('button', { name: /Dismiss the error/ }));
    expect(fake.callsOf('dismissTaskError')).toEqual([{ taskId: 'tski_abc123' }]);
    expect(within(li).queryByRole('alert')).toBeNull();
  });

  it('no double submits: fast clicks on one choice send one update', async () => {
    const fake = createFakeApi({ tasks: [view()] });
    const answer = deferred<Result<PinnedTaskView>>();
    fake.answer('updateTask', () => answer.promise);
    const { user } = renderTasks([], fake);
    const done = within(await screen.findByRole('listitem')).getByRole('radio', { name: 'Done' });
    await user.tripleClick(done);
    await user.click(done);
    expect(fake.callsOf('updateTask')).toHaveLength(1);
    await act(async () =>
      answer.resolve(ok(view({ pendingPatch: { status: 'done' }, sync: 'pending' }))),
    );
    expect(fake.callsOf('updateTask')).toHaveLength(1);
  });

  it('changing one’s mind mid-flight sends the last choice after the first answer, never two at once', async () => {
    const fake = createFakeApi({ tasks: [view()] });
    const answers: ReturnType<typeof deferred<Result<PinnedTaskView>>>[] = [];
    fake.answer('updateTask', () => {
      const d = deferred<Result<PinnedTaskView>>();
      answers.push(d);
      return d.promise;
    });
    const { user } = renderTasks([], fake);
    const li = await screen.findByRole('listitem');
    await user.click(within(li).getByRole('radio', { name: 'In progress' }));
    await user.click(within(li).getByRole('radio', { name: 'In review' }));
    await user.click(within(li).getByRole('radio', { name: 'Done' }));
    expect(checked(li)).toEqual(['Done']);
    expect(fake.callsOf('updateTask')).toHaveLength(1);
    await act(async () =>
      answers[0]!.resolve(ok(view({ pendingPatch: { status: 'in_progress' }, sync: 'pending' }))),
    );
    expect(checked(li)).toEqual(['Done']);
    expect(fake.callsOf('updateTask')).toEqual([
      { taskId: 'tski_abc123', patch: { status: 'in_progress' } },
      { taskId: 'tski_abc123', patch: { status: 'done' } },
    ]);
    await act(async () =>
      answers[1]!.resolve(ok(view({ pendingPatch: { status: 'done' }, sync: 'pending' }))),
    );
    expect(checked(li)).toEqual(['Done']);
  });

  it('clicking the status it already has sends nothing', async () => {
    const { fake, user } = renderTasks([view({ task: { status: 'in_progress' } })]);
    const li = await screen.findByRole('listitem');
    await user.click(within(li).getByRole('radio', { name: 'In progress' }));
    expect(fake.callsOf('updateTask')).toHaveLength(0);
  });

  it('a task with an unknown status can be set to a known one', async () => {
    const { fake, user } = renderTasks([view({ task: { status: 'blocked' } })]);
    const li = await screen.findByRole('listitem');
    await user.click(within(li).getByRole('radio', { name: 'To do' }));
    expect(fake.callsOf('updateTask')).toEqual([
      { taskId: 'tski_abc123', patch: { status: 'todo' } },
    ]);
  });
});

describe('unpinning', () => {
  it('removes the row at once and offers undo, which pins it again as it was pinned, at its place', async () => {
    const list = views(3);
    const ref = { organizationId: 'org_abc', entityType: 'risk' as const, entityId: 'rsk_1' };
    list[1] = { ...list[1]!, ref };
    // The whole app: the undo toast is the app's, over every screen.
    const { fake, user } = renderWithApi({ tasks: list });
    await user.click(await screen.findByRole('button', { name: 'Unpin Task number 1' }));
    expect(screen.queryByText('Task number 1')).toBeNull();
    expect(fake.callsOf('unpinTask')).toEqual([{ taskId: 'tski_t1' }]);
    expect(await screen.findByText(/Unpinned “Task number 1”/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(fake.callsOf('pinTask')).toEqual([{ ref: { ...ref, taskId: 'tski_t1' }, at: 1 }]);
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('listitem')
          .filter((li) => li.dataset.taskId)
          .map((li) => li.dataset.taskId),
      ).toEqual(['tski_t0', 'tski_t1', 'tski_t2']),
    );
  });

  it('puts the row back where it was when main refuses', async () => {
    const fake = createFakeApi({ tasks: views(3) });
    fake.answer('unpinTask', async () => err(appError('storage', 'Settings could not be saved.')));
    const { user } = renderTasks([], fake);
    await user.click(await screen.findByRole('button', { name: 'Unpin Task number 1' }));
    expect(
      await screen.findByText(/Could not unpin “Task number 1”: Settings could not be saved./),
    ).toBeTruthy();
    const titles = screen
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.task__title')?.textContent);
    expect(titles).toEqual(['Task number 0', 'Task number 1', 'Task number 2']);
  });
});

describe('filtering', () => {
  it('appears when there are many tasks and narrows the list as you type', async () => {
    const tasks = [
      ...views(6),
      view({ task: { id: 'tski_dpa', title: 'Renew the DPA with Stripe', entityType: 'vendor' } }),
    ];
    const { user } = renderTasks(tasks);
    const filter = await screen.findByRole('searchbox', { name: 'Filter tasks' });
    await user.type(filter, 'stripe');
    expect(
      screen.getAllByRole('listitem').map((li) => li.querySelector('.task__title')?.textContent),
    ).toEqual(['Renew the DPA with Stripe']);
    await user.clear(filter);
    await user.type(filter, 'nothing like this');
    expect(screen.getByText('No pinned task matches “nothing like this”.')).toBeTruthy();
  });

  it('is there however few the pins: it searches every task known, not only those', async () => {
    renderTasks(views(1));
    await screen.findByText('Task number 0');
    expect(screen.getByRole('searchbox', { name: 'Filter tasks' })).toBeTruthy();
  });
});

describe('task row content', () => {
  it('with an API key, a change made here reads "by you (recorded as …)", the why said elsewhere', async () => {
    const changed = view({ changedHere: true });
    renderWithApi({ tasks: [changed] }, <TaskSection apiKey />);
    const li = await screen.findByRole('listitem');
    openRow(li);
    expect(li.querySelector('.task__updated')?.textContent).toMatch(
      /^Updated .+ by you \(recorded as Maya Chen\)$/,
    );
    // The explanation is not repeated on the row (Settings says it, once).
    expect(li.textContent).not.toMatch(/records changes made with an API key/);
  });

  it('not said with a web session, nor for a change made elsewhere', async () => {
    const first = renderWithApi({ tasks: [view({ changedHere: true })] }, <TaskSection />);
    openRow(await screen.findByRole('listitem'));
    expect(screen.queryByText(/by you/)).toBeNull();
    first.unmount();
    renderWithApi({ tasks: [view()] }, <TaskSection apiKey />);
    openRow(await screen.findByRole('listitem'));
    expect(screen.queryByText(/by you/)).toBeNull();
  });

  it('says "Not loaded yet" to screen readers for a task with no status', async () => {
    renderTasks([view({ id: 'tski_x1', snapshot: null })]);
    const li = await screen.findByRole('listitem');
    expect(description(li)).toContain('Status: Not loaded yet.');
    expect(li.querySelector('.pill')?.textContent).toBe('?');
  });

  it('shows who updated by email when there is no name', async () => {
    renderTasks([
      view({ snapshot: task({ updatedBy: { id: 'm', user: { email: 'ops@example.com' } } }) }),
    ]);
    const li = await screen.findByRole('listitem');
    expect(li.querySelector('.task__updated')?.textContent).toMatch(/by ops@example.com$/);
  });
});
