import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ComplianceChangeAnswer } from '../../common/compliance-change';
import type { ComplianceTask } from '../../common/compliance-task';
import { appError, err, ok } from '../../common/result';
import type { AssignedView } from '../../common/views';
import { HomeScreen } from '../../renderer/components/HomeScreen';
import { deferred } from './fake-api';
import { complianceTask, complianceView, connected, task, view } from './fixtures';
import { renderWithApi } from './render-app';
import type { Rendered } from './render-app';
import { description } from './rows';

/** Noon, `days` from today in this machine's zone: the due words count calendar days. */
const day = (days: number): string => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days, 12).toISOString();
};

// As main orders them (orderMine): overdue first, then by review date, done last.
const mine = [
  complianceTask({ id: 'tsk_over', title: 'Access review', reviewDate: day(-3) }),
  complianceTask({
    id: 'tsk_soon',
    title: 'Backup restore test',
    status: 'in_progress',
    reviewDate: day(1),
    frequency: 'monthly',
    department: 'hr',
  }),
  complianceTask({ id: 'tsk_done', title: 'Policy sign-off', status: 'done', reviewDate: day(40) }),
];

const assigned = (over: Partial<AssignedView> = {}): AssignedView => ({
  state: 'ready',
  me: { id: 'mem_maya', name: 'Maya Chen', email: 'maya@example.com', role: 'admin' },
  canChooseMe: true,
  tasks: [
    task({ id: 'tski_a1', title: 'Rotate the backup keys', priority: 'urgent' }),
    task({ id: 'tski_a2', title: 'Renew the DPA', entityType: 'risk', entityId: 'rsk_a' }),
  ],
  more: 0,
  progress: null,
  builtAt: new Date().toISOString(),
  message: null,
  ...over,
});

const complianceList = () => screen.findByRole('list', { name: 'Compliance tasks' });
const rowsOf = (list: HTMLElement) => within(list).getAllByRole('listitem');
const titleOf = (li: HTMLElement) => li.querySelector('.task__title')?.textContent;
const statusOf = (li: HTMLElement) => /Status: (.*?)\./.exec(description(li))?.[1];

/** Home on its own, with a spy where App would open a compliance task's view. */
function renderHome(opts: { pins?: boolean; assignedView?: AssignedView } = {}) {
  const onOpenComplianceTask = vi.fn<(taskId: string, ask?: 'not_relevant') => void>();
  const account = connected();
  const r = renderWithApi(
    { tasks: opts.pins === false ? [] : [view()], compliance: complianceView({ tasks: mine }) },
    <HomeScreen
      profile={account.state === 'connected' ? account.profile : (undefined as never)}
      problem={null}
      onReconnect={() => {}}
      focusTask={null}
      onFocused={() => {}}
      onOpenSettings={() => {}}
      onOpenBrowse={() => {}}
      onOpenAssigned={() => {}}
      onOpenComplianceTask={onOpenComplianceTask}
    />,
  );
  r.fake.answer('getAssigned', async () => ok(opts.assignedView ?? assigned()));
  return { ...r, onOpenComplianceTask };
}

async function focusRow(r: Rendered, title: string): Promise<HTMLElement> {
  const list = await complianceList();
  const row = rowsOf(list).find((li) => titleOf(li) === title)!;
  row.focus();
  await waitFor(() => expect(row.className).toContain('task--open'));
  return row;
}

