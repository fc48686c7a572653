import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError } from '../../common/result';
import { connected, view } from './fixtures';
import { renderWithApi } from './render-app';
import { description } from './rows';

describe('home screen', () => {
  it('offline: the footer says so, queued changes show on their rows and in the count', async () => {
    renderWithApi({
      connection: {
        state: 'offline',
        cause: 'computer-offline',
        pendingChanges: 1,
        message: 'Could not reach the service.',
      },
      tasks: [
        view({ pendingPatch: { status: 'done' }, sync: 'queued' }),
        view({ task: { id: 'tski_two', title: 'Second task' } }),
      ],
    });
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText('This computer is offline')).toBeTruthy();
    expect(within(footer).getByText('1 change waiting')).toBeTruthy();
    const queued = screen
      .getAllByRole('listitem')
      .find((li) => li.dataset.taskId === 'tski_abc123')!;
    expect(within(queued).getByText(/Queued/)).toBeTruthy();
    expect(description(queued)).toContain('Status: Done.');
  });

  it('shows a problem main reports about the account (e.g. a locked keychain) above the tasks', async () => {
    renderWithApi({
      account: {
        ...connected(),
        problem: appError(
          'keychain_unavailable',
          'The keychain is locked: unlock it to reconnect.',
        ),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('The keychain is locked');
    expect(await screen.findByText('Review the SOC 2 report')).toBeTruthy();
  });

  it('has one banner, one main region and one footer for screen-reader navigation', async () => {
    renderWithApi();
    await screen.findByText('Review the SOC 2 report');
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getAllByRole('contentinfo')).toHaveLength(1);
  });
});
