import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../common/result';
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

  it('removes the account after saying what it forgets and keeps, and lands on the first run', async () => {
    const { user, fake } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Remove from this computer…' }));
    expect(fake.callsOf('signOut')).toHaveLength(0);
    const confirm = screen.getByRole('group', { name: /Confirm removing/ });
    expect(confirm.textContent).toMatch(/Forgets: the key \(taken out of the keychain\)/);
    expect(confirm.textContent).toMatch(/Keeps: the pinned tasks/);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(fake.callsOf('signOut')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Welcome to Task Tray' })).toBeTruthy();
  });

  it('says before removing that waiting changes stay with this key, never sent with another', async () => {
    const { user } = await openSettings(
      createFakeApi({
        connection: { state: 'offline', cause: 'unreachable', pendingChanges: 3, message: null },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove from this computer…' }));
    expect(
      screen.getByText(
        /the pinned tasks, for when you connect again with this same key, and 3 changes still to send \(sent only then, never with another key or session\)\./,
      ),
    ).toBeTruthy();
  });

  it('can cancel removing', async () => {
    const { user, fake } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Remove from this computer…' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Remove from this computer…' })).toBeTruthy();
    expect(fake.callsOf('signOut')).toHaveLength(0);
  });

  it('turns open at login on at once, says it was saved, and Undo puts it back', async () => {
    const { user, fake } = await openSettings();
    const box = screen.getByRole('checkbox', { name: 'Open at login' });
    await user.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(fake.callsOf('setSettings')).toEqual([{ launchAtLogin: true }]);
    const status = await screen.findByText('Open at login: on — saved');
    await user.click(within(status.parentElement!).getByRole('button', { name: 'Undo' }));
    expect(fake.callsOf('setSettings').at(-1)).toEqual({ launchAtLogin: false });
    expect(await screen.findByText('Open at login: on — undone')).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(false);
  });

  it('puts launch at login back, with the reason, when main cannot set it', async () => {
    const fake = createFakeApi();
    fake.answer('setSettings', async () =>
      err(appError('internal', 'The system refused to add Task Tray to login items.')),
    );
    const { user } = await openSettings(fake);
    const box = screen.getByRole('checkbox', {
      name: 'Open at login',
    }) as HTMLInputElement;
    await user.click(box);
    const said = await screen.findByText('The system refused to add Task Tray to login items.');
    // In the bar under the screen, in view wherever the screen is scrolled; nothing to undo.
    expect(said.closest('.settings__saved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
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

  it('records a new global shortcut from a key press and saves it at once, with Undo', async () => {
    const { user, fake } = await openSettings();
    const field = screen.getByLabelText('Shortcut to open Task Tray') as HTMLInputElement;
    // Shown as the OS writes it (here not a Mac); saved as Electron's portable text.
    expect(field.value).toBe('Ctrl+Alt+Shift+T');
    expect(field.title).toBe('CommandOrControl+Alt+Shift+T');
    // The default: nothing to reset.
    expect(screen.queryByRole('button', { name: 'Reset to default' })).toBeNull();
    await user.click(field);
    await user.keyboard('{Control>}{Alt>}k{/Alt}{/Control}');
    expect(fake.callsOf('setSettings')).toEqual([{ shortcut: 'CommandOrControl+Alt+K' }]);
    expect(await screen.findByText('Shortcut: Ctrl+Alt+K — saved')).toBeTruthy();
    expect(field.value).toBe('Ctrl+Alt+K');
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(fake.callsOf('setSettings').at(-1)).toEqual({
      shortcut: 'CommandOrControl+Alt+Shift+T',
    });
  });

  it("sets the new task's shortcut the same way, and names one that opens Task Tray already", async () => {
    const { user, fake } = await openSettings();
    const field = screen.getByLabelText('Shortcut for a new task') as HTMLInputElement;
    expect(field.value).toBe('Ctrl+Alt+Shift+N');
    await user.click(field);
    await user.keyboard('{Control>}{Alt>}{Shift>}t{/Shift}{/Alt}{/Control}');
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Ctrl\+Alt\+Shift\+T already opens Task Tray: choose another\./,
    );
    expect(fake.callsOf('setSettings')).toEqual([]);
    await user.keyboard('{Control>}{Alt>}j{/Alt}{/Control}');
    expect(fake.callsOf('setSettings')).toEqual([{ newTaskShortcut: 'CommandOrControl+Alt+J' }]);
    expect(await screen.findByText('New task shortcut: Ctrl+Alt+J — saved')).toBeTruthy();
  });

  it('warns at once of a shortcut the system or a browser uses, and does not take it', async () => {
    const { user, fake } = await openSettings();
    const field = screen.getByLabelText('Shortcut to open Task Tray') as HTMLInputElement;
    await user.click(field);
    await user.keyboard('{Control>}{Shift>}t{/Shift}{/Control}');
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Ctrl\+Shift\+T already means “reopen a browser's closed tab” on macOS, Windows and Linux/,
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fake.callsOf('setSettings')).toEqual([]);
    // Esc: back to the one saved, and the screen stays.
    await user.keyboard('{Escape}');
    expect(field.value).toBe('Ctrl+Alt+Shift+T');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
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
    await user.keyboard('{Control>}{Alt>}k{/Alt}{/Control}');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Another app already uses CommandOrControl\+Alt\+K\./,
    );
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

  it('changes the sign-in address and the pace, each saved when done with it', async () => {
    const { user, fake } = await openSettings();
    const section = screen.getByRole('region', { name: 'Service' });
    const signIn = within(section).getByLabelText('Web app sign-in address');
    await user.clear(signIn);
    await user.type(signIn, 'https://comp.acme.example/{Enter}');
    expect(fake.callsOf('setSettings')).toEqual([{ signInUrl: 'https://comp.acme.example/' }]);
    const rate = within(section).getByLabelText('How often Task Tray may call the service');
    await user.clear(rate);
    await user.type(rate, '0');
    await user.tab();
    expect(within(section).getByText('A whole number from 1 to 1000.')).toBeTruthy();
    expect(fake.callsOf('setSettings')).toHaveLength(1);
    await user.clear(rate);
    await user.type(rate, '60');
    await user.tab();
    expect(fake.callsOf('setSettings').at(-1)).toEqual({ requestsPerMinute: 60 });
    expect(await screen.findByText('At most 60 calls a minute — saved')).toBeTruthy();
  });

  it('an index at the top jumps to each section and puts focus on its heading', async () => {
    const { user } = await openSettings();
    const index = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(
      within(index)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Account',
      'More accounts',
      'General',
      'Notifications',
      'Keeping current',
      'Service',
      'About',
    ]);
    await user.click(within(index).getByRole('button', { name: 'About' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'About' }));
  });

  it('About checks for updates when asked, and says what it found', async () => {
    const fake = createFakeApi();
    fake.answer('getUpdateAbout', async () =>
      ok({ text: 'Checked for updates every few hours.', tone: 'info', canCheck: true }),
    );
    fake.answer('checkForUpdates', async () =>
      ok({ text: 'Task Tray is up to date.', tone: 'info', canCheck: true }),
    );
    const { user } = await openSettings(fake);
    const about = screen.getByRole('region', { name: 'About' });
    await user.click(await within(about).findByRole('button', { name: 'Check for updates' }));
    expect(fake.callsOf('checkForUpdates')).toHaveLength(1);
    expect(await within(about).findByText('Task Tray is up to date.')).toBeTruthy();
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
    const confirm = screen.getByRole('group', { name: /Confirm removing/ });
    expect(confirm.textContent).toMatch(/the demo stored nothing in your keychain/);
    expect(confirm.textContent).not.toMatch(/taken out of the keychain/);
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