describe('My work', () => {
  it('lists compliance tasks first in the view’s order, then task items assigned, then the pins', async () => {
    renderHome();
    const list = await complianceList();
    expect(rowsOf(list).map(titleOf)).toEqual([
      'Access review',
      'Backup restore test',
      'Policy sign-off',
    ]);
    const items = await screen.findByRole('list', { name: 'Task items assigned to me' });
    expect(within(items).getAllByRole('listitem').map(titleOf)).toEqual([
      'Rotate the backup keys',
      'Renew the DPA',
    ]);
    const pins = screen.getByRole('list', { name: 'Pinned tasks' });
    expect(list.compareDocumentPosition(items) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(items.compareDocumentPosition(pins) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Places' }).textContent).toContain('My work');
  });

  it('says when each is due: days overdue, tomorrow, the next review of one done', async () => {
    renderHome();
    const list = await complianceList();
    const due = rowsOf(list).map((li) => li.querySelector('.due')?.textContent);
    expect(due[0]).toBe('3 days overdue');
    expect(due[1]).toBe('due tomorrow');
    expect(due[2]).toMatch(/^next review \d{1,2} [A-Z][a-z]{2}( \d{4})?$/);
    // The overdue one is marked as such, not only worded.
    expect(rowsOf(list)[0]!.querySelector('.due--overdue')).toBeTruthy();
  });

  it('the open row adds the frequency and department, and the six statuses', async () => {
    const r = renderHome();
    const row = await focusRow(r, 'Backup restore test');
    expect(row.querySelector('.ctask__schedule')?.textContent).toBe('Monthly · HR');
    expect(
      within(row)
        .getAllByRole('radio')
        .map((b) => b.textContent),
    ).toEqual(['To do', 'In progress', 'In review', 'Done', 'Not relevant', 'Failed']);
  });

  it('keys 1–6 set the status at once through updateComplianceTask; 5 (not relevant) opens the task to ask why', async () => {
    const r = renderHome();
    const held = deferred<ReturnType<typeof landed>>();
    r.fake.answer('updateComplianceTask', () => held.promise);
    const row = await focusRow(r, 'Access review');
    await r.user.keyboard('4');
    expect(r.fake.callsOf('updateComplianceTask')).toEqual([
      { taskId: 'tsk_over', patch: { status: 'done' } },
    ]);
    // Shown before the service answers, as waiting.
    expect(statusOf(row)).toBe('Done');
    expect(row.querySelector('.sync--pending')).toBeTruthy();
    held.resolve(landed('tsk_over', 'done'));
    r.fake.emit('compliance:changed', complianceView({ tasks: withStatus('tsk_over', 'done') }));
    await waitFor(() => expect(row.querySelector('.sync--pending')).toBeNull());
    expect(statusOf(row)).toBe('Done');

    r.fake.answer('updateComplianceTask', async () => landed('tsk_over', 'failed'));
    await r.user.keyboard('6');
    expect(r.fake.callsOf('updateComplianceTask').at(-1)).toEqual({
      taskId: 'tsk_over',
      patch: { status: 'failed' },
    });

    await r.user.keyboard('5');
    expect(r.onOpenComplianceTask).toHaveBeenCalledWith('tsk_over', 'not_relevant');
    expect(r.fake.callsOf('updateComplianceTask')).toHaveLength(2);

    await r.user.keyboard('{Enter}');
    expect(r.onOpenComplianceTask).toHaveBeenLastCalledWith('tsk_over');
    // ↓ moves to the next compliance task; 1 sets it to To do.
    await r.user.keyboard('{ArrowDown}1');
    expect(r.fake.callsOf('updateComplianceTask').at(-1)).toEqual({
      taskId: 'tsk_soon',
      patch: { status: 'todo' },
    });
  });

  it('a refusal rolls the row back with the service’s words, and offers the task’s view where review is the way', async () => {
    const r = renderHome();
    const words = 'Cannot change status directly while task is in review. Use approve or reject.';
    r.fake.answer('updateComplianceTask', async () =>
      ok({
        outcome: 'refused',
        task: null,
        change: {
          taskId: 'tsk_soon',
          pendingPatch: null,
          pending: null,
          error: appError('invalid', words),
          refusal: 'needs_review',
        },
        offer: ['submit_for_review'],
      } satisfies ComplianceChangeAnswer),
    );
    const row = await focusRow(r, 'Backup restore test');
    await r.user.keyboard('4');
    const alert = await within(row).findByRole('alert');
    expect(alert.textContent).toContain(words);
    expect(statusOf(row)).toBe('In progress');
    // Still on the row: its view (where review is) opens; and the row keeps the way there.
    expect(r.onOpenComplianceTask).toHaveBeenCalledExactlyOnceWith('tsk_soon');
    await r.user.click(within(alert).getByRole('button', { name: 'Open the task' }));
    expect(r.onOpenComplianceTask).toHaveBeenCalledTimes(2);
    await r.user.click(within(alert).getByRole('button', { name: /Dismiss/ }));
    expect(within(row).queryByRole('alert')).toBeNull();
  });

  it('a change queued offline that the service refuses later rolls back with its words', async () => {
    const r = renderHome();
    r.fake.answer('updateComplianceTask', async () =>
      ok({
        outcome: 'queued',
        task: null,
        change: {
          taskId: 'tsk_over',
          pendingPatch: { status: 'done' },
          pending: 'queued',
          error: null,
          refusal: null,
        },
        offer: [],
      } satisfies ComplianceChangeAnswer),
    );
    const row = await focusRow(r, 'Access review');
    await r.user.keyboard('4');
    await waitFor(() => expect(statusOf(row)).toBe('Done'));
    // Back online, main sent it and the service said no: its view says so.
    const words = 'Task not found or access denied';
    r.fake.emit(
      'compliance:changed',
      complianceView({
        tasks: mine,
        changes: [
          { taskId: 'tsk_over', pendingPatch: null, pending: null, error: words, offer: [] },
        ],
      }),
    );
    expect((await within(row).findByRole('alert')).textContent).toContain(words);
    expect(statusOf(row)).toBe('To do');
  });

  it('a compliance link pasted in the pin field is pinned through its own channel, asking main to open it', async () => {
    const r = renderHome();
    const priyas = complianceTask({
      id: 'tsk_priya',
      title: 'Laptop encryption',
      assigneeId: 'mem_priya',
    });
    r.fake.answer('pinComplianceTask', async () => {
      const v = complianceView({ tasks: mine, pinned: [priyas] });
      r.fake.emit('compliance:changed', v);
      return ok(v);
    });
    const link = 'https://app.example.com/org_1/tasks/tsk_priya';
    await r.user.type(screen.getByRole('textbox', { name: 'Pin a task by id or link' }), link);
    await r.user.keyboard('{Enter}');
    await waitFor(() =>
      expect(r.fake.callsOf('pinComplianceTask')).toEqual([{ ref: link, open: true }]),
    );
    await waitFor(() =>
      expect(
        screen.getByRole<HTMLInputElement>('textbox', { name: 'Pin a task by id or link' }).value,
      ).toBe(''),
    );
    expect(r.fake.callsOf('pinTask')).toEqual([]);
    // Someone else's, pinned: listed after the person's own.
    const rows = rowsOf(await complianceList());
    expect(rows.map(titleOf).at(-1)).toBe('Laptop encryption');
    expect(rows).toHaveLength(mine.length + 1);
  });

  it('a compliance link the service refuses to pin says why, and the text stays', async () => {
    const r = renderHome();
    r.fake.answer('pinComplianceTask', async () =>
      err(appError('invalid', 'Task not found or access denied')),
    );
    const field = screen.getByRole('textbox', { name: 'Pin a task by id or link' });
    await r.user.type(field, 'tsk_nothere1');
    await r.user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Task not found or access denied',
    );
    expect((field as HTMLInputElement).value).toBe('tsk_nothere1');
    expect(r.onOpenComplianceTask).not.toHaveBeenCalled();
  });

  it('main’s own refusal (not sent) rolls back too, with its words', async () => {
    const r = renderHome();
    r.fake.answer('updateComplianceTask', async () =>
      err(appError('not_connected', 'Connect to the service first.')),
    );
    const row = await focusRow(r, 'Access review');
    await r.user.keyboard('2');
    expect((await within(row).findByRole('alert')).textContent).toContain(
      'Connect to the service first.',
    );
    expect(statusOf(row)).toBe('To do');
  });

  it('a status set by key offers its undo, which sets it back the same way', async () => {
    const r = renderWithApi({ compliance: complianceView({ tasks: mine }) });
    r.fake.answer('getAssigned', async () => ok(assigned()));
    const list = await complianceList();
    rowsOf(list)[0]!.focus();
    await r.user.keyboard('4');
    const toast = () => document.querySelector<HTMLElement>('.undo-toast')!;
    await waitFor(() => expect(toast().textContent).toContain('“Access review” set to Done.'));
    await r.user.click(await within(toast()).findByRole('button', { name: 'Undo' }));
    expect(r.fake.callsOf('updateComplianceTask')).toEqual([
      { taskId: 'tsk_over', patch: { status: 'done' } },
      { taskId: 'tsk_over', patch: { status: 'todo' } },
    ]);
  });

  it("Enter opens the compliance task's view; 5 opens it asking why it is not relevant", async () => {
    const r = renderWithApi({ compliance: complianceView({ tasks: mine }) });
    r.fake.answer('getAssigned', async () => ok(assigned()));
    rowsOf(await complianceList())[0]!.focus();
    await r.user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Access review' })).toBeTruthy();
    expect(screen.queryByLabelText('Why is this task not relevant?')).toBeNull();
    await r.user.keyboard('{Escape}');
    rowsOf(await complianceList())[0]!.focus();
    await r.user.keyboard('5');
    expect(await screen.findByLabelText('Why is this task not relevant?')).toBeTruthy();
    // Asked, not sent: not relevant goes with its reason.
    expect(r.fake.callsOf('updateComplianceTask')).toEqual([]);
  });

  it('just connected, nothing pinned: their work shows at once, its first row focused, and a line about pins', async () => {
    const r = renderWithApi({ tasks: [], compliance: complianceView({ tasks: mine }) });
    r.fake.answer('getAssigned', async () => ok(assigned()));
    const list = await complianceList();
    await screen.findByRole('list', { name: 'Task items assigned to me' });
    await waitFor(() => expect(document.activeElement).toBe(rowsOf(list)[0]));
    expect(screen.queryByText('No pinned tasks yet')).toBeNull();
    expect(screen.getByText(/Pin any task to keep it here/)).toBeTruthy();
  });

  it('with nothing of theirs anywhere, the empty home still offers Assigned and Browse', async () => {
    const r = renderWithApi({ tasks: [] });
    r.fake.answer('getAssigned', async () => ok(assigned({ tasks: [] })));
    expect(await screen.findByText('No pinned tasks yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show what is assigned to me' })).toBeTruthy();
  });

  it('where the service has no compliance tasks (404) or refuses them (403): the note once, task items carry on', async () => {
    const note = "Compliance tasks aren't available with this key — showing task items only";
    const r = renderWithApi({
      tasks: [],
      compliance: complianceView({ availability: 'not_permitted', note }),
    });
    r.fake.answer('getAssigned', async () => ok(assigned()));
    expect(await screen.findAllByText(note)).toHaveLength(1);
    expect(await screen.findByRole('list', { name: 'Task items assigned to me' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Compliance tasks' })).toBeNull();
    // A later view (the same note) still says it once.
    r.fake.emit('compliance:changed', complianceView({ availability: 'not_permitted', note }));
    expect(screen.getAllByText(note)).toHaveLength(1);
  });

  it('more task items than My work lists: the first ten, and a way to all of them', async () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      task({ id: `tski_m${i}`, title: `Item ${i}` }),
    );
    const r = renderHome({ assignedView: assigned({ tasks: many, more: 6 }) });
    void r;
    const items = await screen.findByRole('list', { name: 'Task items assigned to me' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'All 20 assigned to me' })).toBeTruthy();
  });
});

