import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { AccountStatus } from '../../common/views';
import { createFakeApi, deferred } from './fake-api';
import { connected, settings, signedOut } from './fixtures';
import { renderWithApi } from './render-app';

const openKeyForm = async (user: ReturnType<typeof renderWithApi>['user']) => {
  await user.click(await screen.findByRole('button', { name: /Connect with an API key/ }));
  return {
    baseUrl: screen.getByLabelText('Service address') as HTMLInputElement,
    apiKey: screen.getByLabelText('API key') as HTMLInputElement,
    org: screen.getByLabelText('Organization id (optional)') as HTMLInputElement,
    connect: screen.getByRole('button', { name: 'Connect' }),
  };
};

describe('first run', () => {
  it('offers three ways in', async () => {
    renderWithApi({ account: signedOut });
    const ways = await screen.findByRole('list', { name: 'Ways to connect' });
    expect(
      within(ways)
        .getAllByRole('button')
        .map((b) => b.querySelector('.way__title')?.textContent),
    ).toEqual(['Connect with an API key', 'Sign in with the web app', 'Try the demo']);
    const signIn = within(ways).getAllByRole('button')[1]?.querySelector('.way__desc');
    expect(signIn?.textContent).toBe(
      'Opens app.example.com in a sign-in window. Google and email links cannot finish there: use GitHub or Microsoft where offered, or an API key.',
    );
  });

  it('explains why the person was signed out', async () => {
    renderWithApi({
      account: {
        state: 'signed-out',
        problem: appError('unauthorized', 'Invalid or expired API key'),
        profiles: [],
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You are signed out');
    expect(alert.textContent).toContain('Invalid or expired API key');
  });

  it('checks the form before sending anything and says what is missing', async () => {
    const { fake, user } = renderWithApi({
      account: signedOut,
      settings: settings({ serviceUrl: '' }),
    });
    const f = await openKeyForm(user);
    await user.click(f.connect);
    expect(fake.callsOf('connectApiKey')).toHaveLength(0);
    expect(screen.getByText(/Enter the address of the service/)).toBeTruthy();
    expect(screen.getByText('Enter an API key.')).toBeTruthy();
    expect(f.baseUrl.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(f.baseUrl);
  });

  it('offers the service address from settings', async () => {
    const { user } = renderWithApi({ account: signedOut });
    const f = await openKeyForm(user);
    expect(f.baseUrl.value).toBe('https://api.example.com');
  });

  it('a bad key: shows the reason and what to do, keeps what was typed; then a good key connects', async () => {
    const fake = createFakeApi({ account: signedOut });
    fake.answer('connectApiKey', async () =>
      err(appError('unauthorized', 'Invalid or expired API key', { status: 401 })),
    );
    const { user } = renderWithApi({}, undefined, fake);
    const f = await openKeyForm(user);
    await user.type(f.apiKey, 'comp_wrong');
    await user.type(f.org, 'org_abc123');
    await user.click(f.connect);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not connect');
    expect(alert.textContent).toContain('Invalid or expired API key');
    expect(alert.textContent).toContain('Settings → API keys');
    expect(f.apiKey.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(f.apiKey);
    expect(f.apiKey.value).toBe('comp_wrong');
    expect(f.org.value).toBe('org_abc123');
    expect(fake.callsOf('connectApiKey')).toEqual([
      { baseUrl: 'https://api.example.com', apiKey: 'comp_wrong', organizationId: 'org_abc123' },
    ]);

    fake.answer('connectApiKey', async () => ok(connected()));
    await user.clear(f.apiKey);
    await user.type(f.apiKey, 'comp_right');
    await user.click(f.connect);
    expect(await screen.findByRole('heading', { name: 'Northwind Health' })).toBeTruthy();
  });

  it('leaves out an empty organization id', async () => {
    const { fake, user } = renderWithApi({ account: signedOut });
    const f = await openKeyForm(user);
    await user.type(f.apiKey, '  comp_key  ');
    await user.click(f.connect);
    expect(fake.callsOf('connectApiKey')).toEqual([
      { baseUrl: 'https://api.example.com', apiKey: 'comp_key' },
    ]);
  });

  it('sends one check however often Connect is pressed', async () => {
    const fake = createFakeApi({ account: signedOut });
    const answer = deferred<Result<AccountStatus>>();
    fake.answer('connectApiKey', () => answer.promise);
    const { user } = renderWithApi({}, undefined, fake);
    const f = await openKeyForm(user);
    await user.type(f.apiKey, 'comp_key');
    await user.click(f.connect);
    await user.click(screen.getByRole('button', { name: 'Checking the key…' }));
    await user.keyboard('{Enter}');
    expect(fake.callsOf('connectApiKey')).toHaveLength(1);
    await act(async () => answer.resolve(ok(connected())));
  });

  it('points at the address when the service cannot be reached', async () => {
    const fake = createFakeApi({ account: signedOut });
    fake.answer('connectApiKey', async () =>
      err(appError('network', 'Could not reach api.example.com.')),
    );
    const { user } = renderWithApi({}, undefined, fake);
    const f = await openKeyForm(user);
    await user.type(f.apiKey, 'comp_key');
    await user.click(f.connect);
    expect((await screen.findByRole('alert')).textContent).toContain('Check the base URL');
    expect(f.baseUrl.getAttribute('aria-invalid')).toBe('true');
    expect(f.apiKey.getAttribute('aria-invalid')).toBe('false');
  });

  it('says how to get a keychain when there is none', async () => {
    const fake = createFakeApi({ account: signedOut });
    fake.answer('connectApiKey', async () =>
      err(appError('keychain_unavailable', 'No system keychain is available.')),
    );
    const { user } = renderWithApi({}, undefined, fake);
    const f = await openKeyForm(user);
    await user.type(f.apiKey, 'comp_key');
    await user.click(f.connect);
    expect((await screen.findByRole('alert')).textContent).toContain('gnome-keyring or KWallet');
  });

  it('goes back to the three ways', async () => {
    const { user } = renderWithApi({ account: signedOut });
    await openKeyForm(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('list', { name: 'Ways to connect' })).toBeTruthy();
  });

  it('starts the demo', async () => {
    const { fake, user } = renderWithApi({ account: signedOut });
    await user.click(await screen.findByRole('button', { name: /Try the demo/ }));
    expect(await screen.findByRole('heading', { name: 'Northwind Health' })).toBeTruthy();
    expect(fake.callsOf('startDemo')).toHaveLength(1);
  });

  it('signs in with the web app, and says what to do when it fails', async () => {
    const fake = createFakeApi({ account: signedOut });
    const answer = deferred<Result<AccountStatus>>();
    fake.answer('signInWithSession', () => answer.promise);
    const { user } = renderWithApi({}, undefined, fake);
    await user.click(await screen.findByRole('button', { name: /Sign in with the web app/ }));
    expect(screen.getByText('Waiting for you to sign in…')).toBeTruthy();
    // A second press while the window is open does nothing.
    await user.click(screen.getByRole('button', { name: /Waiting for you to sign in/ }));
    expect(fake.callsOf('signInWithSession')).toHaveLength(1);
    await act(async () => answer.resolve(err(appError('timeout', 'Sign-in took too long.'))));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sign-in did not work');
    expect(alert.textContent).toContain('Sign-in took too long.');
    expect(alert.textContent).toContain('try again');
  });

  it('offers the API key when the sign-in window could not finish', async () => {
    const fake = createFakeApi({ account: signedOut });
    fake.answer('signInWithSession', async () =>
      err(
        appError(
          'not_connected',
          'Google does not allow signing in inside an app window, so the sign-in window was closed.',
          { signInEnded: 'refused-in-window' },
        ),
      ),
    );
    const { user } = renderWithApi({}, undefined, fake);
    await user.click(await screen.findByRole('button', { name: /Sign in with the web app/ }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Google sign-in does not work here')).toBeTruthy();
    expect(alert.textContent).toContain('Google does not allow signing in inside an app window');
    expect(alert.textContent).toContain(
      'Sign in with GitHub or Microsoft where the web app offers them, or connect with an API key instead.',
    );
    await user.click(
      within(alert).getByRole('button', { name: 'Connect with an API key instead' }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    const key = screen.getByLabelText('API key') as HTMLInputElement;
    expect(screen.getByRole('button', { name: 'Connect' })).toBeTruthy();
    await user.type(key, 'tt_live_0123456789abcdef');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(fake.callsOf('connectApiKey')).toHaveLength(1);
  });

  it('offers no key for a failure that is not a stuck sign-in', async () => {
    const fake = createFakeApi({ account: signedOut });
    fake.answer('startDemo', async () => err(appError('internal', 'The demo could not start.')));
    const { user } = renderWithApi({}, undefined, fake);
    await user.click(await screen.findByRole('button', { name: /Try the demo/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The demo did not work');
    expect(within(alert).queryByRole('button', { name: /API key instead/ })).toBeNull();
  });

  it('lets a self-hosted install change the sign-in addresses', async () => {
    const fake = createFakeApi({ account: signedOut });
    const { user } = renderWithApi({}, undefined, fake);
    await user.click(await screen.findByText('Web sign-in addresses'));
    const web = screen.getByLabelText('Web app');
    await user.clear(web);
    await user.type(web, 'https://tasks.internal.example/');
    await user.click(screen.getByRole('button', { name: 'Save addresses' }));
    expect(fake.callsOf('setSettings')).toEqual([
      { signInUrl: 'https://tasks.internal.example/', serviceUrl: 'https://api.example.com' },
    ]);
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('shows main’s refusal of a bad address', async () => {
    const fake = createFakeApi({ account: signedOut });
    fake.answer('setSettings', async () =>
      err(appError('bad_input', 'The address must use https.')),
    );
    const { user } = renderWithApi({}, undefined, fake);
    await user.click(await screen.findByText('Web sign-in addresses'));
    await user.click(screen.getByRole('button', { name: 'Save addresses' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The address must use https.');
  });
});
