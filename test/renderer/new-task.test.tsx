import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../common/result';
import type { BrowseEntity, PersonView } from '../../common/views';
import { view } from './fixtures';
import { renderWithApi } from './render-app';
import type { Rendered } from './render-app';

const entities: BrowseEntity[] = [
  { entityType: 'vendor', entityId: 'vnd_b', name: 'Zendesk' },
  { entityType: 'vendor', entityId: 'vnd_a', name: 'Amazon Web Services' },
  { entityType: 'risk', entityId: 'rsk_a', name: 'Unpatched laptops' },
];
const ME: PersonView = { id: 'mem_me', name: 'Maya Chen', email: null, role: 'owner' };

/** The popup, then the entry as the tray's "New task…" opens it (view:open). */
const openEntry = async (recent: BrowseEntity[] = []): Promise<Rendered> => {
  const r = renderWithApi();
  r.fake.answer('listEntities', async () => ok({ entities, note: null }));
  r.fake.answer('recentEntities', async () => ok(recent));
  r.fake.answer('listPeople', async () => ok([ME]));
  r.fake.answer('getMe', async () => ok(ME));
  await screen.findByRole('button', { name: 'Browse' });
  act(() => r.fake.emit('view:open', { screen: 'new-task' }));
  await screen.findByRole('heading', { name: 'New task' });
  await screen.findByRole('option', { name: /Zendesk/ });
  return r;
};
const options = () =>
  within(screen.getByRole('listbox', { name: 'Vendor or risk' }))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the quick entry of a new task', () => {
  it('offers the vendor or risk used last first, then vendors and risks by name', async () => {
    const r = await openEntry([entities[2]!]);
    const userSearch = (text: string) => r.user.type(screen.getByRole('searchbox'), text);
    // Each once: the one used last is not offered again among the rest.
    await waitFor(() =>
      expect(options()).toEqual([
        'Unpatched laptops · Risk',
        'Amazon Web Services · Vendor',
        'Zendesk · Vendor',
      ]),
    );
    await userSearch('zen');
    expect(options()).toEqual(['Zendesk · Vendor']);
  });

  it('says what is missing on Enter, then creates with Enter: me, medium, the last used', async () => {
    const r = await openEntry([entities[0]!]);
    let made: unknown = null;
    r.fake.answer('createTask', async (input) => {
      made = input;
      return ok(view({ id: 'new_abc' }));
    });
    const title = screen.getByLabelText('Title');
    await waitFor(() => expect(document.activeElement).toBe(title));
    await r.user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Give the task a title.');
    expect(r.fake.callsOf('createTask')).toEqual([]);
    await waitFor(() => expect(screen.getByLabelText('Assignee')).toHaveProperty('value', 'me'));
    await r.user.type(title, 'Renew the contract{Enter}');
    await screen.findByRole('button', { name: 'Browse' });
    expect(made).toEqual({
      title: 'Renew the contract',
      entityType: 'vendor',
      entityId: 'vnd_b',
      priority: 'medium',
      assigneeId: 'mem_me',
    });
  });

  it("keeps what was typed and shows the service's words when it refuses", async () => {
    const r = await openEntry();
    r.fake.answer('createTask', async () =>
      err(appError('invalid', 'Assignee not found in this organization.')),
    );
    await r.user.type(screen.getByLabelText('Title'), 'A task');
    await r.user.type(screen.getByRole('searchbox'), 'laptops');
    await r.user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Assignee not found in this organization.',
    );
    expect(r.fake.callsOf('createTask')).toEqual([
      expect.objectContaining({ entityType: 'risk', entityId: 'rsk_a' }),
    ]);
    expect(screen.getByLabelText('Title')).toHaveProperty('value', 'A task');
  });

  it('Esc leaves without a trace: nothing created, the popup hidden, an empty entry next time', async () => {
    const r = await openEntry();
    await r.user.type(screen.getByLabelText('Title'), 'Half typed');
    await r.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'New task' })).toBeNull());
    expect(r.fake.callsOf('createTask')).toEqual([]);
    expect(r.fake.callsOf('hideWindow')).toHaveLength(1);
    act(() => r.fake.emit('view:open', { screen: 'new-task' }));
    expect(await screen.findByLabelText('Title')).toHaveProperty('value', '');
  });

  it('an answer that comes after the entry was left does not take over the screen shown now', async () => {
    const r = await openEntry([entities[0]!]);
    let answer: (v: unknown) => void = () => undefined;
    r.fake.answer('createTask', () => new Promise((resolve) => (answer = resolve as never)));
    await r.user.type(screen.getByLabelText('Title'), 'Slow network');
    await r.user.keyboard('{Enter}');
    await waitFor(() => expect(r.fake.callsOf('createTask')).toHaveLength(1));
    act(() => r.fake.emit('view:open', { screen: 'settings' }));
    await screen.findByRole('heading', { name: 'Settings' });
    await act(async () => answer(ok(view({ id: 'new_slow' }))));
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
  });
});