describe('My work: main’s word and the first answer', () => {
  it('a view main sent while the first answer was on its way is not overwritten by that older answer', async () => {
    const r = renderHome();
    const first = deferred<Awaited<ReturnType<typeof r.fake.api.getCompliance>>>();
    r.fake.answer('getCompliance', () => first.promise);
    await waitFor(() => expect(r.fake.callsOf('getCompliance')).toHaveLength(1));
    const newer = complianceView({
      tasks: [complianceTask({ id: 'tsk_over', title: 'Access review', status: 'done' })],
    });
    r.fake.emit('compliance:changed', newer);
    const list = await complianceList();
    await waitFor(() => expect(rowsOf(list).map(statusOf)).toEqual(['Done']));
    first.resolve(ok(complianceView({ tasks: mine })));
    await first.promise;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rowsOf(await complianceList()).map(statusOf)).toEqual(['Done']);
  });
});

function withStatus(taskId: string, status: string) {
  return mine.map((t) => (t.id === taskId ? { ...t, status } : t));
}

function landed(taskId: string, status: string) {
  const t = mine.find((x) => x.id === taskId)!;
  const { webUrl: _, ...fields } = t;
  const kept = { ...fields, status } as unknown as ComplianceTask;
  return ok({
    outcome: 'landed',
    task: kept,
    change: { taskId, pendingPatch: null, pending: null, error: null, refusal: null },
    offer: [],
  } satisfies ComplianceChangeAnswer);
}
