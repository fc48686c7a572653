import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNDO_MS } from '../../renderer/lib/undo';
import { connected, views } from './fixtures';
import { renderWithApi } from './render-app';
import type { Rendered } from './render-app';
import { openRow } from './rows';

const rows = () => screen.getAllByRole('listitem').filter((li) => li.dataset.taskId);
const toast = () => document.querySelector<HTMLElement>('.undo-toast')!;

async function setup(n = 3): Promise<Rendered> {
  const r = renderWithApi({ tasks: views(n) });
  await screen.findByText('Task number 0');
  return r;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('every change offers Undo for a few seconds', () => {
  it('a status key: the toast names it; its Undo sets back the status shown before', async () => {
    const { user, fake } = await setup();
    rows()[1]!.focus();
    await user.keyboard('4');
    // The toast's code loads with the first change.
    await waitFor(() => expect(toast().textContent).toContain('“Task number 1” set to Done.'));
    // The keys carry on: the toast never takes focus.
    expect(document.activeElement).toBe(rows()[1]);
    await user.click(await within(toast()).findByRole('button', { name: 'Undo' }));
    expect(fake.callsOf('updateTask')).toEqual([
      { taskId: 'tski_t1', patch: { status: 'done' } },
      { taskId: 'tski_t1', patch: { status: 'todo' } },
    ]);
    expect(toast().textContent).toContain('Undone');
    expect(within(toast()).queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('Ctrl+Z and ⌘Z undo the last change; a second press has nothing left to undo', async () => {
    const { user, fake } = await setup();
    rows()[0]!.focus();
    await user.keyboard('2');
    await user.keyboard('{Control>}z{/Control}');
    await user.keyboard('{ArrowDown}3');
    await user.keyboard('{Meta>}z{/Meta}');
    await user.keyboard('{Meta>}z{/Meta}');
    expect(fake.callsOf('updateTask')).toEqual([
      { taskId: 'tski_t0', patch: { status: 'in_progress' } },
      { taskId: 'tski_t0', patch: { status: 'todo' } },
      { taskId: 'tski_t1', patch: { status: 'in_review' } },
      { taskId: 'tski_t1', patch: { status: 'todo' } },
    ]);
  });

  it('in a text field Ctrl+Z is the field’s own, not the last change’s', async () => {
    const { user, fake } = await setup(8);
    rows()[0]!.focus();
    await user.keyboard('2');
    await user.click(screen.getByLabelText('Filter tasks'));
    await user.keyboard('{Control>}z{/Control}');
    expect(fake.callsOf('updateTask')).toHaveLength(1);
    expect(await within(toast()).findByRole('button', { name: 'Undo' })).toBeTruthy();
  });

  it('a priority (Shift+digit) is offered too, and nothing for the value already shown', async () => {
    const { fake, user } = await setup();
    const row = rows()[2]!;
    openRow(row);
    const shift = (n: number) =>
      act(() => {
        row.dispatchEvent(
          new KeyboardEvent('keydown', {
            key: '!',
            code: `Digit${n}`,
            shiftKey: true,
            bubbles: true,
          }),
        );
      });
    shift(2); // High: already shown, nothing sent, nothing offered
    expect(fake.callsOf('updateTask')).toHaveLength(0);
    expect(within(toast()).queryByRole('button', { name: 'Undo' })).toBeNull();
    shift(4);
    expect(toast().textContent).toContain('“Task number 2” set to Low priority.');
    await user.click(await within(toast()).findByRole('button', { name: 'Undo' }));
    expect(fake.callsOf('updateTask')).toEqual([
      { taskId: 'tski_t2', patch: { priority: 'low' } },
      { taskId: 'tski_t2', patch: { priority: 'high' } },
    ]);
  });

  it('Delete unpins; Ctrl+Z pins it again at its place and focuses it', async () => {
    const { user, fake } = await setup(4);
    rows()[1]!.focus();
    await user.keyboard('{Delete}');
    expect(await screen.findByText(/Unpinned “Task number 1”/)).toBeTruthy();
    await user.keyboard('{Control>}z{/Control}');
    expect(fake.callsOf('pinTask')).toEqual([{ ref: { taskId: 'tski_t1' }, at: 1 }]);
    await waitFor(() =>
      expect(rows().map((li) => li.dataset.taskId)).toEqual([
        'tski_t0',
        'tski_t1',
        'tski_t2',
        'tski_t3',
      ]),
    );
    await waitFor(() => expect(document.activeElement).toBe(rows()[1]));
  });

  it('a bulk change: Undo sets each task back to what it had, in one change per value', async () => {
    const list = views(3);
    list[2] = { ...list[2]!, snapshot: { ...list[2]!.snapshot!, status: 'in_progress' } };
    const { user, fake } = renderWithApi({ tasks: list });
    await screen.findByText('Task number 0');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    const bar = await screen.findByRole('region', { name: 'Change several tasks' });
    await user.click(within(bar).getByRole('checkbox', { name: 'Select all' }));
    await user.click(within(bar).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(toast().textContent).toContain('3 tasks set to Done.'));
    await user.click(await within(toast()).findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(fake.callsOf('updateTasks')).toHaveLength(3));
    expect(fake.callsOf('updateTasks').slice(1)).toEqual([
      { taskIds: ['tski_t0', 'tski_t1'], patch: { status: 'todo' } },
      { taskIds: ['tski_t2'], patch: { status: 'in_progress' } },
    ]);
  });

  it('the offer goes when another account is shown: an undo belongs to its account', async () => {
    const { user, fake } = await setup();
    rows()[0]!.focus();
    await user.keyboard('4');
    expect(await within(toast()).findByRole('button', { name: 'Undo' })).toBeTruthy();
    act(() =>
      fake.emit('account:changed', connected({ id: 'prof_2', label: 'Harbor Street Clinic' })),
    );
    await waitFor(() => expect(within(toast()).queryByRole('button', { name: 'Undo' })).toBeNull());
    await user.keyboard('{Control>}z{/Control}');
    expect(fake.callsOf('updateTask')).toHaveLength(1);
  });

  it('the offer goes after a few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fake } = await setup();
    rows()[0]!.focus();
    fireEvent.keyDown(rows()[0]!, { key: '4' });
    expect(await within(toast()).findByRole('button', { name: 'Undo' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(UNDO_MS + 10));
    expect(within(toast()).queryByRole('button', { name: 'Undo' })).toBeNull();
    fireEvent.keyDown(rows()[0]!, { key: 'z', ctrlKey: true });
    expect(fake.callsOf('updateTask')).toHaveLength(1);
  });
});
