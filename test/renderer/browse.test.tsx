import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../common/result';
import type { BrowseEntity } from '../../common/views';
import { connected, profile, task } from './fixtures';
import { renderWithApi } from './render-app';
import type { Rendered } from './render-app';

const entities: BrowseEntity[] = [
  { entityType: 'vendor', entityId: 'vnd_b', name: 'Zendesk' },
  { entityType: 'vendor', entityId: 'vnd_a', name: 'Amazon Web Services' },
  { entityType: 'risk', entityId: 'rsk_a', name: 'Unpatched laptops' },
];
const vendorTasks = [
  task({ id: 'tski_v1', title: 'Collect the SOC 2 report', status: 'todo', entityId: 'vnd_a' }),
  task({ id: 'tski_v2', title: 'Review the DPA', status: 'done', entityId: 'vnd_a' }),
  task({ id: 'tski_v3', title: 'Check sub-processors', status: 'todo', entityId: 'vnd_a' }),
];

const openBrowse = async (r: Rendered) => {
  r.fake.answer('listEntities', async () => ok({ entities, note: null }));
  r.fake.answer('listEntityTasks', async () => ok({ tasks: vendorTasks, note: null }));
  await r.user.click(await screen.findByRole('button', { name: 'Browse' }));
  await screen.findByRole('heading', { name: 'Browse' });
};

