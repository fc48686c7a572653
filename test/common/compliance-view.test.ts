import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_VIEW_BOUNDS,
  complianceTaskView,
  complianceWebLink,
  isOverdue,
  orderMine,
} from '../../common/compliance-view';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const day = (n: number) => new Date(NOW + n * 86_400_000).toISOString();
const t = (title: string, status: string, reviewDate: string | null) => ({
  title,
  status,
  reviewDate,
});

describe('orderMine: compliance tasks in the order to do them', () => {
  it('overdue first, then by review date, then title; no date after dated; done and not relevant last', () => {
    const ordered = orderMine(
      [
        t('Done long ago', 'done', day(-30)),
        t('Due in 3 days', 'todo', day(3)),
        t('No date', 'todo', null),
        t('Overdue a day', 'in_progress', day(-1)),
        t('Not relevant', 'not_relevant', null),
        t('Overdue a week', 'failed', day(-7)),
        t('B due in 10', 'in_review', day(10)),
        t('A due in 10', 'todo', day(10)),
      ],
      NOW,
    );
    expect(ordered.map((x) => x.title)).toEqual([
      'Overdue a week',
      'Overdue a day',
      'Due in 3 days',
      'A due in 10',
      'B due in 10',
      'No date',
      'Done long ago',
      'Not relevant',
    ]);
  });

  it('leaves its input as it was, and treats a date it cannot read as none', () => {
    const input = [t('Z', 'todo', 'not a date'), t('A', 'todo', day(1))];
    const ordered = orderMine(input, NOW);
    expect(ordered.map((x) => x.title)).toEqual(['A', 'Z']);
    expect(input.map((x) => x.title)).toEqual(['Z', 'A']);
  });

  it('a done task past its date is not overdue', () => {
    expect(isOverdue(t('x', 'done', day(-3)), NOW)).toBe(false);
    expect(isOverdue(t('x', 'todo', day(-3)), NOW)).toBe(true);
    expect(isOverdue(t('x', 'todo', day(1)), NOW)).toBe(false);
  });
});

describe('a compliance task as the popup gets it', () => {
  it('links to the web app page of the task, as the sign-in address and organization say', () => {
    expect(
      complianceWebLink({
        signInUrl: 'https://app.trycomp.ai/auth',
        organizationId: 'org_abc',
        taskId: 'tsk_123',
      }),
    ).toBe('https://app.trycomp.ai/org_abc/tasks/tsk_123');
    expect(
      complianceWebLink({
        signInUrl: 'https://app.trycomp.ai',
        organizationId: null,
        taskId: 'tsk_1',
      }),
    ).toBeNull();
    expect(
      complianceWebLink({ signInUrl: 'file:///etc', organizationId: 'org_a', taskId: 'tsk_1' }),
    ).toBeNull();
  });

  it('cuts a long description to the view bound', () => {
    const view = complianceTaskView(
      {
        id: 'tsk_1',
        title: 'T',
        status: 'todo',
        reviewDate: null,
        frequency: null,
        department: null,
        description: 'x'.repeat(50_000),
        assigneeId: null,
        approverId: null,
        notRelevantJustification: null,
      },
      null,
    );
    expect(view.description!.length).toBe(COMPLIANCE_VIEW_BOUNDS.description);
    expect(view.description!.endsWith('…')).toBe(true);
  });
});
