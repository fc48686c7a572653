import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TaskSection } from '../../renderer/components/TaskSection';
import { connected, online, org, profile, view } from './fixtures';
import { renderWithApi } from './render-app';

const places = () => screen.getByRole('navigation', { name: 'Places' });
const current = () =>
  within(places())
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-current') === 'page')
    .map((b) => b.textContent);

describe('places: a strip under the header (issue 36, 2)', () => {
  it('Home is My work, marked as where you are; Assigned and Browse mark themselves; My work goes back', async () => {
    const { user } = renderWithApi();
    await screen.findByText('Review the SOC 2 report');
    expect(
      within(places())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['My work', 'Assigned', 'Browse']);
    expect(current()).toEqual(['My work']);
    // The strip sits between the header and the list.
    const header = screen.getByRole('banner');
    expect(
      header.compareDocumentPosition(places()) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    await user.click(within(places()).getByRole('button', { name: 'Browse' }));
    await screen.findByRole('heading', { name: 'Browse' });
    expect(current()).toEqual(['Browse']);
    await user.click(within(places()).getByRole('button', { name: 'Assigned' }));
    await screen.findByRole('heading', { name: 'Assigned to me' });
    expect(current()).toEqual(['Assigned']);
    await user.click(within(places()).getByRole('button', { name: 'My work' }));
    expect(await screen.findByText('Review the SOC 2 report')).toBeTruthy();
    expect(current()).toEqual(['My work']);
  });

  it('the footer keeps the connection state, whole, and the settings button only', async () => {
    renderWithApi({
      connection: { ...online, state: 'offline', cause: 'unreachable', message: null },
    });
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByText('Service unreachable');
    expect(
      within(footer)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Settings']);
    expect(within(footer).queryByText(/Browse|Assigned/)).toBeNull();
  });
});

describe('the empty Home after connecting (issue 36, 3)', () => {
  it('offers what is assigned to me and Browse first, pasting last', async () => {
    const { user } = renderWithApi({ tasks: [] });
    const title = await screen.findByText('No pinned tasks yet');
    const empty = title.parentElement!;
    const assigned = within(empty).getByRole('button', { name: 'Show what is assigned to me' });
    const browse = within(empty).getByRole('button', { name: 'Browse vendors and risks' });
    const paste = within(empty).getByText(/Or paste a task id/);
    // In reading order: assigned, browse, then pasting.
    expect(
      assigned.compareDocumentPosition(browse) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(browse.compareDocumentPosition(paste) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(assigned);
    await screen.findByRole('heading', { name: /Assigned to me|Who are you\?/ });
    await user.click(within(places()).getByRole('button', { name: 'My work' }));
    await user.click(await screen.findByRole('button', { name: 'Browse vendors and risks' }));
    expect(await screen.findByRole('heading', { name: 'Browse' })).toBeTruthy();
  });

  it('the list alone (no places to go) still says how to pin', async () => {
    renderWithApi({ tasks: [] }, <TaskSection />);
    expect(await screen.findByText(/^Paste a task id/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show what is assigned to me' })).toBeNull();
  });
});

describe('the header with two accounts (issue 36, 7)', () => {
  const harbor = profile({ id: 'prof_harbor', label: 'Harbor Street Clinic' });

  it('names the organization once, and the name is the switcher', async () => {
    // The usual case: the account is named after its organization.
    renderWithApi({ account: connected({}, [harbor]) });
    const header = await screen.findByRole('banner');
    await within(header).findByRole('heading', { name: 'Northwind Health' });
    // Seen once (the words for screen readers aside).
    const seen = header.cloneNode(true) as HTMLElement;
    seen.querySelectorAll('.visually-hidden').forEach((n) => n.remove());
    expect(seen.textContent!.split('Northwind Health')).toHaveLength(2);
    const switcher = within(header).getByRole('button', {
      name: /^Northwind Health.*Switch account: Northwind Health shown, 2 on this computer$/,
    });
    expect(switcher.getAttribute('aria-haspopup')).toBe('menu');
    expect(switcher.closest('h1')).not.toBeNull();
    // Every button in the header says what it is: no bare ⇄.
    for (const b of within(header).getAllByRole('button'))
      expect(b.textContent?.trim() || b.getAttribute('aria-label')).toBeTruthy();
  });

  it('an account named otherwise is named after the organization, in the same button', async () => {
    renderWithApi({
      account: connected({ label: 'Shared ops key' }, [harbor]),
      organization: org({ name: 'Northwind Health' }),
    });
    const header = await screen.findByRole('banner');
    const switcher = await within(header).findByRole('button', { name: /Switch account/ });
    expect(switcher.querySelector('.org__switch-name')?.textContent).toBe('Northwind Health');
    expect(switcher.querySelector('.org__switch-account')?.textContent).toBe('Shared ops key');
  });
});

describe('the API-key attribution, said once (issue 36, 8)', () => {
  it('rows say "by you (recorded as …)"; Settings says why, once', async () => {
    const { user } = renderWithApi({
      tasks: [
        view({ changedHere: true }),
        view({ changedHere: true, task: { id: 'tski_two', title: 'Second' } }),
      ],
    });
    const rows = await screen.findAllByRole('listitem');
    rows[0]!.focus();
    await screen.findByText(/by you/);
    expect(rows[0]!.querySelector('.task__recorded')?.textContent).toBe(' (recorded as Maya Chen)');
    expect(screen.queryByText(/records changes made with an API key/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(
      await screen.findAllByText(
        'The service records changes made with an API key under the organization’s owner.',
      ),
    ).toHaveLength(1);
  });
});

describe('a closed row gives the title the line (issue 36, 1)', () => {
  it('the age is marked news within a day, and not after', async () => {
    const hour = 3_600_000;
    renderWithApi(
      {
        tasks: [
          view({ task: { updatedAt: new Date(Date.now() - 2 * hour).toISOString() } }),
          view({
            task: { id: 'tski_old', updatedAt: new Date(Date.now() - 30 * hour).toISOString() },
          }),
        ],
      },
      <TaskSection />,
    );
    const [fresh, old] = await screen.findAllByRole('listitem');
    expect(fresh!.querySelector('.task__age')?.className).toBe('task__age task__age--news');
    expect(old!.querySelector('.task__age')?.className).toBe('task__age');
    // The status is a mark that names itself on hover; the row reads it out.
    expect(fresh!.querySelector('.pill')?.getAttribute('title')).toBe('To do');
  });
});
