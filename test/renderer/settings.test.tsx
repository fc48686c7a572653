import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError, err } from '../../common/result';
import { createFakeApi } from './fake-api';
import type { FakeApi } from './fake-api';
import { connected, settings } from './fixtures';
import { renderWithApi } from './render-app';

const openSettings = async (fake: FakeApi = createFakeApi()) => {
  const r = renderWithApi({}, undefined, fake);
  await r.user.click(await screen.findByRole('button', { name: 'Settings' }));
  await screen.findByRole('heading', { name: 'Settings' });
  return r;
};

describe('settings', () => {
  it('shows the profile with a masked key hint only', async () => {
    await openSettings();
    expect(screen.getByText('Northwind Health')).toBeTruthy();
    expect(screen.getByText('https://api.example.com')).toBeTruthy();
    expect(screen.getByText('API key')).toBeTruthy();
    expect(screen.getByText('comp_…9f3a')).toBeTruthy();
  });

  it('marks a demo profile', async () => {
    await openSettings(createFakeApi({ account: connected({ demo: true, label: 'Demo' }) }));
    expect(screen.getByText('Demo', { selector: '.badge' })).toBeTruthy();
  });

  it('signs out after a confirmation, and lands on the first run', async () => {
    const { user, fake } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Sign out…' }));
    expect(fake.callsOf('signOut')).toHaveLength(0);
    expect(screen.getByText(/pinned tasks stay/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(fake.callsOf('signOut')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Welcome to Task Tray' })).toBeTruthy();
  });

  it('says before signing out that waiting changes stay with this key, never sent with another', async () => {
    const { user } = await openSettings(
      createFakeApi({
        connection: { state: 'offline', cause: 'unreachable', pendingChanges: 3, message: null },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Sign out…' }));
    expect(
      screen.getByText(
        /3 changes still wait to be sent: kept on this computer, sent only when you connect again with this same key, never with another key or session\./,
      ),
    ).toBeTruthy();
  });

  it('can cancel signing out', async () => {
    const { user, fake } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Sign out…' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Sign out…' })).toBeTruthy();
    expect(fake.callsOf('signOut')).toHaveLength(0);
  });

  it('turns launch at login on', async () => {
    const { user, fake } = await openSettings();
    const box = screen.getByRole('checkbox', { name: 'Open Task Tray when you log in' });
    await user.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(fake.callsOf('setSettings')).toEqual([{ launchAtLogin: true }]);
  });

  it('puts launch at login back, with the reason, when main cannot set it', async () => {
    const fake = createFakeApi();
    fake.answer('setSettings', async () =>
      err(appError('internal', 'The system refused to add Task Tray to login items.')),
    );
    const { user } = await openSettings(fake);
    const box = screen.getByRole('checkbox', {
      name: 'Open Task Tray when you log in',
    }) as HTMLInputElement;
    await user.click(box);
    expect(
      await screen.findByText('The system refused to add Task Tray to login items.'),
    ).toBeTruthy();
    expect(box.checked).toBe(false);
  });

  it('switches the theme at once', async () => {
    const { user, fake } = await openSettings();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(fake.callsOf('setSettings')).toEqual([{ theme: 'dark' }, { theme: 'system' }]);
  });

  it('records a new global shortcut from a key press and saves it', async () => {
    const { user, fake } = await openSettings();
    const field = screen.getByLabelText('Shortcut to open Task Tray') as HTMLInputElement;
    // Shown as the OS writes it (here not a Mac); saved as Electron's portable text.
    expect(field.value).toBe('Ctrl+Alt+Shift+T');
    expect(field.title).toBe('CommandOrControl+Alt+Shift+T');
    await user.click(field);
    await user.keyboard('{Control>}{Alt>}k{/Alt}{/Control}');
    expect(field.value).toBe('Ctrl+Alt+K');
    await user.click(within(field.closest('.field')!).getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('setSettings')).toEqual([{ shortcut: 'CommandOrControl+Alt+K' }]);
    expect(await screen.findByText('Shortcut saved.')).toBeTruthy();
  });

  it("says when the saved shortcut is not bound, and follows main's word on it", async () => {
    const text =
      'CommandOrControl+Alt+Shift+T is in use by another app; no shortcut is set. Choose another.';
    const fake = createFakeApi({
      settings: settings({ shortcutNotice: { severity: 'error', text } }),
    });
    await openSettings(fake);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(text);
    const field = screen.getByLabelText('Shortcut to open Task Tray');
    expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    // Bound after all (e.g. the other app quit and a new one was chosen in the tray's absence).
    act(() => fake.emit('settings:changed', settings({ shortcutNotice: null })));
    expect(screen.queryByText(text)).toBeNull();
  });

  it('shows the Wayland caveat as a hint, not an error', async () => {
    const text = 'On Wayland your desktop may ask you to allow this shortcut.';
    await openSettings(
      createFakeApi({ settings: settings({ shortcutNotice: { severity: 'info', text } }) }),
    );
    expect(screen.getByText(text).className).toBe('field__hint');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for a modifier rather than taking a bare letter', async () => {
    const { user, fake } = await openSettings();
    const field = screen.getByLabelText('Shortcut to open Task Tray') as HTMLInputElement;
    await user.click(field);
    await user.keyboard('k');
    expect(field.value).toBe('Ctrl+Alt+Shift+T');
    expect(screen.getByText(/Hold a modifier/)).toBeTruthy();
    expect(fake.callsOf('setSettings')).toHaveLength(0);
  });

  it('shows why main refused a shortcut (taken by another app) and keeps the old one', async () => {
    const fake = createFakeApi({ settings: settings() });
    fake.answer('setSettings', async () =>
      err(appError('bad_input', 'Another app already uses CommandOrControl+Alt+K.')),
    );
    const { user } = await openSettings(fake);
    const field = screen.getByLabelText('Shortcut to open Task Tray') as HTMLInputElement;
    await user.click(field);
    await user.keyboard('{Control>}{Alt>}k{/Alt}{/Control}{Enter}');
    expect(
      await screen.findByText('Another app already uses CommandOrControl+Alt+K.'),
    ).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(field.value).toBe('Ctrl+Alt+Shift+T'));
    // Esc here cancelled the capture; it did not hide the window.
    expect(fake.callsOf('hideWindow')).toHaveLength(0);
  });

  it('goes back to the tasks', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Back to tasks' }));
    expect(await screen.findByText('Review the SOC 2 report')).toBeTruthy();
  });

  it('changes the sign-in and service addresses and the pace, through main', async () => {
    const { user, fake } = await openSettings();
    const section = screen.getByRole('region', { name: 'Service' });
    const signIn = within(section).getByLabelText('Web app sign-in address');
    await user.clear(signIn);
    await user.type(signIn, 'https://comp.acme.example/');
    const rate = within(section).getByLabelText('Requests per minute');
    await user.clear(rate);
    await user.type(rate, '0');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(within(section).getByText('A whole number from 1 to 1000.')).toBeTruthy();
    expect(fake.callsOf('setSettings')).toEqual([]);
    await user.clear(rate);
    await user.type(rate, '60');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('setSettings')).toEqual([
      {
        signInUrl: 'https://comp.acme.example/',
        serviceUrl: 'https://api.example.com',
        requestsPerMinute: 60,
      },
    ]);
  });

  it('an API key’s service address is changed by connecting again', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Change…' }));
    expect(await screen.findByRole('heading', { name: 'Connect again' })).toBeTruthy();
  });

  it('About says the version, and Quit quits', async () => {
    const { user, fake } = await openSettings();
    const about = screen.getByRole('region', { name: 'About' });
    expect(about.textContent).toContain('Task Tray 1.2.3');
    await user.click(within(about).getByRole('button', { name: 'Quit Task Tray' }));
    expect(fake.callsOf('quitApp')).toHaveLength(1);
  });

  it('About shows the log file, to send it; or says why it cannot', async () => {
    const { user, fake } = await openSettings();
    const about = screen.getByRole('region', { name: 'About' });
    await user.click(within(about).getByRole('button', { name: 'Show log file' }));
    expect(fake.callsOf('showLogFile')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    fake.answer('showLogFile', async () =>
      err(appError('internal', 'The log file is not available here.')),
    );
    await user.click(within(about).getByRole('button', { name: 'Show log file' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The log file is not available here.',
    );
  });

  it('leaving the demo says what it does, and no keychain', async () => {
    const fake = createFakeApi({ account: connected({ demo: true }) });
    const { user } = await openSettings(fake);
    await user.click(screen.getByRole('button', { name: 'Leave the demo…' }));
    const confirm = screen.getByRole('group', { name: 'Confirm sign out' });
    expect(confirm.textContent).toMatch(/Nothing was stored in your keychain/);
    expect(confirm.textContent).not.toMatch(/removed from the keychain/);
    expect(within(confirm).getByRole('button', { name: 'Leave the demo' })).toBeTruthy();
  });

  it('switches one kind of notification, or all of them, and says what each is for', async () => {
    const { user, fake } = await openSettings();
    const section = screen.getByRole('region', { name: 'Notifications' });
    const refused = within(section).getByRole('checkbox', { name: 'Changes the service refused' });
    expect(refused.getAttribute('aria-describedby')).toBeTruthy();
    expect(section.textContent).toMatch(/clicking it opens the task/);
    await user.click(refused);
    expect(fake.callsOf('setSettings')).toEqual([{ notifications: { refused: false } }]);
    expect((refused as HTMLInputElement).checked).toBe(false);

    await user.click(within(section).getByRole('checkbox', { name: 'Show notifications' }));
    expect(fake.callsOf('setSettings').at(-1)).toEqual({ notifications: { enabled: false } });
    // Off for all: each kind is greyed out, and keeps its own choice for when it comes back.
    const assigned = within(section).getByRole('checkbox', { name: 'Tasks assigned to you' });
    await waitFor(() => expect(assigned.closest('fieldset')?.disabled).toBe(true));
    expect((assigned as HTMLInputElement).checked).toBe(true);
  });
});
