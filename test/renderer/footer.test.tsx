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

  it('the service not answering, with its words on hover (the notice above carries them in full)', async () => {
    renderFooter({
      state: 'offline',
      cause: 'unreachable',
      pendingChanges: 0,
      message: 'Could not reach the service.',
    });
    const state = await screen.findByText('Service unreachable');
    expect(state.getAttribute('title')).toBe('Could not reach the service.');
  });

  it('this computer offline is not the service down', async () => {
    renderFooter({ state: 'offline', cause: 'computer-offline', pendingChanges: 3, message: null });
    expect(await screen.findByText('This computer is offline')).toBeTruthy();
    expect(screen.getByText('3 changes waiting')).toBeTruthy();
  });

  it('never says "Connected" while a change is still on its way', async () => {
    renderFooter({ state: 'online', cause: 'online', pendingChanges: 1, message: null });
    expect(await screen.findByText('Sending 1 change…')).toBeTruthy();
    expect(status()).not.toContain('Connected');
  });

  it('a rejected key names the key; a refused session names the session', async () => {
    const refused: ConnectionView = {
      state: 'unauthorized',
      cause: 'refused',
      pendingChanges: 0,
      message: 'Invalid or expired API key',
    };
    const first = renderWithApi(
      { connection: refused },
      <Footer onOpenSettings={() => {}} authKind="api-key" />,
    );
    expect(await screen.findByText('Key refused')).toBeTruthy();
    first.unmount();
    renderWithApi({ connection: refused }, <Footer onOpenSettings={() => {}} authKind="session" />);
    expect(await screen.findByText('Session refused')).toBeTruthy();
  });

  it('follows connection:changed from main', async () => {
    const { fake } = renderFooter(online);
    await screen.findByText('Connected');
    act(() =>
      fake.emit('connection:changed', {
        state: 'error',
        cause: 'failing',
        pendingChanges: 2,
        message: 'The service had an error (500).',
      }),
    );
    expect(status()).toContain('Service failing');
    expect(status()).toContain('2 changes waiting');
  });

  it('opens settings', async () => {
    let opened = 0;
    const { user } = renderFooter(online, () => (opened += 1));
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(opened).toBe(1);
  });
});
