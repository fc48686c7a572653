import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../common/result';
import type { ComplianceTaskView } from '../../common/compliance-view';
import type { FakeApi } from './fake-api';
import { createFakeApi } from './fake-api';
import { complianceTask, complianceView, views } from './fixtures';
import { renderWithApi } from './render-app';

// Select mode on Home ticks My work's compliance tasks beside the pinned task items, and the
// bar offers what the ticked kinds can take.

const mine = (): ComplianceTaskView[] => [
  complianceTask({ id: 'tsk_access', title: 'Access review', status: 'todo' }),
  complianceTask({ id: 'tsk_backup', title: 'Backup restore test', status: 'in_progress' }),
];
const box = (title: string) => screen.getByRole('checkbox', { name: title }) as HTMLInputElement;
const rowOf = (id: string) => document.querySelector<HTMLElement>(`li[data-task-id="${id}"]`)!;
const buttonsOf = (bar: HTMLElement, group: RegExp) =>
  within(within(bar).getByRole('group', { name: group }))
    .getAllByRole('button')
    .map((b) => b.textContent);
const complianceCalls = (fake: FakeApi) =>
  fake.callsOf('updateComplianceTasks') as { taskIds: string[]; patch: object }[];

async function selecting(pins = 2, fake = createFakeApi({ tasks: views(pins) })) {
  fake.state.compliance = complianceView({ tasks: mine() });
  const r = renderWithApi({}, undefined, fake);
  await screen.findByText('Access review');
  await r.user.click(await screen.findByRole('button', { name: 'Select' }));
  const bar = await screen.findByRole('region', { name: 'Change several tasks' });
  return { ...r, fake, bar };
}

