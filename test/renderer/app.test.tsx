import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../common/result';
import type { AccountStatus, PinnedTaskView } from '../../common/views';
import type { Result } from '../../common/result';
import { createFakeApi, deferred } from './fake-api';
import type { FakeApi } from './fake-api';
import { connected, settings, signedOut, view, views } from './fixtures';
import { renderWithApi } from './render-app';

describe('the app shell', () => {
  it('shows a calm loading state until main answers who is signed in', async () => {
    const answer = deferred<Result<AccountStatus>>();
    const fake = createFakeApi();
    fake.answer('getAccount', () => answer.promise);
    renderWithApi({}, undefined, fake);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByRole('heading')).toBeNull();
    await act(async () => answer.resolve(ok(connected())));
    expect(await screen.findByRole('heading', { name: 'Northwind Health' })).toBeTruthy();
  });

  it('says when the app cannot answer, and tries again on request', async () => {
    const fake = createFakeApi();
    fake.answer('getAccount', async () =>
      err(appError('storage', 'The settings file is unreadable.')),
    );
    const r = renderWithApi({}, undefined, fake);
    const { user } = r;
    expect(await r.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('The settings file is unreadable.'),
    );
    fake.answer('getAccount', async () => ok(connected()));
    await user.click(r.getByRole('button', { name: 'Try again' }));
    expect(await r.findByRole('heading', { name: 'Northwind Health' })).toBeTruthy();
  });

  it('opens on the first run screen when signed out', async () => {
    renderWithApi({ account: signedOut });
    expect(await screen.findByRole('heading', { name: 'Welcome to Task Tray' })).toBeTruthy();
  });

  it('opens on the tasks when connected', async () => {
    renderWithApi();
    expect(await screen.findByRole('heading', { name: 'Northwind Health' })).toBeTruthy();
    expect(await screen.findByText('Review the SOC 2 report')).toBeTruthy();
  });

  it('follows main when the account changes (signed out elsewhere, e.g. from the tray)', async () => {
    const { fake } = renderWithApi();
    await screen.findByRole('heading', { name: 'Northwind Health' });
    act(() =>
      fake.emit('account:changed', {
        state: 'signed-out',
        problem: appError('unauthorized', 'Invalid or expired API key'),
        profiles: [],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Welcome to Task Tray' })).toBeTruthy();
    expect(screen.getByText('Invalid or expired API key')).toBeTruthy();
  });

  it('hides the window on Esc', async () => {
    const { fake, user } = renderWithApi();
    await screen.findByRole('heading', { name: 'Northwind Health' });
    await user.keyboard('{Escape}');
    expect(fake.callsOf('hideWindow')).toHaveLength(1);
  });

  it('applies the theme setting to the page, and leaves "system" to the OS', async () => {
    renderWithApi({ settings: settings({ theme: 'dark' }) });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
  });

  it('does not pin a theme when the setting is "system"', async () => {
    renderWithApi({ settings: settings({ theme: 'system' }) });
    await screen.findByRole('heading', { name: 'Northwind Health' });
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('unsubscribes from main’s events when it goes away', async () => {
    const r = renderWithApi();
    await screen.findByText('Review the SOC 2 report');
    expect(r.fake.listenerCount('tasks:changed')).toBeGreaterThan(0);
    r.unmount();
    expect(r.fake.listenerCount('tasks:changed')).toBe(0);
    expect(r.fake.listenerCount('account:changed')).toBe(0);
  });

  it('opens settings when main asks (the tray’s "Settings…")', async () => {
    const { fake } = renderWithApi();
    await screen.findByRole('heading', { name: 'Northwind Health' });
    act(() => fake.emit('view:open', { screen: 'settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
  });

  it('opens "Assigned to me" when main asks (the tray menu)', async () => {
    const { fake } = renderWithApi();
    fake.answer('getAssigned', async () =>
      ok({
        state: 'ready',
        me: { id: 'mem_1', name: 'Maya Chen', email: null, role: null },
        canChooseMe: false,
        tasks: [],
        progress: null,
        builtAt: null,
        message: null,
      }),
    );
    await screen.findByRole('heading', { name: 'Northwind Health' });
    act(() => fake.emit('view:open', { screen: 'assigned' }));
    expect(await screen.findByRole('heading', { name: 'Assigned to me' })).toBeTruthy();
    expect(await screen.findByText('Nothing open is assigned to you.')).toBeTruthy();
  });

  it('shows and focuses a task main asks for (a tasktray:// link), even under a filter', async () => {
    const { fake, user } = renderWithApi({ tasks: views(8) });
    await screen.findByText('Task number 0');
    await user.type(screen.getByRole('searchbox', { name: 'Filter tasks' }), 'number 1');
    act(() => fake.emit('view:open', { screen: 'tasks', taskId: 'tski_t6' }));
    await waitFor(() =>
      expect((document.activeElement as HTMLElement | null)?.dataset.taskId).toBe('tski_t6'),
    );
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });

  const focusedRow = () => (document.activeElement as HTMLElement | null)?.dataset.taskId ?? null;
  /** The popup shown again with nothing focused in it: the first row takes focus unless a linked row is coming. */
  const showAgain = () => {
    (document.activeElement as HTMLElement | null)?.blur();
    act(() => window.dispatchEvent(new FocusEvent('focus')));
  };
  /** Main's own answers (here, its list as it is now) have arrived and been acted on. */
  const settle = () => act(async () => new Promise((r) => setTimeout(r, 20)));
  /** A popup on eight pinned tasks, open with its first row focused. */
  const openOnFirstRow = async (): Promise<FakeApi> => {
    const { fake } = renderWithApi({ tasks: views(8) });
    await waitFor(() => expect(focusedRow()).toBe('tski_t0'));
    return fake;
  };
  /** Main asks to show `taskId` (a link), and its answers to the popup's questions arrive. */
  const linkTo = async (fake: FakeApi, taskId: string) => {
    act(() => fake.emit('view:open', { screen: 'tasks', taskId }));
    await settle();
  };
  /** Main's list once it holds `taskId` too. */
  const withTask = (taskId: string) => [...views(8), view({ id: taskId, task: { id: taskId } })];
  /** The first row holds back while the linked row is coming; it takes focus when main sends it. */
  const waitsThenFocuses = async (fake: FakeApi, taskId: string) => {
    showAgain();
    expect(focusedRow()).toBeNull();
    act(() => fake.emit('tasks:changed', withTask(taskId)));
    await waitFor(() => expect(focusedRow()).toBe(taskId));
  };

  it('a task main asks for that neither the list nor main holds leaves the first row its focus', async () => {
    // The path: a task's own view left with Back after the task was unpinned elsewhere.
    const fake = await openOnFirstRow();
    await linkTo(fake, 'tski_gone');
    expect(fake.calls.filter((c) => c.method === 'listTasks').length).toBeGreaterThan(1);
    showAgain();
    expect(focusedRow()).toBe('tski_t0');
  });

  it('a linked task main holds but has not sent yet keeps the first row waiting, then takes focus', async () => {
    // An account switch sends the new account's list a moment after main asks to show its task.
    const fake = await openOnFirstRow();
    fake.state.tasks = withTask('tski_next');
    await linkTo(fake, 'tski_next');
    await waitsThenFocuses(fake, 'tski_next');
  });

  it('an answer about an earlier link does not drop the link that followed it', async () => {
    const fake = await openOnFirstRow();
    // The first question about main's list is held back; later ones are answered at once.
    const first = deferred<Result<PinnedTaskView[]>>();
    let asked = 0;
    fake.answer('listTasks', async () => (++asked === 1 ? first.promise : ok(fake.state.tasks)));
    await linkTo(fake, 'tski_gone');
    // A second link, to a task main holds but has not sent yet.
    fake.state.tasks = withTask('tski_next');
    await linkTo(fake, 'tski_next');
    // The answer about the first link comes last: it says nothing about the second.
    await act(async () => first.resolve(ok(views(8))));
    await settle();
    await waitsThenFocuses(fake, 'tski_next');
  });

  it('a question about the list that main could not answer keeps the link waiting for its row', async () => {
    const fake = await openOnFirstRow();
    fake.answer('listTasks', async () => err(appError('internal', 'The app did not answer.')));
    await linkTo(fake, 'tski_slow');
    await waitsThenFocuses(fake, 'tski_slow');
  });

  it('a linked task that main lets go while its row was coming stops holding the focus back', async () => {
    const fake = await openOnFirstRow();
    fake.state.tasks = withTask('tski_brief');
    await linkTo(fake, 'tski_brief');
    showAgain();
    expect(focusedRow()).toBeNull();
    // Unpinned before main sent it: the next list comes without it, and so is main's.
    fake.state.tasks = views(7);
    act(() => fake.emit('tasks:changed', views(7)));
    await settle();
    showAgain();
    expect(focusedRow()).toBe('tski_t0');
  });

  /**
   * A popup with 40 pinned tasks, opened by a link to `taskId` while its list
   * loads: the first frame draws only the first screen's rows.
   */
  const linkedWhileLoading = async (taskId: string) => {
    const fake = createFakeApi({ tasks: views(40) });
    const list = deferred<Result<PinnedTaskView[]>>();
    fake.answer('listTasks', () => list.promise);
    renderWithApi({}, undefined, fake);
    await screen.findByRole('heading', { name: 'Northwind Health' });
    act(() => fake.emit('view:open', { screen: 'tasks', taskId }));
    await act(async () => {
      list.resolve(ok(views(40)));
      await Promise.resolve();
    });
    return fake;
  };

  it('a task asked for but unpinned before its row was drawn does not keep the list from its keys', async () => {
    const fake = await linkedWhileLoading('tski_t35');
    // Its row is not drawn yet (only the first screen's are), and nothing has focus meanwhile.
    expect(document.querySelector('li[data-task-id="tski_t35"]')).toBeNull();
    expect(document.activeElement).toBe(document.body);
    act(() =>
      fake.emit(
        'tasks:changed',
        views(40).filter((v) => v.id !== 'tski_t35'),
      ),
    );
    await waitFor(() => expect(document.querySelectorAll('li[data-task-id]')).toHaveLength(39));
    // Nothing is coming any more: the first row takes focus as on any open, and again when
    // the popup is shown with nothing focused.
    expect((document.activeElement as HTMLElement | null)?.dataset.taskId).toBe('tski_t0');
    (document.activeElement as HTMLElement | null)?.blur();
    act(() => window.dispatchEvent(new FocusEvent('focus')));
    expect((document.activeElement as HTMLElement | null)?.dataset.taskId).toBe('tski_t0');
  });

  it('a person who filters while a linked row is on its way keeps the focus they chose', async () => {
    await linkedWhileLoading('tski_t35');
    expect(document.querySelector('li[data-task-id="tski_t35"]')).toBeNull();
    // Typed before the rest of the rows are drawn: a filter that hides the linked task.
    const filter = screen.getByRole('searchbox', { name: 'Filter tasks' }) as HTMLInputElement;
    act(() => {
      filter.focus();
      fireEvent.change(filter, { target: { value: 'number 1' } });
    });
    await waitFor(() =>
      expect(document.querySelectorAll('li[data-task-id]').length).toBeLessThan(40),
    );
    // Cleared again, the linked row shows up: focus stays in the filter.
    act(() => {
      fireEvent.change(filter, { target: { value: '' } });
    });
    await waitFor(() => expect(document.querySelectorAll('li[data-task-id]')).toHaveLength(40));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(document.activeElement).toBe(filter);
  });

  it('focuses a task main asks for that lies below the first screen of a long list', async () => {
    // Asked for before the list has loaded: the first frame draws only the first
    // screen of rows, and the task is focused once its row is drawn right after.
    // Every row that takes focus on the way (a focused row opens): only the one asked for.
    const focused: string[] = [];
    const onFocus = (e: FocusEvent) => {
      const id = (e.target as HTMLElement).dataset?.taskId;
      if (id) focused.push(id);
    };
    document.addEventListener('focusin', onFocus);
    try {
      await linkedWhileLoading('tski_t35');
      await waitFor(() =>
        expect((document.activeElement as HTMLElement | null)?.dataset.taskId).toBe('tski_t35'),
      );
      expect(document.querySelectorAll('li[data-task-id]')).toHaveLength(40);
      expect(focused).toEqual(['tski_t35']);
    } finally {
      document.removeEventListener('focusin', onFocus);
    }
  });
});
