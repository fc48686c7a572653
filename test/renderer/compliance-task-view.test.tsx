import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ComplianceChangeAnswer } from '../../common/compliance-change';
import type { ComplianceTask } from '../../common/compliance-task';
import { COMPLIANCE_STATUS_LABELS, COMPLIANCE_STATUSES } from '../../common/compliance-values';
import { appError, err, ok } from '../../common/result';
import { complianceTaskView } from '../../common/compliance-view';
import { ComplianceTaskView } from '../../renderer/components/compliance/ComplianceTaskView';
import {
  ACCESS_REVIEW,
  complianceView,
  ctask,
  landed,
  localNoon,
  ME,
  PEOPLE,
  WEB_URL,
  withCompliance,
} from './compliance-fixtures';
import { createFakeApi, deferred } from './fake-api';
import type { FakeApi } from './fake-api';
import { renderWithApi } from './render-app';

async function openView(
  task: ComplianceTask = ctask(),
  opts: { approval?: boolean | null; ask?: 'not_relevant'; fake?: FakeApi } = {},
) {
  const fake = opts.fake ?? withCompliance(createFakeApi(), task, opts.approval ?? false);
  const onBack = vi.fn();
  const r = renderWithApi(
    {},
    <ComplianceTaskView taskId={task.id} ask={opts.ask} onBack={onBack} />,
    fake,
  );
  await screen.findByRole('heading', { name: task.title });
  return { ...r, fake, onBack };
}

const changes = (fake: FakeApi) => fake.callsOf('updateComplianceTask');
const checked = () =>
  within(screen.getByRole('radiogroup', { name: 'Status' })).getByRole('radio', { checked: true })
    .textContent;

