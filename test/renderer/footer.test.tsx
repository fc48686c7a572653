import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from '../../renderer/components/Footer';
import { online } from './fixtures';
import { renderWithApi } from './render-app';
import type { ConnectionView } from '../../common/views';

const renderFooter = (connection: ConnectionView, onOpenSettings = () => {}) =>
  renderWithApi({ connection }, <Footer onOpenSettings={onOpenSettings} />);
const status = () => screen.getByRole('status').textContent;

describe('footer', () => {
  it('online', async () => {
    renderFooter(online);
    await screen.findByText('Connected');
    expect(status()).toBe('Connected');
  });

  it('offline, with main’s explanation on hover (the notice above carries it in full)', async () => {
    renderFooter({ state: 'offline', pendingChanges: 0, message: 'No network connection.' });
    const state = await screen.findByText('Offline');
    expect(state.getAttribute('title')).toBe('No network connection.');
  });

  it('counts the changes not yet confirmed', async () => {
    renderFooter({ state: 'offline', pendingChanges: 3, message: null });
    expect(await screen.findByText('3 changes waiting')).toBeTruthy();
  });

  it('one change is one change', async () => {
    renderFooter({ state: 'online', pendingChanges: 1, message: null });
    expect(await screen.findByText('1 change waiting')).toBeTruthy();
  });

  it('a rejected key or a broken service', async () => {
    renderFooter({
      state: 'unauthorized',
      pendingChanges: 0,
      message: 'Invalid or expired API key',
    });
    expect(await screen.findByText('Key or session refused')).toBeTruthy();
  });

  it('follows connection:changed from main', async () => {
    const { fake } = renderFooter(online);
    await screen.findByText('Connected');
    act(() =>
      fake.emit('connection:changed', {
        state: 'error',
        pendingChanges: 2,
        message: 'The service had an error (500).',
      }),
    );
    expect(status()).toContain('Service problem');
    expect(status()).toContain('2 changes waiting');
  });

  it('opens settings', async () => {
    let opened = 0;
    const { user } = renderFooter(online, () => (opened += 1));
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(opened).toBe(1);
  });
});
