import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CaptureChoices, CaptureTaken } from '../../common/capture';
import { appError, err, ok } from '../../common/result';
import { createFakeApi } from './fake-api';
import { connected } from './fixtures';
import { renderWithApi } from './render-app';

/** The popup's capture screen against an in-memory main: what the person sees and what is asked. */

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const SOURCES: CaptureChoices = {
  kind: 'sources',
  screens: [{ id: 'screen:1:0', kind: 'screen', name: 'Entire screen', thumbnail: PIXEL }],
  windows: [{ id: 'window:7:0', kind: 'window', name: 'Spreadsheet', thumbnail: null }],
};
const TAKEN: CaptureTaken = {
  id: '6f1d2c1e-6a7b-4c55-9a43-0f6f1c2b3d4e',
  name: 'Screenshot 2026-11-29 at 14.05.12.png',
  width: 1280,
  height: 800,
  size: 245_000,
  preview: PIXEL,
  tasks: [
    { id: 'tsk_last', title: 'Access review', status: 'todo', from: 'last' },
    { id: 'tsk_mine', title: 'Backup restore test', status: 'todo', from: 'mine' },
    { id: 'tsk_pin', title: 'Vendor risk assessments', status: 'todo', from: 'pinned' },
  ],
  defaultTaskId: 'tsk_last',
};

const openCapture = async (choices: CaptureChoices = SOURCES) => {
  const fake = createFakeApi();
  fake.answer('getCaptureChoices', async () => ok(choices));
  fake.answer('takeCapture', async () => ok(TAKEN));
  fake.answer('cancelCapture', async () => ok(null));
  fake.answer('openCaptureSettings', async () => ok(null));
  const r = renderWithApi({}, undefined, fake);
  act(() => fake.emit('view:open', { screen: 'capture' }));
  await screen.findByRole('heading', { name: 'Capture evidence' });
  return r;
};

describe('capturing the screen, in the popup', () => {
  it('a refusal on macOS is explained, and its button opens System Settings', async () => {
    const { fake, user } = await openCapture({
      kind: 'blocked',
      block: {
        kind: 'refused',
        heading: 'Screen recording is turned off',
        body: 'macOS does not let Task Tray capture the screen.',
        action: 'Open System Settings',
      },
    });
    await screen.findByText('Screen recording is turned off');
    await user.click(screen.getByRole('button', { name: 'Open System Settings' }));
    expect(fake.callsOf('openCaptureSettings')).toHaveLength(1);
  });

  it('searches the tasks, sends to the one chosen, and keeps the capture when main refuses', async () => {
    const { fake, user } = await openCapture();
    await user.click(screen.getByRole('button', { name: 'Entire screen' }));
    await screen.findByRole('heading', { name: 'Send the capture' });
    expect(screen.getByRole('radio', { name: /Access review/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'backup');
    expect(screen.queryByRole('radio', { name: /Access review/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Backup restore test/ }));

    fake.answer('attachCapture', async () =>
      err(appError('bad_input', 'Choose yourself in “Assigned to me” first.')),
    );
    await user.click(screen.getByRole('button', { name: 'Attach' }));
    await screen.findByText('Choose yourself in “Assigned to me” first.');
    expect(fake.callsOf('cancelCapture')).toEqual([]);

    fake.answer('attachCapture', async () =>
      ok({
        queued: [
          { id: 'u1', taskId: 'tsk_mine', name: TAKEN.name, size: 1, percent: 0, state: 'waiting' },
        ],
        refused: [],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Attach' }));
    await screen.findByText(/is on its way to “Backup restore test”/);
    expect(fake.callsOf('attachCapture').at(-1)).toEqual({ id: TAKEN.id, taskId: 'tsk_mine' });
  });

  it('another account shown: the screen leaves, and the capture is forgotten', async () => {
    const { fake, user } = await openCapture();
    await user.click(screen.getByRole('button', { name: 'Entire screen' }));
    await screen.findByRole('heading', { name: 'Send the capture' });
    act(() => fake.emit('account:changed', connected({ id: 'p2', label: 'Harbor' })));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Send the capture' })).toBeNull(),
    );
    expect(fake.callsOf('cancelCapture')).toEqual([{ id: TAKEN.id }]);
  });
});
