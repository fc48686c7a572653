import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../common/result';
import { task, views } from './fixtures';
import { signedOut } from './fixtures';
import { renderWithApi } from './render-app';
import type { Rendered } from './render-app';
import { openRow } from './rows';

/** Every screen the same: its first useful control has focus; Esc goes back one level; Home hides. */

const rows = () => screen.getAllByRole('listitem').filter((li) => li.dataset.taskId);
const focused = () => document.activeElement as HTMLElement;
const home = async () => expect(await screen.findByText('Task number 0')).toBeTruthy();

async function setup(n = 3): Promise<Rendered> {
  const r = renderWithApi({ tasks: views(n) });
  await home();
  return r;
}

describe('each screen opens on its first useful control, and Esc goes back one level', () => {
  it('the task view: its status control; 1–5 and Shift+1–4 work there; Esc back to the row', async () => {
    const { user, fake } = await setup();
    rows()[1]!.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Task' });
    await waitFor(() => expect(focused().getAttribute('role')).toBe('radio'));
    expect(focused().closest('[role="radiogroup"]')?.getAttribute('aria-label')).toBe('Status');
    expect(focused().getAttribute('aria-checked')).toBe('true');
    await user.keyboard('4');
    // Shift+1 as a US layout types it.
    act(() => {
      focused().dispatchEvent(
        new KeyboardEvent('keydown', { key: '!', code: 'Digit1', shiftKey: true, bubbles: true }),
      );
    });
    expect(fake.callsOf('updateTask')).toEqual([
      { taskId: 'tski_t1', patch: { status: 'done' } },
      { taskId: 'tski_t1', patch: { priority: 'urgent' } },
    ]);
    await user.keyboard('{Escape}');
    await home();
    expect(focused()).toBe(rows()[1]);
    expect(fake.callsOf('hideWindow')).toHaveLength(0);
  });

  it('Settings: its first control; Esc back home, then Esc hides the popup', async () => {
    const { user, fake } = await setup();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const main = (await screen.findByRole('heading', { name: 'Settings' })).closest('.app')!;
    await waitFor(() => expect(main.querySelector('main')!.contains(focused())).toBe(true));
    expect(focused().tagName).toMatch(/BUTTON|INPUT/);
    await user.keyboard('{Escape}');
    await home();
    expect(fake.callsOf('hideWindow')).toHaveLength(0);
    await user.keyboard('{Escape}');
    expect(fake.callsOf('hideWindow')).toHaveLength(1);
  });

  it('Settings: a half-typed field is kept when Esc leaves and Settings opens again', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const field = (await screen.findByLabelText(
      'How often Task Tray may call the service',
    )) as HTMLInputElement;
    await user.clear(field);
    await user.type(field, '42');
    await user.keyboard('{Escape}');
    await home();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(
      (
        (await screen.findByLabelText(
          'How often Task Tray may call the service',
        )) as HTMLInputElement
      ).value,
    ).toBe('42');
  });

  it('Browse: the search; an entity’s tasks: Esc back to the list, then home', async () => {
    const r = await setup();
    r.fake.answer('listEntities', async () =>
      ok({ entities: [{ entityType: 'vendor', entityId: 'vnd_a', name: 'Acme' }], note: null }),
    );
    r.fake.answer('listEntityTasks', async () =>
      ok({ tasks: [task({ id: 'tski_v1', title: 'Collect the SOC 2 report' })], note: null }),
    );
    await r.user.click(screen.getByRole('button', { name: 'Browse' }));
    await screen.findByRole('heading', { name: 'Browse' });
    await waitFor(() => expect(focused()).toBe(screen.getByLabelText('Search vendors and risks')));
    await r.user.click(await screen.findByRole('button', { name: 'Acme' }));
    await screen.findByText('Collect the SOC 2 report');
    await r.user.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { name: 'Browse' })).toBeTruthy();
    await r.user.keyboard('{Escape}');
    await home();
    expect(r.fake.callsOf('hideWindow')).toHaveLength(0);
  });

  it('Assigned to me: the first task assigned; Esc home', async () => {
    const r = await setup();
    r.fake.answer('getAssigned', async () =>
      ok({
        state: 'ready',
        me: { id: 'mem_maya', name: 'Maya Chen', email: 'maya@example.com', role: 'admin' },
        canChooseMe: true,
        tasks: [task({ id: 'tski_m1', title: 'Rotate the backup keys' })],
        more: 0,
        progress: null,
        builtAt: '2026-03-10T11:58:00Z',
        message: null,
      }),
    );
    await r.user.click(screen.getByRole('button', { name: 'Assigned' }));
    await screen.findByText('Rotate the backup keys');
    await waitFor(() => expect(focused().dataset.taskId).toBe('tski_m1'));
    await r.user.keyboard('{Escape}');
    await home();
    expect(r.fake.callsOf('hideWindow')).toHaveLength(0);
  });

  it('the API-key form: the key field; Esc back to the ways in, keeping what was typed', async () => {
    const { user, fake } = renderWithApi({ account: signedOut });
    await user.click(await screen.findByRole('button', { name: /Connect with an API key/ }));
    await waitFor(() => expect(focused()).toBe(screen.getByLabelText('API key')));
    await user.keyboard('comp_half');
    await user.keyboard('{Escape}');
    // Back on the ways in, on the first of them; nothing hidden, nothing lost.
    await waitFor(() => expect(focused().textContent).toMatch(/Connect with an API key/));
    expect(fake.callsOf('hideWindow')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /Connect with an API key/ }));
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe('comp_half');
    // Signed out, the ways in are the root: Esc there hides the popup.
    await user.keyboard('{Escape}{Escape}');
    expect(fake.callsOf('hideWindow')).toHaveLength(1);
  });

  it('Connect again: the key field; Esc home', async () => {
    const { user, fake } = renderWithApi({
      tasks: views(1),
      connection: {
        state: 'unauthorized',
        cause: 'refused',
        pendingChanges: 0,
        message: 'The API key lacks the task permissions.',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Connect with another key' }));
    await screen.findByRole('heading', { name: 'Connect again' });
    await waitFor(() => expect(focused()).toBe(screen.getByLabelText('API key')));
    await user.keyboard('{Escape}');
    await home();
    expect(fake.callsOf('hideWindow')).toHaveLength(0);
  });

  it('Add an account: the first way in; the key form one level further; Esc twice home', async () => {
    const { user, fake } = await setup();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('button', { name: 'Add an account…' }));
    await screen.findByRole('heading', { name: 'Add an account' });
    await waitFor(() => expect(focused().textContent).toMatch(/Connect with an API key/));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(focused()).toBe(screen.getByLabelText('API key')));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { name: 'Add an account' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await home();
    expect(fake.callsOf('hideWindow')).toHaveLength(0);
  });
});

