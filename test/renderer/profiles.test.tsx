import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../common/result';
import { createFakeApi } from './fake-api';
import { connected, online, org, profile, view } from './fixtures';
import { renderWithApi } from './render-app';

const work = profile({ id: 'prof_work', label: 'Northwind Health' });
const other = profile({
  id: 'prof_harbor',
  label: 'Harbor Street Clinic',
  authKind: 'session',
  baseUrl: 'https://api.harbor.example',
  secretHint: null,
});

/** Two accounts: Northwind shown, Harbor with two changes waiting behind. */
function twoAccounts() {
  const fake = createFakeApi({
    account: connected({ id: work.id, label: work.label }, [other]),
    connection: { ...online, waitingElsewhere: { [other.id]: 2 } },
  });
  // As main does: switching shows the other account's organization and its own pins.
  fake.answer('switchProfile', async (input) => {
    const { profileId } = input as { profileId: string };
    const target = fake.state.account.profiles.find((p) => p.id === profileId);
    if (!target) return err(appError('bad_input', 'That account is no longer on this computer.'));
    fake.state.account = { ...fake.state.account, state: 'connected', profile: target };
    fake.emit('account:changed', fake.state.account);
    fake.emit('org:changed', org({ id: 'org_harbor', name: 'Harbor Street Clinic' }));
    fake.state.tasks = [view({ task: { id: 'tski_harbor1', title: 'Harbor backup test' } })];
    fake.emit('tasks:changed', fake.state.tasks);
    return ok(fake.state.account);
  });
  return fake;
}

describe('several accounts', () => {
  it('switches from the header in one choice, keyboard only, and shows that account’s tasks', async () => {
    const { user, fake } = renderWithApi({}, undefined, twoAccounts());
    await screen.findByText('Review the SOC 2 report');
    const button = screen.getByRole('button', {
      name: /Switch account: Northwind Health shown, 2 on this computer/,
    });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Accounts' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((i) => i.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    expect(items[1]?.textContent).toMatch(
      /Harbor Street Clinic.*Web session · api\.harbor\.example.*2 changes waiting, sent in the background/,
    );
    // The shown account has focus; ↓ then Enter chooses the other.
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(fake.callsOf('switchProfile')).toEqual([{ profileId: other.id }]);
    expect(await screen.findByText('Harbor backup test')).toBeTruthy();
    expect(screen.queryByText('Review the SOC 2 report')).toBeNull();
    expect(screen.queryByRole('menu')).toBeNull();
    // The focus is not lost: the new account's first task has it, as when the popup opens.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('listitem')));
  });

  it('Esc closes the menu back to its button without hiding the popup', async () => {
    const { user, fake } = renderWithApi({}, undefined, twoAccounts());
    await user.click(await screen.findByRole('button', { name: /Switch account/ }));
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Switch account/ }));
    expect(fake.callsOf('hideWindow')).toHaveLength(0);
  });

  it('says why a switch did not happen, and stays on the account shown', async () => {
    const fake = twoAccounts();
    fake.answer('switchProfile', async () =>
      err(
        appError(
          'not_connected',
          'The key for Harbor Street Clinic was not found in the system keychain.',
        ),
      ),
    );
    const { user } = renderWithApi({}, undefined, fake);
    await user.click(await screen.findByRole('button', { name: /Switch account/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: /Harbor Street Clinic/ }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /not found in the system keychain/,
    );
    expect(screen.getByText('Review the SOC 2 report')).toBeTruthy();
  });

  it('adds an account from the header, and Cancel goes back to the one shown', async () => {
    const { user } = renderWithApi({}, undefined, twoAccounts());
    await user.click(await screen.findByRole('button', { name: /Switch account/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add an account…' }));
    expect(await screen.findByRole('heading', { name: 'Add an account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Connect with an API key/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel: back to tasks' }));
    expect(await screen.findByText('Review the SOC 2 report')).toBeTruthy();
  });

  it('renames and removes another account in Settings, saying what happens to its waiting changes', async () => {
    const { user, fake } = renderWithApi({}, undefined, twoAccounts());
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const list = await screen.findByRole('list', { name: 'Other accounts' });
    expect(list.textContent).toMatch(/2 changes waiting/);

    await user.click(within(list).getByRole('button', { name: 'Rename Harbor Street Clinic' }));
    const field = within(list).getByRole('textbox', { name: /Name of Harbor Street Clinic/ });
    await user.clear(field);
    await user.type(field, 'Clinic (me){Enter}');
    expect(fake.callsOf('renameProfile')).toEqual([{ profileId: other.id, label: 'Clinic (me)' }]);
    await waitFor(() => expect(list.textContent).toMatch(/Clinic \(me\)/));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(list).getByRole('button', { name: 'Rename Clinic (me)' }),
      ),
    );

    await user.click(within(list).getByRole('button', { name: 'Remove Clinic (me)…' }));
    const confirm = within(list).getByRole('group', { name: /Confirm removing/ });
    // The safe choice has the focus.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(confirm.textContent).toMatch(/Forgets: the (key|session) \(taken out of the keychain\)/);
    expect(confirm.textContent).toMatch(/Keeps: the pinned tasks.*and 2 changes still to send/);
    expect(fake.callsOf('removeProfile')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(fake.callsOf('removeProfile')).toEqual([{ profileId: other.id }]);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Other accounts' })).toBeNull());
  });

  it('says which account shows next before the shown one is removed', async () => {
    const { user } = renderWithApi({}, undefined, twoAccounts());
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('button', { name: 'Remove from this computer…' }));
    expect(screen.getByRole('group', { name: /Confirm removing/ }).textContent).toMatch(
      /Task Tray then shows Harbor Street Clinic\./,
    );
  });

  it('one account: the header offers to add another, with no count', async () => {
    renderWithApi();
    const button = await screen.findByRole('button', { name: 'Accounts' });
    expect(button.textContent).toBe('');
    act(() => button.click());
    expect(await screen.findByRole('menuitem', { name: 'Add an account…' })).toBeTruthy();
  });
});
