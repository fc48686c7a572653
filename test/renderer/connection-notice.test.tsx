import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError, ok } from '../../common/result';
import { createFakeApi } from './fake-api';
import { connected, view } from './fixtures';
import { renderWithApi } from './render-app';

describe('waiting changes', () => {
  it('the service not answering: says so (the computer is online), and can retry now', async () => {
    const { fake, user } = renderWithApi({
      connection: {
        state: 'offline',
        cause: 'unreachable',
        pendingChanges: 2,
        message: 'Could not reach the service.',
      },
    });
    expect(
      await screen.findByText(
        'The service is not answering (this computer is online). 2 changes wait and will be sent when it answers.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(fake.callsOf('retrySync')).toHaveLength(1);
  });

  it('tells main when the page sees the network come back', async () => {
    const { fake } = renderWithApi();
    await screen.findByText('Review the SOC 2 report');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(fake.callsOf('retrySync')).toHaveLength(1);
  });

  it('service errors: the reason, and retry now', async () => {
    renderWithApi({
      connection: {
        state: 'error',
        cause: 'failing',
        pendingChanges: 1,
        message: 'The service had a problem (HTTP 500). Try again in a moment.',
      },
    });
    expect(
      await screen.findByText(
        'The service is failing: it answers with errors. 1 change waits and will be retried.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByText(/HTTP 500/).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Retry now' })).toBeTruthy();
  });

  it('nothing to say when online, or when nothing waits', async () => {
    renderWithApi({
      connection: {
        state: 'error',
        cause: 'failing',
        pendingChanges: 0,
        message: 'Org refresh failed.',
      },
    });
    await screen.findByText('Review the SOC 2 report');
    expect(screen.queryByText(/will be retried/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull();
  });

  it('a refused key pauses the changes; connect with another key at the same address', async () => {
    const fake = createFakeApi({
      account: connected({ baseUrl: 'https://api.acme.example', organizationId: 'org_abc123' }),
      tasks: [view({ pendingPatch: { status: 'done' }, sync: 'queued' })],
      connection: {
        state: 'unauthorized',
        cause: 'refused',
        pendingChanges: 1,
        message: 'The API key lacks the task permissions.',
      },
    });
    const { user } = renderWithApi({}, undefined, fake);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('1 change paused');
    expect(alert.textContent).toContain('The API key lacks the task permissions.');
    await user.click(screen.getByRole('button', { name: 'Connect with another key' }));

    expect(await screen.findByRole('heading', { name: 'Connect again' })).toBeTruthy();
    expect((screen.getByLabelText('Service address') as HTMLInputElement).value).toBe(
      'https://api.acme.example',
    );
    expect((screen.getByLabelText('Organization id (optional)') as HTMLInputElement).value).toBe(
      'org_abc123',
    );
    fake.answer('connectApiKey', async () => {
      fake.emit('connection:changed', {
        state: 'online',
        cause: 'online',
        pendingChanges: 0,
        message: null,
      });
      return ok(connected({ baseUrl: 'https://api.acme.example' }));
    });
    await user.type(screen.getByLabelText('API key'), 'comp_with_scope');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Review the SOC 2 report')).toBeTruthy();
    expect(fake.callsOf('connectApiKey')).toEqual([
      {
        baseUrl: 'https://api.acme.example',
        apiKey: 'comp_with_scope',
        organizationId: 'org_abc123',
      },
    ]);
    expect(screen.queryByText(/paused/)).toBeNull();
  });

  it('a refused web session offers to sign in again', async () => {
    const { fake, user } = renderWithApi({
      account: connected({ authKind: 'session' }),
      connection: {
        state: 'unauthorized',
        cause: 'refused',
        pendingChanges: 0,
        message: 'Invalid or expired session',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in again' }));
    expect(fake.callsOf('signInWithSession')).toHaveLength(1);
  });

  it('one notice for a refused key, in main’s fuller words when it gives them', async () => {
    renderWithApi({
      account: {
        ...connected(),
        problem: appError('forbidden', 'The key lacks task permissions. Your changes are kept.'),
      },
      connection: {
        state: 'unauthorized',
        cause: 'refused',
        pendingChanges: 1,
        message: 'The key lacks task permissions.',
      },
    });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textContent).toContain('Your changes are kept.');
  });

  it('a problem main reports about the account (a locked keychain) shows while online', async () => {
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
  });
});

describe("another identity's waiting changes (invariant 7)", () => {
  it('says whose they are, and sends them with this key only when asked', async () => {
    const { fake, user } = renderWithApi({
      connection: {
        state: 'online',
        cause: 'online',
        pendingChanges: 0,
        message: null,
        othersWaiting: { tasks: 2, madeWith: 'another API key, connected on 24 Nov 2026' },
      },
    });
    expect(
      await screen.findByText(
        'Changes to 2 tasks made with another API key, connected on 24 Nov 2026 are waiting',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/records them as made by this key's owner/)).toBeTruthy();
    expect(fake.callsOf('handOverWaiting')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send them with this key' }));
    expect(fake.callsOf('handOverWaiting')).toHaveLength(1);
    await screen.findByText('Review the SOC 2 report');
    expect(screen.queryByText(/made with another API key/)).toBeNull();
  });
});