describe('browse', () => {
  it('lists vendors and risks by name, grouped and counted; the search narrows them', async () => {
    const r = renderWithApi();
    await openBrowse(r);
    const vendors = await screen.findByRole('region', { name: /Vendors/ });
    expect(
      within(vendors)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Amazon Web Services', 'Zendesk']);
    expect(
      within(screen.getByRole('region', { name: /Risks/ })).getByRole('button').textContent,
    ).toBe('Unpatched laptops');
    const search = screen.getByRole('searchbox', { name: 'Search vendors and risks' });
    expect(document.activeElement).toBe(search);
    await r.user.type(search, 'zen');
    expect(screen.queryByRole('button', { name: 'Amazon Web Services' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Zendesk' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Risks/ })).toBeNull();
    await r.user.type(search, 'x');
    expect(screen.getByText('Nothing called “zenx”.')).toBeTruthy();
  });

  it('keyboard: ↓ from the search to the list, Enter opens one, and back returns to it', async () => {
    const r = renderWithApi();
    await openBrowse(r);
    await r.user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Amazon Web Services');
    await r.user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: /Amazon Web Services/ })).toBeTruthy();
    expect(r.fake.callsOf('listEntityTasks')).toEqual([
      { entityType: 'vendor', entityId: 'vnd_a' },
    ]);
    await r.user.click(screen.getByRole('button', { name: 'Back to vendors and risks' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Amazon Web Services'));
  });

  it("shows a vendor's tasks with counts per status; changing one pins it, then sends the change", async () => {
    const r = renderWithApi();
    await openBrowse(r);
    await r.user.click(screen.getByRole('button', { name: 'Amazon Web Services' }));
    expect(await screen.findByText('3 tasks: 2 To do · 1 Done')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Tasks of Vendor Amazon Web Services' });
    expect(within(list).getAllByRole('button', { name: /^Pin / })).toHaveLength(3);

    const row = list.querySelector<HTMLElement>('li[data-task-id="tski_v1"]')!;
    row.focus();
    await r.user.keyboard('4');
    await waitFor(() =>
      expect(r.fake.callsOf('updateTask')).toEqual([
        { taskId: 'tski_v1', patch: { status: 'done' } },
      ]),
    );
    expect(r.fake.callsOf('pinTask')).toEqual([
      { ref: { taskId: 'tski_v1', entityType: 'vendor', entityId: 'vnd_a' } },
    ]);
    // Pinned now: its row offers Unpin, and the pinned list has it.
    await screen.findByRole('button', { name: /^Unpin / });
    expect(r.fake.state.tasks.some((t) => t.id === 'tski_v1')).toBe(true);
  });

  it('Pin keeps a task with the pinned ones without changing it', async () => {
    const r = renderWithApi();
    await openBrowse(r);
    await r.user.click(screen.getByRole('button', { name: 'Amazon Web Services' }));
    await r.user.click(await screen.findByRole('button', { name: 'Pin Review the DPA' }));
    expect(r.fake.callsOf('pinTask')).toEqual([
      { ref: { taskId: 'tski_v2', entityType: 'vendor', entityId: 'vnd_a' } },
    ]);
    expect(r.fake.callsOf('updateTask')).toEqual([]);
  });

  it('a service without the reads says so, and offers no pointless retry', async () => {
    const r = renderWithApi();
    r.fake.answer('listEntities', async () =>
      err(
        appError(
          'not_found',
          'This service does not list vendors, risks or their tasks: pin tasks by their links instead.',
        ),
      ),
    );
    await r.user.click(await screen.findByRole('button', { name: 'Browse' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/pin tasks by their links/);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says which scope a missing half needs, and a failure can be tried again', async () => {
    const r = renderWithApi();
    let calls = 0;
    r.fake.answer('listEntities', async () =>
      ++calls === 1
        ? err(appError('server', 'The service had a problem (500).'))
        : ok({
            entities: entities.filter((e) => e.entityType === 'risk'),
            note: 'Listing vendors needs an API key with the vendor:read scope.',
          }),
    );
    await r.user.click(await screen.findByRole('button', { name: 'Browse' }));
    await r.user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/vendor:read scope/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unpatched laptops' })).toBeTruthy();
  });

  it('a list cut short says the first N are shown', async () => {
    const r = renderWithApi();
    await openBrowse(r);
    const note = 'The first 3 tasks are shown: this vendor has more, which the web app lists.';
    r.fake.answer('listEntityTasks', async () => ok({ tasks: vendorTasks, note }));
    await r.user.click(await screen.findByRole('button', { name: 'Amazon Web Services' }));
    expect(await screen.findByText(note)).toBeTruthy();
  });

  it('leaves when the account changes (the tray switched it): nothing of the one before stays', async () => {
    const other = profile({ id: 'prof_2', label: 'Acme Logistics' });
    const r = renderWithApi({ account: connected({}, [other]) });
    await openBrowse(r);
    await r.user.click(screen.getByRole('button', { name: 'Amazon Web Services' }));
    await screen.findByRole('list', { name: 'Tasks of Vendor Amazon Web Services' });

    r.fake.emit('account:changed', connected({ id: other.id, label: other.label }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: /Amazon Web Services/ })).toBeNull(),
    );
    expect(screen.queryByRole('heading', { name: 'Browse' })).toBeNull();
    expect(screen.queryByText('Collect the SOC 2 report')).toBeNull();
    // On the new account's tasks; switching back does not bring the old screen back.
    expect(await screen.findByRole('button', { name: 'Browse' })).toBeTruthy();
    r.fake.emit('account:changed', connected({}, [other]));
    expect(screen.queryByRole('heading', { name: 'Browse' })).toBeNull();
  });

  it("says why the list is slow to come when main says the service's limit holds it", async () => {
    const r = renderWithApi();
    let answer: (
      value: ReturnType<typeof ok<{ entities: BrowseEntity[]; note: null }>>,
    ) => void = () => undefined;
    r.fake.answer('listEntities', () => new Promise((resolve) => (answer = resolve)));
    await r.user.click(await screen.findByRole('button', { name: 'Browse' }));
    expect(await screen.findByText('Loading vendors and risks…')).toBeTruthy();
    act(() =>
      r.fake.emit('connection:changed', {
        state: 'online',
        cause: 'online',
        pendingChanges: 0,
        message: null,
        readsWaiting: "Waiting for the service's limit, about 20 s",
      }),
    );
    expect(await screen.findByText("Waiting for the service's limit, about 20 s…")).toBeTruthy();
    act(() => answer(ok({ entities, note: null })));
    expect(await screen.findByRole('button', { name: 'Zendesk' })).toBeTruthy();
  });
});
