import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../common/result';
import type { KnownTasks } from '../../common/views';
import { TaskSection } from '../../renderer/components/TaskSection';
import { complianceTask, complianceView, task, view } from './fixtures';
import { renderWithApi } from './render-app';

const known = (unread: number, ...names: string[]): KnownTasks => ({
  lists: names.map((name, i) => ({
    entity: { entityType: 'vendor', entityId: `vnd_${i}`, name },
    tasks: [
      task({
        id: `tski_v${i}`,
        title: `Renew the DPA ${i}`,
        entityType: 'vendor',
        entityId: `vnd_${i}`,
      }),
    ],
    readAt: Date.now() - 3 * 60_000,
    more: false,
  })),
  unread,
  entitiesListed: true,
});

function renderSearch() {
  const r = renderWithApi(
    {
      tasks: [view()],
      compliance: complianceView({
        tasks: [complianceTask({ id: 'tsk_access', title: 'Access review' })],
      }),
    },
    <TaskSection />,
  );
  r.fake.answer('getKnownTasks', async () => ok(known(2, 'Acme Cloud')));
  r.fake.answer('readUnknownTasks', async () => ok(known(0, 'Acme Cloud', 'MedBill')));
  return r;
}

describe('search, below the pins', () => {
  it('says what it searched and what not, and reads the rest when asked', async () => {
    const { user, fake } = renderSearch();
    await user.type(screen.getByRole('searchbox', { name: 'Filter tasks' }), 'dpa');
    const line = () => document.querySelector('.search__scope')?.textContent ?? '';
    await waitFor(() =>
      expect(line()).toMatch(
        /^Searched 3 tasks from 1 vendor or risk, read \d+ min ago\. The service has no search of its own: 2 vendors and risks not read yet are not searched\./,
      ),
    );
    expect(screen.getByRole('heading', { name: /Acme Cloud · Vendor/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Read the rest' }));
    expect(fake.callsOf('readUnknownTasks')).toHaveLength(1);
    await screen.findByRole('heading', { name: /MedBill · Vendor/ });
    expect(line()).toMatch(/every vendor and risk listed was read and searched\.\s*$/);
    expect(screen.queryByRole('button', { name: 'Read the rest' })).toBeNull();
  });

  it('finds compliance tasks, whose rows take their own keys (1–6)', async () => {
    const { user, fake } = renderSearch();
    await user.type(screen.getByRole('searchbox', { name: 'Filter tasks' }), 'access');
    const heading = await screen.findByRole('heading', { name: /Compliance tasks/ });
    const group = heading.closest('section')!;
    const row = within(group).getAllByRole('listitem')[0]!;
    expect(row.textContent).toContain('Access review');
    // ↓ from the field: no pin matches, so the first result takes focus.
    await user.click(screen.getByRole('searchbox', { name: 'Filter tasks' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(row);
    await user.keyboard('2');
    await waitFor(() => expect(fake.callsOf('updateComplianceTask')).toHaveLength(1));
    expect(fake.callsOf('updateComplianceTask')[0]).toMatchObject({
      taskId: 'tsk_access',
      patch: { status: 'in_progress' },
    });
  });
});
