import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appError, err, ok } from '../../common/result';
import type { AssignedView, PersonView, PinnedTaskView } from '../../common/views';
import { createFakeApi } from './fake-api';
import type { FakeApi } from './fake-api';
import { view } from './fixtures';
import { renderWithApi } from './render-app';
import { openRow } from './rows';

const PEOPLE: PersonView[] = [
  { id: 'mem_maya', name: 'Maya Chen', email: 'maya@example.com', role: 'owner' },
  { id: 'mem_dan', name: 'Daniel Okafor', email: 'daniel@example.com', role: 'admin' },
  { id: 'mem_emp', name: 'Eve Employee', email: 'eve@example.com', role: 'employee' },
  { id: 'mem_cus', name: 'Cara Custom', email: 'cara@example.com', role: 'compliance-lead' },
];

const ME: PersonView = PEOPLE[1]!;
/** What main answers once a person said who they are (the picker does not read it). */
const CHOSEN: AssignedView = {
  state: 'building',
  me: ME,
  canChooseMe: true,
  tasks: [],
  more: 0,
  progress: null,
  builtAt: null,
  message: null,
};

function withPeople(fake: FakeApi, people: PersonView[] | null = PEOPLE): FakeApi {
  fake.answer('listPeople', async () =>
    people ? ok(people) : err(appError('forbidden', 'The key lacks the member:read scope.')),
  );
  fake.answer('getMe', async () => ok(ME));
  return fake;
}

async function openTaskView(tasks: PinnedTaskView[] = [view()], people?: PersonView[] | null) {
  const fake = withPeople(createFakeApi({ tasks }), people);
  const r = renderWithApi({}, undefined, fake);
  const row = await screen.findByRole('listitem');
  openRow(row);
  await r.user.keyboard('{Enter}');
  await screen.findByRole('heading', { name: 'Task' });
  return { ...r, fake, row };
}

/** The task view of a person main does not know yet, its picker asking who they are. */
async function askWhoIAm() {
  const fake = withPeople(createFakeApi({ tasks: [view()] }));
  fake.answer('getMe', async () => ok(null));
  fake.answer('setMe', async () => ok(CHOSEN));
  const r = renderWithApi({}, undefined, fake);
  openRow(await screen.findByRole('listitem'));
  await r.user.keyboard('{Enter}');
  await r.user.click(await screen.findByRole('button', { name: 'Change…' }));
  await r.user.click(await screen.findByRole('button', { name: 'Assign to me…' }));
  return { ...r, fake };
}

const p = (...content: unknown[]) => ({ type: 'paragraph', content });
/** A one-cell table of the web app's rich text. */
const table = (text: string) => ({
  type: 'table',
  content: [
    {
      type: 'tableRow',
      content: [{ type: 'tableCell', content: [p({ type: 'text', text })] }],
    },
  ],
});

const updates = (fake: FakeApi) => fake.callsOf('updateTask');