describe('a compliance task’s own view', () => {
  it('shows the task: due words, frequency, department, status, assignee, description, web link', async () => {
    const { user, fake } = await openView();
    expect(screen.getByRole('heading', { name: 'Compliance task' })).toBeTruthy();
    expect(screen.getByText('Due tomorrow')).toBeTruthy();
    expect(screen.getByText('Quarterly')).toBeTruthy();
    expect(screen.getByText('IT')).toBeTruthy();
    expect(checked()).toBe('To do');
    const radios = within(screen.getByRole('radiogroup', { name: 'Status' })).getAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toEqual([
      'To do',
      'In progress',
      'In review',
      'Done',
      'Not relevant',
      'Failed',
    ]);
    expect(await screen.findByText('Daniel Okafor')).toBeTruthy();
    expect(screen.getByText('Review who has access to production systems.')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: /Open in the web app/ }));
    expect(fake.callsOf('openExternal')).toEqual([{ url: WEB_URL }]);
  });

  it('says how late an overdue task is, and a done task’s next review', async () => {
    await openView(ctask({ reviewDate: localNoon(-3), status: 'in_progress' }));
    expect(screen.getByText('3 days overdue').className).toContain('overdue');
    const done = ctask({ id: 'tsk_done1', title: 'Training records', status: 'done' });
    await openView({ ...done, reviewDate: localNoon(40) });
    expect(screen.getByText(/^Next review \d{1,2} [A-Z][a-z]{2}/)).toBeTruthy();
  });

  it('keys 1–6 set the six statuses while the view has focus; 5 asks why first', async () => {
    const { user, fake } = await openView();
    // On its status, as it opens: the keys work at once.
    expect(document.activeElement?.textContent).toBe('To do');
    await user.keyboard('2');
    expect(changes(fake)).toEqual([{ taskId: ACCESS_REVIEW, patch: { status: 'in_progress' } }]);
    await user.keyboard('6');
    expect(changes(fake)[1]).toEqual({ taskId: ACCESS_REVIEW, patch: { status: 'failed' } });
    expect(checked()).toBe('Failed');
    await user.keyboard('5');
    expect(changes(fake)).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByLabelText('Why is this task not relevant?'));
    // Typing in the field is typing: a digit there is no status.
    await user.keyboard('1');
    expect(changes(fake)).toHaveLength(2);
  });

  it('not relevant: the justification is required, sent with the status, and shown', async () => {
    const { user, fake, onBack } = await openView();
    await user.click(screen.getByRole('radio', { name: 'Not relevant' }));
    const field = screen.getByLabelText('Why is this task not relevant?');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toMatch(/Say why the task is not relevant/);
    expect(changes(fake)).toEqual([]);
    await user.type(field, '  Run by the parent company ');
    await user.keyboard('{Enter}');
    expect(changes(fake)).toEqual([
      {
        taskId: ACCESS_REVIEW,
        patch: { status: 'not_relevant', notRelevantJustification: 'Run by the parent company' },
      },
    ]);
    expect(await screen.findByText('Not relevant: Run by the parent company')).toBeTruthy();
    expect(checked()).toBe('Not relevant');
    // Esc on the question cancels it, and the view stays.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Not relevant'));
    await user.keyboard('5');
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Why is this task not relevant?')).toBeNull();
    expect(onBack).not.toHaveBeenCalled();
    expect(changes(fake)).toHaveLength(1);
  });

  it('opened with ask="not_relevant", the question is asked at once', async () => {
    await openView(ctask(), { ask: 'not_relevant' });
    expect(document.activeElement).toBe(screen.getByLabelText('Why is this task not relevant?'));
  });

  it('marking done shows the next review date the service answered', async () => {
    const task = ctask();
    const fake = withCompliance(createFakeApi(), task);
    const next = localNoon(91);
    fake.answer('updateComplianceTask', async () =>
      ok({
        ...landed(task, { status: 'done' }),
        task: { ...task, status: 'done', reviewDate: next },
      }),
    );
    const { user } = await openView(task, { fake });
    await user.keyboard('4');
    const note = await screen.findByText(/^Done\. Next review/);
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }).format(
      new Date(next),
    );
    expect(note.textContent).toContain(day);
    expect(note.getAttribute('role')).toBe('status');
  });

  it('a rename shows at once, says it is saving, then queued; the landing clears it', async () => {
    const task = ctask();
    const fake = withCompliance(createFakeApi(), task);
    const answer = deferred<ComplianceChangeAnswer>();
    fake.answer('updateComplianceTask', async () => ok(await answer.promise));
    const { user } = await openView(task, { fake });
    await user.click(screen.getByRole('button', { name: 'Rename the task' }));
    const input = screen.getByLabelText('Title');
    await user.clear(input);
    await user.type(input, 'Quarterly access review{Enter}');
    // The field waits for main's first word (as a task item's does); the line says it is saving.
    expect(screen.getByText('Saving…', { selector: '.sync' })).toBeTruthy();
    await act(async () =>
      answer.resolve({
        outcome: 'queued',
        task: null,
        change: {
          taskId: task.id,
          pendingPatch: { title: 'Quarterly access review' },
          pending: 'queued',
          error: null,
          refusal: null,
        },
        offer: [],
      }),
    );
    expect(screen.getByText('Queued, not sent yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Quarterly access review' })).toBeTruthy();
    // Back online, it lands: main's kept list holds it, and nothing is waiting.
    act(() =>
      fake.emit(
        'compliance:changed',
        complianceView([{ ...task, title: 'Quarterly access review' }]),
      ),
    );
    expect(screen.queryByText('Queued, not sent yet')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Quarterly access review' })).toBeTruthy();
  });

  it('a change queued, then refused once sent: rolled back with the service’s words', async () => {
    const task = ctask();
    const fake = withCompliance(createFakeApi(), task);
    const patch = { assigneeId: 'mem_priya' };
    fake.answer('updateComplianceTask', async () =>
      ok({
        outcome: 'queued',
        task: null,
        change: {
          taskId: task.id,
          pendingPatch: patch,
          pending: 'queued',
          error: null,
          refusal: null,
        },
        offer: [],
      }),
    );
    const { user } = await openView(task, { fake });
    await user.click(screen.getByRole('button', { name: 'Change…' }));
    await user.click(await screen.findByRole('button', { name: /Priya Raman/ }));
    expect(await screen.findByText('Queued, not sent yet')).toBeTruthy();
    expect(screen.getByText('Assigning to Priya Raman…')).toBeTruthy();
    const words = 'The service refused this change: Assignee is not a member of this organization.';
    act(() =>
      fake.emit('compliance:changed', {
        ...complianceView([task]),
        changes: [{ taskId: task.id, pendingPatch: null, pending: null, error: words, offer: [] }],
      }),
    );
    expect(screen.getByRole('alert').textContent).toContain(words);
    expect(screen.queryByText('Queued, not sent yet')).toBeNull();
    expect(screen.getByText('Daniel Okafor')).toBeTruthy();
  });

  it('opened while a change waits (made before, or from the tray): shown with it, queued', async () => {
    const task = ctask();
    const fake = withCompliance(createFakeApi(), task);
    fake.answer('getCompliance', async () =>
      ok({
        ...complianceView([task]),
        changes: [
          {
            taskId: task.id,
            pendingPatch: { status: 'in_progress' },
            pending: 'queued',
            error: null,
            offer: [],
          },
        ],
      }),
    );
    await openView(task, { fake });
    expect(checked()).toBe('In progress');
    expect(screen.getByText('Queued, not sent yet')).toBeTruthy();
  });

  it('assignee and description: the same picker as task items, shown at once', async () => {
    const { user, fake } = await openView();
    await user.click(screen.getByRole('button', { name: 'Change…' }));
    await user.click(await screen.findByRole('button', { name: /Priya Raman/ }));
    expect(changes(fake)).toEqual([{ taskId: ACCESS_REVIEW, patch: { assigneeId: 'mem_priya' } }]);
    expect(await screen.findByText('Priya Raman')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Description'), ' Export the list.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(changes(fake)[1]).toEqual({
      taskId: ACCESS_REVIEW,
      patch: { description: 'Review who has access to production systems. Export the list.' },
    });
    expect(await screen.findByText(/Export the list\.$/)).toBeTruthy();
  });

  it('a refused rename rolls back with the service’s words', async () => {
    const task = ctask();
    const fake = withCompliance(createFakeApi(), task);
    fake.answer('updateComplianceTask', async () =>
      err(appError('forbidden', 'The key lacks the task:update scope.')),
    );
    const { user } = await openView(task, { fake });
    await user.click(screen.getByRole('button', { name: 'Rename the task' }));
    await user.type(screen.getByLabelText('Title'), ' (2027){Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The key lacks the task:update scope.',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Access review' })).toBeTruthy();
  });

  it('a status refused in review rolls back with the server’s words and offers Approve / Reject', async () => {
    const task = ctask({ status: 'in_review', approverId: ME.id });
    const fake = withCompliance(createFakeApi(), task, true);
    const words =
      'Cannot change status directly while task is in review. Use the approve or reject actions instead.';
    fake.answer('updateComplianceTask', async () =>
      ok({
        outcome: 'refused',
        task,
        change: {
          taskId: task.id,
          pendingPatch: null,
          pending: null,
          error: appError('bad_input', words),
          refusal: 'in_review',
        },
        offer: ['approve', 'reject'],
      }),
    );
    fake.answer('approveTask', async () =>
      ok({ ...task, status: 'done', reviewDate: localNoon(90) }),
    );
    const { user } = await openView(task, { fake });
    await user.keyboard('4');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(words);
    expect(checked()).toBe('In review');
    await user.click(within(alert).getByRole('button', { name: 'Approve' }));
    expect(fake.callsOf('approveTask')).toEqual([{ taskId: ACCESS_REVIEW }]);
    expect(await screen.findByText(/^Done\. Next review/)).toBeTruthy();
    expect(checked()).toBe('Done');
  });

  it('submit for review: the approver chosen from the people; none where approval is off', async () => {
    const task = ctask({ status: 'in_progress' });
    const fake = withCompliance(createFakeApi(), task, true);
    fake.answer('submitForReview', async (input) =>
      ok({
        ...task,
        status: 'in_review',
        approverId: (input as { approverId: string }).approverId,
      }),
    );
    const { user, unmount } = await openView(task, { fake, approval: true });
    await user.click(screen.getByRole('button', { name: 'Submit for review…' }));
    const picker = screen.getByRole('group', { name: 'Choose the approver' });
    // As the web app offers them: everyone but the person submitting, employees too.
    await within(picker).findByRole('button', { name: /Eve Employee/ });
    expect(within(picker).queryByRole('button', { name: /Daniel Okafor/ })).toBeNull();
    expect(within(picker).queryByText(/Cannot be assigned/)).toBeNull();
    await user.click(within(picker).getByRole('button', { name: /Priya Raman/ }));
    expect(fake.callsOf('submitForReview')).toEqual([
      { taskId: ACCESS_REVIEW, approverId: 'mem_priya' },
    ]);
    expect(await screen.findByText('Waiting for Priya Raman to review the evidence.')).toBeTruthy();
    expect(checked()).toBe('In review');
    unmount();

    await openView(task, { approval: false });
    expect(screen.queryByRole('button', { name: 'Submit for review…' })).toBeNull();
  });

  it('choosing In review where approval is on asks for the approver; a session refusal is said', async () => {
    const task = ctask({ status: 'in_progress' });
    const fake = withCompliance(createFakeApi(), task, true);
    fake.answer('submitForReview', async () =>
      err(
        appError(
          'bad_input',
          'Submitting for review needs you signed in with the web app’s session.',
        ),
      ),
    );
    const { user } = await openView(task, { fake, approval: true });
    await user.keyboard('3');
    expect(changes(fake)).toEqual([]);
    await user.click(await screen.findByRole('button', { name: /Maya Chen/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('needs you signed in');
    expect(checked()).toBe('In progress');
  });

  it('the approver approves or rejects a task in review', async () => {
    const task = ctask({ status: 'in_review', approverId: ME.id, assigneeId: PEOPLE[0]!.id });
    const fake = withCompliance(createFakeApi(), task, true);
    fake.answer('rejectTask', async () => ok({ ...task, status: 'in_progress', approverId: null }));
    const { user } = await openView(task, { fake, approval: true });
    expect(await screen.findByText('Waiting for you to review the evidence.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(fake.callsOf('rejectTask')).toEqual([{ taskId: ACCESS_REVIEW }]);
    expect(await screen.findByRole('radio', { name: 'In progress', checked: true })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('Esc goes back', async () => {
    const { user, onBack } = await openView();
    await user.keyboard('{Escape}');
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});

describe('the compliance task view in the app', () => {
  it('opens for a compliance task main asks to show (a link), and Esc goes back to the list', async () => {
    const fake = withCompliance(createFakeApi(), ctask());
    const { user } = renderWithApi({}, undefined, fake);
    await screen.findByRole('listitem');
    act(() => fake.emit('view:open', { screen: 'tasks', taskId: ACCESS_REVIEW }));
    expect(await screen.findByRole('heading', { name: 'Compliance task' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Access review' })).toBeTruthy();
    // "?" says which keys set its six statuses.
    await user.keyboard('?');
    const help = await screen.findByRole('dialog');
    expect(help.textContent).toContain(
      'Compliance task: ' +
        COMPLIANCE_STATUSES.map((s, i) => `${i + 1} ${COMPLIANCE_STATUS_LABELS[s]}`).join(', '),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('listitem')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Compliance task' })).toBeNull();
    expect(fake.callsOf('hideWindow')).toHaveLength(0);
  });

  it('leaves when the account shown changes', async () => {
    const fake = withCompliance(createFakeApi(), ctask());
    renderWithApi({}, undefined, fake);
    await screen.findByRole('listitem');
    act(() => fake.emit('view:open', { screen: 'tasks', taskId: ACCESS_REVIEW }));
    await screen.findByRole('heading', { name: 'Compliance task' });
    const other = { ...fake.state.account };
    if (other.state !== 'connected') throw new Error('connected expected');
    act(() =>
      fake.emit('account:changed', {
        ...other,
        profile: { ...other.profile, id: 'prf_other', label: 'Other' },
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Compliance task' })).toBeNull(),
    );
  });

  it('someone else’s task pinned from a link shows whole, and unpins from My work', async () => {
    const task = ctask({ assigneeId: 'mem_priya', title: 'Laptop encryption evidence' });
    const fake = withCompliance(createFakeApi(), task);
    const pinned = { ...complianceView([]), pinned: [complianceTaskView(task, WEB_URL)] };
    fake.answer('getCompliance', async () => ok(pinned));
    fake.answer('unpinComplianceTask', async () => ok(complianceView([])));
    const { user } = await openView(task, { fake });
    expect(checked()).toBe('To do');
    await user.click(screen.getByRole('button', { name: 'Unpin from My work' }));
    expect(fake.callsOf('unpinComplianceTask')).toEqual([{ taskId: task.id }]);
    // Unpinned and not the person's: nothing left to show of it here.
    expect(await screen.findByText('This compliance task is no longer among yours.')).toBeTruthy();
  });

  it('a pin the service refuses says why beside the button', async () => {
    const fake = withCompliance(createFakeApi(), ctask());
    fake.answer('pinComplianceTask', async () =>
      err(appError('invalid', 'This task is in another organization.')),
    );
    const { user } = await openView(ctask(), { fake });
    await user.click(screen.getByRole('button', { name: 'Pin to My work' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This task is in another organization.',
    );
  });

  it('a pinned id the list does not have says so, and can be unpinned', async () => {
    const fake = withCompliance(createFakeApi(), ctask());
    fake.answer('getCompliance', async () =>
      ok({ ...complianceView([]), pinnedUnread: ['tsk_typo1'] }),
    );
    fake.answer('unpinComplianceTask', async () => ok(complianceView([])));
    const { user } = renderWithApi(
      {},
      <ComplianceTaskView taskId="tsk_typo1" onBack={() => {}} />,
      fake,
    );
    expect(await screen.findByText(/Pinned, but not in the organization’s list/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unpin from My work' }));
    expect(fake.callsOf('unpinComplianceTask')).toEqual([{ taskId: 'tsk_typo1' }]);
    expect(await screen.findByText('This compliance task is no longer among yours.')).toBeTruthy();
  });
});
