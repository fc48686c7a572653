import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../common/result';
import { createFakeApi } from './fake-api';
import { renderWithApi } from './render-app';

describe('the update line above the footer', () => {
  it('says nothing while there is nothing to say', async () => {
    renderWithApi();
    await screen.findByText('Review the SOC 2 report');
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