describe('a task’s own view', () => {
  it('opens from a row with Enter: title, status, priority, assignee, who and when, vendor, web-app link; Esc goes back to that row', async () => {
    const { user, fake } = await openTaskView([
      view({
        task: { assignee: { id: 'mem_dan', user: { name: 'Daniel Okafor' } } },
      }),
    ]);
    expect(screen.getByRole('heading', { name: 'Review the SOC 2 report' })).toBeTruthy();
    const status = screen.getByRole('radiogroup', { name: 'Status' });
    expect(within(status).getByRole('radio', { checked: true }).textContent).toBe('To do');
    const priority = screen.getByRole('radiogroup', { name: 'Priority' });
    expect(within(priority).getByRole('radio', { checked: true }).textContent).toBe('High');
    expect(screen.getByText('Daniel Okafor')).toBeTruthy();
    expect(screen.getByText(/by Maya Chen/)).toBeTruthy();
    expect(screen.getByText('Vendor')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: /Open in the web app/ }));
    expect(fake.callsOf('openExternal')).toEqual([
      {
        url: 'https://app.example.com/org_7kq2m9x4v1pz/vendors/vnd_k2j3h4?taskItemId=tski_abc123#task-items',
      },
    ]);

    await user.keyboard('{Escape}');
    const row = await screen.findByRole('listitem');
    expect(document.activeElement).toBe(row);
    expect(fake.callsOf('hideWindow')).toHaveLength(0);
  });

  it('the row opens it with its Open button too', async () => {
    const fake = withPeople(createFakeApi({ tasks: [view()] }));
    const { user } = renderWithApi({}, undefined, fake);
    const row = await screen.findByRole('listitem');
    await user.click(within(row).getByRole('button', { name: 'Open Review the SOC 2 report' }));
    expect(await screen.findByRole('heading', { name: 'Task' })).toBeTruthy();
  });

  it('priority from a row: Shift+1–4 (nothing sent for the one it has)', async () => {
    const fake = withPeople(createFakeApi({ tasks: [view()] }));
    const { user } = renderWithApi({}, undefined, fake);
    const row = await screen.findByRole('listitem');
    openRow(row);
    // Shift+2 types "@" and Shift+4 "$" here (US layout): the key's place is what counts.
    await user.keyboard('{Shift>}@{/Shift}');
    expect(updates(fake)).toEqual([]);
    await user.keyboard('{Shift>}${/Shift}');
    expect(updates(fake)).toEqual([{ taskId: 'tski_abc123', patch: { priority: 'low' } }]);
  });

  it('priority in the view: a four-way switch; the one it has sends nothing', async () => {
    const { user, fake } = await openTaskView();
    // My work, on Home, asked for the task items assigned; the view itself asks nothing of them.
    const assignedAsked = fake.callsOf('getAssigned').length;
    await user.click(screen.getByRole('radio', { name: 'High' }));
    expect(updates(fake)).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'Urgent' }));
    expect(updates(fake)).toEqual([{ taskId: 'tski_abc123', patch: { priority: 'urgent' } }]);
    // Who "me" is came from what main keeps, not by starting Assigned to me.
    expect(fake.callsOf('getAssigned')).toHaveLength(assignedAsked);
  });

  it('on a layout where digits need Shift (AZERTY), Shift+the key of 1 is still the status 1', async () => {
    const fake = withPeople(createFakeApi({ tasks: [view()] }));
    renderWithApi({}, undefined, fake);
    const row = await screen.findByRole('listitem');
    openRow(row);
    act(() => {
      row.dispatchEvent(
        new KeyboardEvent('keydown', { key: '2', code: 'Digit2', shiftKey: true, bubbles: true }),
      );
    });
    expect(updates(fake)).toEqual([{ taskId: 'tski_abc123', patch: { status: 'in_progress' } }]);
  });

  it('rename: an empty title is refused before anything is sent; Enter saves, Esc cancels', async () => {
    const { user, fake } = await openTaskView();
    await user.click(screen.getByRole('button', { name: 'Rename the task' }));
    const input = screen.getByLabelText('Title') as HTMLInputElement;
    await user.clear(input);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('A title cannot be empty.');
    expect(updates(fake)).toEqual([]);
    await user.type(input, '  Review the SOC 2 Type II report ');
    await user.keyboard('{Enter}');
    expect(updates(fake)).toEqual([
      { taskId: 'tski_abc123', patch: { title: 'Review the SOC 2 Type II report' } },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Rename the task' }));
    await user.type(screen.getByLabelText('Title'), ' draft');
    await user.keyboard('{Escape}');
    expect(updates(fake)).toHaveLength(1);
    // Esc cancelled the edit: the view is still open.
    expect(screen.getByRole('heading', { name: 'Task' })).toBeTruthy();
  });

  it('description: plain text stays plain text', async () => {
    const { user, fake } = await openTaskView([
      view({ task: { description: 'Ask for the report.' } }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByLabelText('Description');
    await user.type(box, '{Enter}Then file it.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(updates(fake)).toEqual([
      { taskId: 'tski_abc123', patch: { description: 'Ask for the report.\nThen file it.' } },
    ]);
  });

  it('description: a web-app document of paragraphs goes back as a document', async () => {
    const doc = JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'First.' }] }],
    });
    const { user, fake } = await openTaskView([view({ task: { description: doc } })]);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Description'), '{Enter}{Enter}Second.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const sent = (updates(fake)[0] as { patch: { description: string } }).patch.description;
    expect(JSON.parse(sent)).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'First.' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Second.' }] },
      ],
    });
  });

  it('description: a document with a table is not overwritten until the person confirms', async () => {
    const doc = JSON.stringify({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Evidence:' }] },
        table('SOC 2 report'),
      ],
    });
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const { user, fake } = await openTaskView([view({ task: { description: doc } })]);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Description'), ' more');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/loses a table/);
    expect(updates(fake)).toEqual([]);
    // Brought into view where it was asked, and the answer is one key away.
    const anyway = screen.getByRole('button', { name: 'Save anyway' });
    expect(scrolled).toContain(alert);
    expect(document.activeElement).toBe(anyway);
    await user.keyboard('{Enter}');
    expect(updates(fake)).toHaveLength(1);
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });

  it('description: editing one line of a rich description keeps the mentions and the table of the others', async () => {
    const mention = p(
      { type: 'text', text: 'Ask ' },
      { type: 'mention', attrs: { id: 'usr_1', label: 'Maya Chen' } },
    );
    const doc = JSON.stringify({
      type: 'doc',
      content: [mention, p({ type: 'text', text: 'Due Friday.' }), table('Evidence')],
    });
    const { user, fake } = await openTaskView([view({ task: { description: doc } })]);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByLabelText('Description') as HTMLTextAreaElement;
    await user.clear(box);
    await user.type(box, 'Ask @Maya Chen{Enter}{Enter}Due Monday.{Enter}{Enter}Evidence');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Nothing of the untouched lines is lost: no question, and they go back as they were.
    expect(screen.queryByRole('alert')).toBeNull();
    const sent = (updates(fake)[0] as { patch: { description: string } }).patch.description;
    expect(JSON.parse(sent).content).toEqual([
      mention,
      p({ type: 'text', text: 'Due Monday.' }),
      table('Evidence'),
    ]);
  });

  it('assignee: the people the web app offers, searchable; assign, to me, unassign', async () => {
    const { user, fake } = await openTaskView([
      view({ task: { assignee: { id: 'mem_maya', user: { name: 'Maya Chen' } } } }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Change…' }));
    const people = await screen.findByRole('list', { name: 'People' });
    const names = within(people)
      .getAllByRole('button')
      .map((b) => b.querySelector('.picker__name')?.textContent);
    // Not the employee: the web app does not offer employees, contractors or auditors.
    expect(names).toEqual(['Cara Custom', 'Daniel Okafor', 'Maya Chen']);
    // Not hidden either: named apart, with why.
    const off = screen.getByRole('list', { name: 'Not offered as assignees' });
    expect(off.textContent).toContain('Eve Employee');
    expect(off.textContent).toContain('an employee');
    expect(screen.getByText(/not to employees, contractors or auditors/)).toBeTruthy();
    await user.type(screen.getByLabelText('Search people by name or email'), 'cara@');
    expect(within(people).getAllByRole('button')).toHaveLength(1);
    await user.click(within(people).getByRole('button', { name: /Cara Custom/ }));
    expect(updates(fake).at(-1)).toEqual({
      taskId: 'tski_abc123',
      patch: { assigneeId: 'mem_cus' },
    });
    expect(screen.getByText('Assigning to Cara Custom…')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Change…' }));
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(updates(fake).at(-1)).toEqual({
      taskId: 'tski_abc123',
      patch: { assigneeId: 'mem_dan' },
    });
    await user.click(screen.getByRole('button', { name: 'Change…' }));
    await user.click(await screen.findByRole('button', { name: 'Unassign' }));
    expect(updates(fake).at(-1)).toEqual({ taskId: 'tski_abc123', patch: { assigneeId: null } });
  });

  it('"Assign to me" where the app does not know who you are: asks there, remembers, assigns', async () => {
    const { fake, ...r } = await askWhoIAm();
    expect(screen.getByText(/Who are you\? Choose yourself once/)).toBeTruthy();
    // Anyone may be you, the employee too; Esc steps back to the people, not out.
    const people = screen.getByRole('list', { name: 'People' });
    expect(within(people).getAllByRole('button')).toHaveLength(4);
    await r.user.keyboard('{Escape}');
    expect(screen.getByRole('group', { name: 'Choose the assignee' })).toBeTruthy();
    await r.user.click(screen.getByRole('button', { name: 'Assign to me…' }));
    await r.user.type(screen.getByLabelText('Search people by name or email'), 'daniel');
    await r.user.click(within(screen.getByRole('list', { name: 'People' })).getByRole('button'));
    expect(fake.callsOf('setMe')).toEqual([{ memberId: 'mem_dan' }]);
    expect(updates(fake)).toEqual([{ taskId: 'tski_abc123', patch: { assigneeId: 'mem_dan' } }]);
  });

  it('choosing yourself when you cannot be assigned: remembered, and said why', async () => {
    const { fake, ...r } = await askWhoIAm();
    await r.user.click(screen.getByRole('button', { name: /Eve Employee/ }));
    expect(fake.callsOf('setMe')).toEqual([{ memberId: 'mem_emp' }]);
    expect(screen.getByRole('alert').textContent).toMatch(
      /cannot be assigned: you are an employee/,
    );
    expect(updates(fake)).toEqual([]);
  });

  it('a search that finds only people who cannot be assigned says so, not "Nobody matches"', async () => {
    const { user } = await openTaskView();
    await user.click(screen.getByRole('button', { name: 'Change…' }));
    await user.type(await screen.findByLabelText('Search people by name or email'), 'eve');
    expect(within(screen.getByRole('list', { name: 'People' })).queryAllByRole('button')).toEqual(
      [],
    );
    expect(screen.getByRole('list', { name: 'Not offered as assignees' }).textContent).toMatch(
      /Eve Employee.*an employee/,
    );
    expect(screen.queryByText(/Nobody/)).toBeNull();
    await user.clear(screen.getByLabelText('Search people by name or email'));
    await user.type(screen.getByLabelText('Search people by name or email'), 'zed');
    expect(screen.getByText('Nobody in the organization matches “zed”.')).toBeTruthy();
  });

  it('assignee without a people list: a member id, checked before it is sent', async () => {
    const { user, fake } = await openTaskView([view()], null);
    await user.click(screen.getByRole('button', { name: 'Change…' }));
    const field = await screen.findByLabelText('Member id');
    // Main's reason, then what to do: said once, not wrapped in a second reason.
    expect(
      screen.getByText(
        'The key lacks the member:read scope. Type the member id (mem_…) instead: it is on the web app’s People page.',
      ),
    ).toBeTruthy();
    await user.type(field, 'Daniel{Enter}');
    expect(screen.getByRole('alert').textContent).toMatch(/starts with “mem_”/);
    expect(updates(fake)).toEqual([]);
    await user.clear(field);
    await user.type(field, 'mem_dan{Enter}');
    expect(updates(fake)).toEqual([{ taskId: 'tski_abc123', patch: { assigneeId: 'mem_dan' } }]);
  });

  it('a change the service refuses rolls back with its words', async () => {
    const { user, fake } = await openTaskView();
    fake.answer('updateTask', async () =>
      err(appError('invalid', 'Assignee is not a member of this organization', { status: 400 })),
    );
    await user.click(screen.getByRole('button', { name: 'Change…' }));
    await user.click(await screen.findByRole('button', { name: /Cara Custom/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Not changed: Assignee is not a member of this organization',
    );
    expect(screen.getByText('Unassigned')).toBeTruthy();
    act(() => undefined);
  });

  it('bidi and invisible controls from the service do not reorder the description or the people offered', async () => {
    // U+202E turns what follows around: "…exe.txt" would read as "…txt.exe".
    const rlo = '\u202E';
    const { user } = await openTaskView(
      [view({ task: { description: `Open the attachment invoice${rlo}txt.exe` } })],
      [
        {
          id: 'mem_eve',
          name: `Eve${rlo}nimdA`,
          email: `eve${'\u200B'}@example.com`,
          role: 'owner',
        },
      ],
    );
    expect(screen.getByText('Open the attachment invoicetxt.exe')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change…' }));
    const people = await screen.findByRole('list', { name: 'People' });
    const shown = within(people).getByRole('button').textContent ?? '';
    expect(shown).toContain('EvenimdA');
    expect(shown).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B]/);
  });
});
