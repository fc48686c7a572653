import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../common/result';
import { createFakeApi } from './fake-api';
import { renderWithApi } from './render-app';
import { loadAllNow } from '../../renderer/lib/idle-loads';

/** The popup has drawn and gone idle (no requestIdleCallback in happy-dom: its timer is 1 s). */
const idle = () => act(() => loadAllNow());

describe('the update line above the footer', () => {
  it('says nothing while there is nothing to say', async () => {
    const { fake } = renderWithApi();
    await screen.findByText('Review the SOC 2 report');
    // Not on the first screen: asked for once the popup is idle after it.
    expect(fake.callsOf('getUpdate')).toEqual([]);
    await idle();
    await waitFor(() => expect(fake.callsOf('getUpdate')).toHaveLength(1));
    expect(document.querySelector('.update-line')).toBeNull();
  });

  it('offers the restart main describes, and asks main by action name', async () => {
    const fake = createFakeApi();
    fake.answer('getUpdate', async () =>
      ok({
        text: 'Version 1.2.0 is ready · 2 changes to send first',
        tone: 'info' as const,
        action: { id: 'restart-to-update' as const, label: 'Restart when sent' },
      }),
    );
    const { user } = renderWithApi({}, undefined, fake);
    await idle();
    expect(
      await screen.findByText('Version 1.2.0 is ready · 2 changes to send first'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Restart when sent' }));
    expect(fake.callsOf('performUpdate')).toEqual([{ action: 'restart-to-update' }]);

    // Main says it is under way: the line follows, with no button.
    act(() =>
      fake.emit('update:changed', {
        text: 'Restarts to update when 2 changes are sent',
        tone: 'progress',
        action: { id: 'cancel-restart', label: 'Don’t restart' },
      }),
    );
    expect(screen.getByText('Restarts to update when 2 changes are sent')).toBeTruthy();
    act(() => fake.emit('update:changed', null));
    expect(document.querySelector('.update-line')).toBeNull();
  });
});
