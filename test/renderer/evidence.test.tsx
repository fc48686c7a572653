import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EvidenceUploadsView } from '../../common/evidence';
import { appError, err, ok } from '../../common/result';
import { ComplianceTaskView } from '../../renderer/components/compliance/ComplianceTaskView';
import { ACCESS_REVIEW, ctask, withCompliance } from './compliance-fixtures';
import { createFakeApi } from './fake-api';
import { complianceTask, complianceView } from './fixtures';
import { renderWithApi } from './render-app';

/**
 * Evidence in the popup: files dropped on a compliance task's view or its
 * row go to main by path, a paste asks main to read the clipboard, the
 * uploads show as one line over a bar, refusals with their words and a
 * Dismiss, and the view lists the attachments and opens one.
 */

const files = (...names: string[]) => names.map((n) => new File(['x'], n));
const drag = (el: Element, type: 'dragEnter' | 'dragOver' | 'drop', dropped: File[]) =>
  fireEvent[type](el, { dataTransfer: { types: ['Files'], files: dropped, dropEffect: 'none' } });

const uploading = (percent: number, words: string): EvidenceUploadsView => ({
  tasks: [
    {
      taskId: ACCESS_REVIEW,
      files: [
        { id: 'u1', taskId: ACCESS_REVIEW, name: 'a.png', size: 10, percent, state: 'uploading' },
        { id: 'u2', taskId: ACCESS_REVIEW, name: 'b.pdf', size: 10, percent: 0, state: 'waiting' },
      ],
      percent,
      words,
    },
  ],
  refusals: [],
  waitingBytes: 20,
});

async function openView() {
  const fake = withCompliance(createFakeApi(), ctask(), false);
  fake.answer('attachEvidence', async () => ok({ queued: [], refused: [] }));
  const r = renderWithApi(
    {},
    <ComplianceTaskView taskId={ACCESS_REVIEW} onBack={() => {}} />,
    fake,
  );
  await screen.findByRole('heading', { name: 'Access review' });
  return r;
}