describe('the list is one Tab stop', () => {
  it('Tab leaves the list from any row and Shift+Tab comes back to the row last focused', async () => {
    const { user } = await setup(5);
    expect(rows().filter((li) => li.tabIndex === 0)).toHaveLength(1);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focused()).toBe(rows()[2]);
    expect(rows().map((li) => li.tabIndex)).toEqual([-1, -1, 0, -1, -1]);
    await user.tab();
    expect(focused().dataset.taskId).toBeUndefined();
    await user.tab({ shift: true });
    expect(focused()).toBe(rows()[2]);
  });

  it('Home and End go to the first and last task, PageDown and PageUp a screenful', async () => {
    const { user } = await setup(25);
    // The first screenful is drawn first, the rest in the frame after.
    await waitFor(() => expect(rows()).toHaveLength(25));
    await user.keyboard('{End}');
    expect(focused()).toBe(rows()[24]);
    await user.keyboard('{Home}');
    expect(focused()).toBe(rows()[0]);
    // jsdom lays nothing out: a page is then ten rows.
    await user.keyboard('{PageDown}');
    expect(focused()).toBe(rows()[10]);
    await user.keyboard('{PageDown}{PageDown}');
    expect(focused()).toBe(rows()[24]);
    await user.keyboard('{PageUp}');
    expect(focused()).toBe(rows()[14]);
  });

  it('in an open row’s status switch, Home and End stay the switch’s', async () => {
    const { user } = await setup(3);
    openRow(rows()[1]!);
    act(() => within(rows()[1]!).getByRole('radio', { name: 'To do' }).focus());
    await user.keyboard('{End}');
    expect(focused()).toBe(within(rows()[1]!).getByRole('radio', { name: 'Canceled' }));
  });
});

describe('? shows the keys', () => {
  it('from the list, instead of typing into the filter; Esc closes it and focus comes back', async () => {
    const { user, fake } = await setup(8);
    rows()[2]!.focus();
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keys' });
    expect(help.textContent).toContain('Status: 1 To do, 2 In progress');
    expect(help.textContent).toContain('Undo the last change');
    expect((screen.getByLabelText('Filter tasks') as HTMLInputElement).value).toBe('');
    // Modal: Tab stays on its close button.
    await user.tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Close the keys' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(rows()[2]);
    expect(fake.callsOf('hideWindow')).toHaveLength(0);
  });

  it('from the empty filter; once the filter holds text, ? types', async () => {
    const { user } = await setup(8);
    const filter = screen.getByLabelText('Filter tasks') as HTMLInputElement;
    await user.click(filter);
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keys' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close the keys' }));
    await user.click(filter);
    await user.keyboard('Task?');
    expect(filter.value).toBe('Task?');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