describe('bulk change across both kinds of task', () => {
  it('compliance rows get checkboxes too; with both kinds ticked, the four shared statuses', async () => {
    const { user, bar, fake } = await selecting();
    await user.click(box('Access review'));
    expect(within(bar).getByText('1 selected')).toBeTruthy();
    // One kind ticked: its own six statuses, and no priority (compliance tasks have none).
    expect(buttonsOf(bar, /^Set 1 task to/)).toEqual([
      'To do',
      'In progress',
      'In review',
      'Done',
      'Not relevant',
      'Failed',
    ]);
    expect(buttonsOf(bar, /Assign the selected tasks/)).toEqual(['Assign…']);
    await user.click(box('Task number 1'));
    expect(buttonsOf(bar, /^Set 2 tasks to/)).toEqual([
      'To do',
      'In progress',
      'In review',
      'Done',
    ]);
    expect(buttonsOf(bar, /priority of the selected task items/)).toContain('Urgent');

    await user.click(within(bar).getByRole('button', { name: 'Done' }));
    await within(bar).findByText('2 set to Done.');
    expect(complianceCalls(fake)).toEqual([{ taskIds: ['tsk_access'], patch: { status: 'done' } }]);
    expect(fake.callsOf('updateTasks')).toEqual([
      { taskIds: ['tski_t1'], patch: { status: 'done' } },
    ]);
    await waitFor(() => expect(rowOf('tsk_access').textContent).toContain('Done'));
  });

  it('Select is offered with one pin and one compliance task', async () => {
    const fake = createFakeApi({ tasks: views(1) });
    fake.state.compliance = complianceView({ tasks: mine().slice(0, 1) });
    renderWithApi({}, undefined, fake);
    await screen.findByText('Access review');
    expect(await screen.findByRole('button', { name: 'Select' })).toBeTruthy();
  });

  it('Shift-click ranges run across both lists', async () => {
    const { user, bar } = await selecting(1);
    await user.click(box('Access review'));
    await user.keyboard('{Shift>}');
    await user.click(box('Task number 0'));
    await user.keyboard('{/Shift}');
    expect(within(bar).getByText('3 selected')).toBeTruthy();
    expect(rowOf('tsk_backup').className).toContain('task--selected');
  });

  it('Not relevant asks why first, once for all; Cancel sends nothing', async () => {
    const { user, bar, fake } = await selecting();
    await user.click(box('Access review'));
    await user.click(box('Backup restore test'));
    await user.click(within(bar).getByRole('button', { name: 'Not relevant' }));
    const why = screen.getByRole('textbox', { name: 'Why is this task not relevant?' });
    await user.click(within(bar).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Why is this task not relevant?' })).toBeNull();
    expect(complianceCalls(fake)).toHaveLength(0);
    expect(why.isConnected).toBe(false);

    await user.click(within(bar).getByRole('button', { name: 'Not relevant' }));
    await user.keyboard('Run by the parent company{Enter}');
    await within(bar).findByText('2 set to Not relevant.');
    expect(complianceCalls(fake)).toEqual([
      {
        taskIds: ['tsk_access', 'tsk_backup'],
        patch: { status: 'not_relevant', notRelevantJustification: 'Run by the parent company' },
      },
    ]);
  });

  it('a refusal is named with the service’s words; Undo sets back each task’s own status', async () => {
    const fake = createFakeApi({ tasks: views(2) });
    const { user, bar } = await selecting(2, fake);
    fake.answer('updateComplianceTasks', async (input) => {
      const { taskIds } = input as { taskIds: string[] };
      return ok(
        taskIds.map((taskId) => {
          const refused = taskId === 'tsk_backup';
          const error = refused
            ? appError('bad_input', 'Cannot change status directly while task is in review.')
            : null;
          const change = { taskId, pendingPatch: null, pending: null, error, refusal: null };
          return {
            taskId,
            result: ok({ outcome: refused ? 'refused' : 'landed', task: null, change, offer: [] }),
          };
        }),
      );
    });
    await user.click(box('Access review'));
    await user.click(box('Backup restore test'));
    await user.click(within(bar).getByRole('button', { name: 'Failed' }));
    await within(bar).findByText('1 set to Failed, 1 refused.');
    expect(
      within(bar).getByText(
        '“Backup restore test”: Cannot change status directly while task is in review.',
      ),
    ).toBeTruthy();

    await user.click(within(bar).getByRole('button', { name: 'Close' }));
    const toast = document.querySelector<HTMLElement>('.undo-toast')!;
    await user.click(await within(toast).findByRole('button', { name: 'Undo' }));
    // Only the task the change was taken for goes back, to what it showed before.
    await waitFor(() =>
      expect(complianceCalls(fake).at(-1)).toEqual({
        taskIds: ['tsk_access'],
        patch: { status: 'todo' },
      }),
    );
  });

  it('main not answering: every compliance task is said refused, nothing is shown as changed', async () => {
    const fake = createFakeApi({ tasks: views(2) });
    const { user, bar } = await selecting(2, fake);
    fake.answer('updateComplianceTasks', async () =>
      err(appError('not_connected', 'Connect first: no key is set.')),
    );
    await user.click(box('Access review'));
    await user.click(within(bar).getByRole('button', { name: 'Done' }));
    await within(bar).findByText('1 refused.');
    expect(within(bar).getByText('“Access review”: Connect first: no key is set.')).toBeTruthy();
    expect(rowOf('tsk_access').textContent).toContain('To do');
  });

  it('a task item ticked while Not relevant asks why takes the question away; focus goes back to the bar', async () => {
    const { user, bar, fake } = await selecting();
    await user.click(box('Access review'));
    await user.click(within(bar).getByRole('button', { name: 'Not relevant' }));
    expect(screen.getByRole('textbox', { name: 'Why is this task not relevant?' })).toBeTruthy();
    await user.click(box('Task number 0'));
    expect(screen.queryByRole('textbox', { name: 'Why is this task not relevant?' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Not relevant' })).toBeNull();
    expect(complianceCalls(fake)).toHaveLength(0);

    await user.click(box('Task number 0'));
    await user.click(within(bar).getByRole('button', { name: 'Not relevant' }));
    await user.click(within(bar).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(bar).getByRole('button', { name: 'Not relevant' }),
      ),
    );
  });

  it('Undo gives a task that was not relevant its status back with its reason', async () => {
    const fake = createFakeApi({ tasks: views(2) });
    fake.state.compliance = complianceView({
      tasks: [
        complianceTask({
          id: 'tsk_access',
          title: 'Access review',
          status: 'not_relevant',
          notRelevantJustification: 'Run by the parent company',
        }),
        complianceTask({ id: 'tsk_backup', title: 'Backup restore test', status: 'in_progress' }),
      ],
    });
    const r = renderWithApi({}, undefined, fake);
    await screen.findByText('Access review');
    await r.user.click(await screen.findByRole('button', { name: 'Select' }));
    const bar = await screen.findByRole('region', { name: 'Change several tasks' });
    await r.user.click(box('Access review'));
    await r.user.click(box('Backup restore test'));
    await r.user.click(within(bar).getByRole('button', { name: 'Done' }));
    await within(bar).findByText('2 set to Done.');
    await r.user.click(within(bar).getByRole('button', { name: 'Close' }));
    const toast = document.querySelector<HTMLElement>('.undo-toast')!;
    await r.user.click(await within(toast).findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(complianceCalls(fake)).toHaveLength(3));
    expect(complianceCalls(fake).slice(1)).toEqual(
      expect.arrayContaining([
        {
          taskIds: ['tsk_access'],
          patch: { status: 'not_relevant', notRelevantJustification: 'Run by the parent company' },
        },
        { taskIds: ['tsk_backup'], patch: { status: 'in_progress' } },
      ]),
    );
  });
});