describe('evidence on a compliance task’s view', () => {
  it('two files dropped go to main by path, the view highlighted while they are dragged', async () => {
    const { fake } = await openView();
    const view = document.querySelector('main.compliance')!;
    const dropped = files('mfa.png', 'policy.pdf');
    drag(view.querySelector('h3')!, 'dragEnter', dropped);
    drag(view.querySelector('h3')!, 'dragOver', dropped);
    expect(view.classList.contains('evidence-drop--over')).toBe(true);
    drag(view, 'drop', dropped);
    expect(view.classList.contains('evidence-drop--over')).toBe(false);
    expect(fake.callsOf('attachEvidence')).toEqual([
      { taskId: ACCESS_REVIEW, paths: ['mfa.png', 'policy.pdf'] },
    ]);
  });

  it('shows the uploads as one line over a bar, and what main refused with its words', async () => {
    const { fake } = await openView();
    act(() => fake.emit('evidence:changed', uploading(40, 'Uploading 2 files… 40 %')));
    expect(screen.getByText('Uploading 2 files… 40 %')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    const refused = 'This API key may not attach evidence: it needs the evidence:create scope.';
    fake.answer('dismissEvidenceRefusal', async () =>
      ok({ tasks: [], refusals: [], waitingBytes: 0 }),
    );
    act(() =>
      fake.emit('evidence:changed', {
        tasks: [],
        refusals: [{ id: 'u1', taskId: ACCESS_REVIEW, name: 'a.png', message: refused }],
        waitingBytes: 0,
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not attached: a.png.');
    expect(alert.textContent).toContain('evidence:create');
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss the error on a.png' }));
    expect(fake.callsOf('dismissEvidenceRefusal')).toEqual([{ id: 'u1' }]);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('offline, the waiting uploads say they go when the network is back', async () => {
    const { fake } = await openView();
    const waiting = uploading(0, 'Waiting to upload 2 files… 0 %');
    const files = waiting.tasks[0]!.files.map((f) => ({ ...f, state: 'waiting' as const }));
    act(() =>
      fake.emit('evidence:changed', { ...waiting, tasks: [{ ...waiting.tasks[0]!, files }] }),
    );
    expect(screen.getByText(/^Waiting to upload 2 files… 0 %/).textContent).not.toContain(
      'Offline',
    );
    act(() =>
      fake.emit('connection:changed', {
        state: 'offline',
        cause: 'computer-offline',
        pendingChanges: 0,
        message: null,
      }),
    );
    expect(screen.getByText(/^Waiting to upload 2 files… 0 %/).textContent).toBe(
      'Waiting to upload 2 files… 0 % Offline: they upload once the service can be reached, even after a restart.',
    );
  });

  it('a file refused before it was kept says why at once, and goes when dismissed', async () => {
    const { fake } = await openView();
    const why = '“big.mov” is 120 MB: the service takes files up to 100 MB.';
    fake.answer('attachEvidence', async () =>
      ok({ queued: [], refused: [{ name: 'big.mov', message: why }] }),
    );
    drag(document.querySelector('main.compliance')!, 'drop', files('big.mov'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Not attached: ${why}`);
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss the error on big.mov' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Ctrl+V outside a text field asks main to attach what the clipboard holds', async () => {
    const { fake, user } = await openView();
    fake.answer('pasteEvidence', async () =>
      err(appError('bad_input', 'The clipboard holds no file or image to attach.')),
    );
    await user.keyboard('{Control>}v{/Control}');
    expect(fake.callsOf('pasteEvidence')).toEqual([{ taskId: ACCESS_REVIEW }]);
    expect((await screen.findByRole('alert')).textContent).toContain('no file or image');
  });

  it('lists the attachments with size, who and when, and opens one in the browser', async () => {
    const fake = withCompliance(createFakeApi(), ctask(), false);
    fake.answer('listEvidence', async () =>
      ok({
        taskId: ACCESS_REVIEW,
        items: [
          {
            id: 'att_1',
            name: 'mfa.png',
            type: 'image',
            size: 300_000,
            by: 'you',
            createdAt: new Date().toISOString(),
          },
          {
            id: 'att_2',
            name: 'old.pdf',
            type: 'document',
            size: null,
            by: null,
            createdAt: '2020-03-12T10:00:00Z',
          },
        ],
      }),
    );
    fake.answer('openEvidence', async () => ok(null));
    const r = renderWithApi(
      {},
      <ComplianceTaskView taskId={ACCESS_REVIEW} onBack={() => {}} />,
      fake,
    );
    const list = await screen.findByRole('list', { name: 'Attachments' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'mfa.png300 KB · by you · just now',
      'old.pdf12 Mar 2020',
    ]);
    await r.user.click(within(list).getByRole('button', { name: 'old.pdf' }));
    expect(fake.callsOf('openEvidence')).toEqual([
      { taskId: ACCESS_REVIEW, attachmentId: 'att_2' },
    ]);
  });
});

describe('evidence on a compliance row of My work', () => {
  it('files dropped on a row go to its task; the row shows its uploads', async () => {
    const tasks = [
      complianceTask({ id: 'tsk_one', title: 'Access review' }),
      complianceTask({ id: 'tsk_two', title: 'Backup restore test' }),
    ];
    const r = renderWithApi({ compliance: complianceView({ tasks }) });
    r.fake.answer('attachEvidence', async () => ok({ queued: [], refused: [] }));
    const list = await screen.findByRole('list', { name: 'Compliance tasks' });
    const second = within(list).getAllByRole('listitem')[1]!;
    drag(second.querySelector('.task__title')!, 'dragOver', files('scan.pdf'));
    expect(second.classList.contains('evidence-drop--over')).toBe(true);
    drag(second, 'drop', files('scan.pdf'));
    expect(r.fake.callsOf('attachEvidence')).toEqual([{ taskId: 'tsk_two', paths: ['scan.pdf'] }]);
    act(() =>
      r.fake.emit('evidence:changed', {
        tasks: [{ ...uploading(10, 'Waiting to upload 1 file… 0 %').tasks[0]!, taskId: 'tsk_two' }],
        refusals: [],
        waitingBytes: 10,
      }),
    );
    expect(within(second).getByText('Waiting to upload 1 file… 0 %')).toBeTruthy();
  });
});
