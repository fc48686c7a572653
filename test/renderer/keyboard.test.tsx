import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { views } from './fixtures';
import { renderWithApi } from './render-app';
import { description, openRow } from './rows';

const rows = () => screen.getAllByRole('listitem').filter((li) => li.dataset.taskId);
/** The status a row says it has (read with the row, open or not). */
const checkedOf = (li: HTMLElement) => /Status: (.*?)\./.exec(description(li))?.[1];

async function setup(n = 3) {
  const r = renderWithApi({ tasks: views(n) });
  await screen.findByText('Task number 0');
  return r;
}

describe('keyboard', () => {
  it('↓/↑ move between tasks', async () => {
    const { user } = await setup();
    rows()[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows()[1]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(rows()[2]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(rows()[1]);
  });

  it('the popup opens with the first task focused, ready for ↑/↓ and 1–5', async () => {
    const { user, fake } = await setup();
    expect(document.activeElement).toBe(rows()[0]);
    await user.keyboard('{ArrowDown}3');
    expect(fake.callsOf('updateTask')).toEqual([
      { taskId: 'tski_t1', patch: { status: 'in_review' } },
    ]);
  });

  it('Enter opens the task; in the row’s switch, Esc comes back to the row (not hiding the popup)', async () => {
    const { user, fake } = await setup();
    const first = rows()[0]!;
    openRow(first);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Task' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(fake.callsOf('hideWindow')).toHaveLength(0);
    await screen.findByText('Task number 0');
    expect(document.activeElement).toBe(rows()[0]);

    within(rows()[0]!).getByRole('radio', { name: 'To do' }).focus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(fake.callsOf('updateTask')).toEqual([
      { taskId: 'tski_t0', patch: { status: 'in_progress' } },
    ]);
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(rows()[0]);
    expect(fake.callsOf('hideWindow')).toHaveLength(0);
  });

  it('↓/↑ work from inside a row too (e.g. from its status control)', async () => {
    const { user } = await setup();
    openRow(rows()[0]!);
    within(rows()[0]!).getByRole('radio', { name: 'To do' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows()[1]);
  });

  it('1–5 set the status of the focused task', async () => {
    const { user, fake } = await setup();
    rows()[1]!.focus();
    await user.keyboard('4');
    expect(checkedOf(rows()[1]!)).toBe('Done');
    expect(fake.callsOf('updateTask')).toEqual([{ taskId: 'tski_t1', patch: { status: 'done' } }]);
    await user.keyboard('{ArrowDown}2');
    expect(checkedOf(rows()[2]!)).toBe('In progress');
    expect(checkedOf(rows()[0]!)).toBe('To do');
  });

  it('←/→ move within the status control without changing anything; Space chooses', async () => {
    const { user, fake } = await setup();
    openRow(rows()[0]!);
    const group = within(rows()[0]!).getByRole('radiogroup');
    within(group).getByRole('radio', { name: 'To do' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('In review');
    expect(fake.callsOf('updateTask')).toHaveLength(0);
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Canceled');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('To do');
    await user.keyboard('{ArrowLeft} ');
    expect(checkedOf(rows()[0]!)).toBe('Canceled');
    expect(fake.callsOf('updateTask')).toEqual([
      { taskId: 'tski_t0', patch: { status: 'canceled' } },
    ]);
  });

  it('Delete unpins the focused task and focus moves to the next one', async () => {
    const { user, fake } = await setup();
    rows()[1]!.focus();
    await user.keyboard('{Delete}');
    expect(fake.callsOf('unpinTask')).toEqual([{ taskId: 'tski_t1' }]);
    expect(rows().map((r) => r.dataset.taskId)).toEqual(['tski_t0', 'tski_t2']);
    expect(document.activeElement).toBe(rows()[1]);
  });

  it('Delete on the last task moves focus to the one before', async () => {
    const { user } = await setup();
    rows()[2]!.focus();
    await user.keyboard('{Delete}');
    expect(document.activeElement).toBe(rows()[1]);
  });

  it('`/` focuses the filter; typing on a row starts filtering; Esc clears before it hides', async () => {
    const { user, fake } = await setup(8);
    rows()[0]!.focus();
    await user.keyboard('/');
    const filter = screen.getByRole('searchbox', { name: 'Filter tasks' });
    expect(document.activeElement).toBe(filter);
    await user.keyboard('7');
    expect(rows().map((r) => r.dataset.taskId)).toEqual(['tski_t7']);
    await user.keyboard('{Escape}');
    expect((filter as HTMLInputElement).value).toBe('');
    expect(fake.callsOf('hideWindow')).toHaveLength(0);
    await user.keyboard('{Escape}');
    expect(fake.callsOf('hideWindow')).toHaveLength(1);

    rows()[3]!.focus();
    await user.keyboard('n');
    expect(document.activeElement).toBe(filter);
    expect((filter as HTMLInputElement).value).toBe('n');
  });

  it('↓ from the filter goes to the first match', async () => {
    const { user } = await setup(8);
    await user.click(screen.getByRole('searchbox', { name: 'Filter tasks' }));
    await user.keyboard('5{ArrowDown}');
    expect(document.activeElement).toBe(rows()[0]);
    expect(rows()[0]!.dataset.taskId).toBe('tski_t5');
  });

  it('keys typed in the pin field stay there (no status change, no unpin)', async () => {
    const { user, fake } = await setup();
    await user.click(screen.getByLabelText('Pin a task by id or link'));
    await user.keyboard('1{Backspace}/');
    expect(fake.callsOf('updateTask')).toHaveLength(0);
    expect(fake.callsOf('unpinTask')).toHaveLength(0);
    expect((screen.getByLabelText('Pin a task by id or link') as HTMLInputElement).value).toBe('/');
  });

  it('the list is one Tab stop; after it, the pin field and the footer; before, the places', async () => {
    const { user } = await setup(3);
    expect(document.activeElement).toBe(rows()[0]);
    const name = () => {
      const el = document.activeElement as HTMLInputElement;
      return (
        el.dataset.taskId ??
        el.getAttribute('aria-label') ??
        el.labels?.[0]?.textContent ??
        el.textContent
      );
    };
    const order: (string | null)[] = [];
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      order.push(name());
    }
    expect(order.slice(0, 3)).toEqual(['Pin a task by id or link', 'Pin', 'Settings']);
    // Before the rows: the list's own bar (its search, there however few the pins), then the
    // places strip, then the organization's details.
    rows()[0]!.focus();
    const back: (string | null)[] = [];
    for (let i = 0; i < 6; i += 1) {
      await user.tab({ shift: true });
      back.push(name());
    }
    expect(back).toEqual([
      'Select',
      'Filter tasks',
      'Browse',
      'Assigned',
      'My work',
      'Organization details',
    ]);
  });
});
