import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../common/result';
import type { AssignedView, PersonView } from '../../common/views';
import { task } from './fixtures';
import { renderWithApi } from './render-app';
import type { Rendered } from './render-app';

const maya: PersonView = {
  id: 'mem_maya',
  name: 'Maya Chen',
  email: 'maya@example.com',
  role: 'admin',
};
const tom: PersonView = {
  id: 'mem_tom',
  name: 'Tom Becker',
  email: 'tom@example.com',
  role: 'owner',
};
const mine = [
  task({ id: 'tski_m1', title: 'Rotate the backup keys', priority: 'urgent', status: 'todo' }),
  task({
    id: 'tski_m2',
    title: 'Renew the DPA',
    priority: 'low',
    status: 'in_progress',
    entityType: 'risk',
    entityId: 'rsk_a',
  }),
];
const view = (over: Partial<AssignedView> = {}): AssignedView => ({
  state: 'ready',
  me: maya,
  canChooseMe: true,
  tasks: mine,
  more: 0,
  progress: null,
  builtAt: '2026-03-10T11:58:00Z',
  message: null,
  ...over,
});

const open = async (r: Rendered, first: AssignedView) => {
  r.fake.answer('getAssigned', async () => ok(first));
  r.fake.answer('listPeople', async () => ok([tom, maya]));
  await r.user.click(await screen.findByRole('button', { name: 'Assigned to me' }));
};

describe('assigned to me', () => {
  it('with a key, asks who you are: people searchable by name or email; choosing starts the build', async () => {
    const r = renderWithApi();
    r.fake.answer('setMe', async () =>
      ok(view({ state: 'building', tasks: [], progress: { done: 0, total: 5 } })),
    );
    await open(r, view({ state: 'needs-me', me: null, tasks: [], builtAt: null }));
    expect(await screen.findByRole('heading', { name: 'Who are you?' })).toBeTruthy();
    const people = await screen.findByRole('list', { name: 'People' });
    // The list is drawn at once; its people come with their answer.
    expect((await within(people).findAllByRole('button')).map((b) => b.textContent)).toEqual([
      'Maya Chen maya@example.com',
      'Tom Becker tom@example.com',
    ]);
    await r.user.type(screen.getByRole('searchbox', { name: /Search people/ }), 'tom@');
    expect(within(people).getAllByRole('button')).toHaveLength(1);
    await r.user.keyboard('{ArrowDown}{Enter}');
    expect(r.fake.callsOf('setMe')).toEqual([{ memberId: 'mem_tom' }]);
    expect(
      await screen.findByText('Finding your tasks: 0 of 5 vendors and risks read…'),
    ).toBeTruthy();
  });

  it('shows progress as main reads, then the open tasks most pressing first', async () => {
    const r = renderWithApi();
    await open(
      r,
      view({ state: 'building', tasks: [], builtAt: null, progress: { done: 2, total: 5 } }),
    );
    expect(
      await screen.findByText('Finding your tasks: 2 of 5 vendors and risks read…'),
    ).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Vendors and risks read' }).getAttribute('value'),
    ).toBe('2');
    // Progress comes on its own, without the list.
    act(() => r.fake.emit('assigned:progress', { done: 4, total: 5 }));
    expect(
      await screen.findByText('Finding your tasks: 4 of 5 vendors and risks read…'),
    ).toBeTruthy();
    act(() => r.fake.emit('assigned:changed', view()));
    const list = await screen.findByRole('list', { name: 'Tasks assigned to me' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.dataset['taskId']),
    ).toEqual(['tski_m1', 'tski_m2']);
    expect(screen.getByText(/2 open tasks/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('a list cut short says the first N are shown, and how many more', async () => {
    const r = renderWithApi();
    await open(r, view({ more: 1_950 }));
    expect(
      await screen.findByText(/2 most pressing open tasks shown, of 1,952 assigned to you/),
    ).toBeTruthy();
  });

  it('changing a task there pins it, then sends the change', async () => {
    const r = renderWithApi();
    await open(r, view());
    const list = await screen.findByRole('list', { name: 'Tasks assigned to me' });
    const row = list.querySelector<HTMLElement>('li[data-task-id="tski_m2"]')!;
    row.focus();
    await r.user.keyboard('3');
    await waitFor(() =>
      expect(r.fake.callsOf('updateTask')).toEqual([
        { taskId: 'tski_m2', patch: { status: 'in_review' } },
      ]),
    );
    expect(r.fake.callsOf('pinTask')).toEqual([
      { ref: { taskId: 'tski_m2', entityType: 'risk', entityId: 'rsk_a' } },
    ]);
  });

  it('"Not you?" lets a key choose again; "Read again" asks main to read now', async () => {
    const r = renderWithApi();
    r.fake.answer('refreshAssigned', async () => ok(view({ state: 'building' })));
    await open(r, view());
    await r.user.click(await screen.findByRole('button', { name: 'Read again' }));
    expect(r.fake.callsOf('refreshAssigned')).toHaveLength(1);
    await r.user.click(screen.getByRole('button', { name: 'Not you?' }));
    expect(await screen.findByRole('list', { name: 'People' })).toBeTruthy();
    expect(
      (await screen.findByRole('button', { name: /Maya Chen/ })).getAttribute('aria-current'),
    ).toBe('true');
  });

  it('says plainly when the service cannot gather them', async () => {
    const r = renderWithApi();
    await open(
      r,
      view({
        state: 'unavailable',
        tasks: [],
        builtAt: null,
        message:
          'This service does not list vendors and risks, so Task Tray cannot gather the tasks assigned to you.',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /does not list vendors and risks/,
    );
    expect(screen.queryByRole('list', { name: 'Tasks assigned to me' })).toBeNull();
  });

  it('an organization it may not read says so, and never "Nothing open is assigned to you"', async () => {
    const r = renderWithApi();
    await open(
      r,
      view({
        state: 'failed',
        tasks: [],
        builtAt: '2026-03-10T11:58:00Z',
        message: 'The key may not read this organization’s vendors (vendor:read).',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/may not read/);
    expect(screen.queryByText(/Nothing open is assigned to you/)).toBeNull();
  });

  it('a list read whole with nothing in it says so', async () => {
    const r = renderWithApi();
    await open(r, view({ tasks: [] }));
    expect(await screen.findByText(/Nothing open is assigned to you\./)).toBeTruthy();
  });

  it('Who are you? says a search found no one in the words the assignee picker uses', async () => {
    const r = renderWithApi();
    await open(r, view({ state: 'needs-me', me: null, tasks: [], builtAt: null }));
    await screen.findByRole('list', { name: 'People' });
    await r.user.type(screen.getByRole('searchbox', { name: /Search people/ }), 'zed');
    expect(screen.getByText('Nobody in the organization matches “zed”.')).toBeTruthy();
  });
});
