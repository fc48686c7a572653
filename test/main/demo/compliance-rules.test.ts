import { describe, expect, it } from 'vitest';
import type { DemoComplianceTask } from '../../../main/demo/compliance-model';
import { isRestrictedRole, nextReviewDate, visibleTo } from '../../../main/demo/compliance-rules';

/**
 * The rules the reference service shares with the real one that no request
 * can reach with the built-in roles (the assignment filter), and the review
 * date's arithmetic at its edges, which JavaScript's Date decides for both.
 */

const task = (assigneeId: string | null) => ({ assigneeId }) as DemoComplianceTask;

describe('compliance rules', () => {
  it('shows employees and contractors only their own tasks; keys, owners, admins and auditors see all', () => {
    expect(visibleTo(task('mem_a'), ['employee'], 'mem_a')).toBe(true);
    expect(visibleTo(task('mem_b'), ['employee'], 'mem_a')).toBe(false);
    expect(visibleTo(task(null), ['contractor'], 'mem_a')).toBe(false);
    expect(visibleTo(task('mem_b'), ['employee', 'auditor'], 'mem_a')).toBe(true);
    expect(visibleTo(task('mem_b'), null, undefined)).toBe(true);
    expect(isRestrictedRole([])).toBe(true);
    expect(isRestrictedRole(['admin'])).toBe(false);
  });

  it('counts the next review from midnight UTC, rolling over month ends as Date does', () => {
    const at = new Date('2027-01-31T22:00:00Z');
    expect(nextReviewDate('daily', at)).toBe('2027-02-01T00:00:00.000Z');
    expect(nextReviewDate('monthly', at)).toBe('2027-03-03T00:00:00.000Z');
    expect(nextReviewDate('yearly', at)).toBe('2028-01-31T00:00:00.000Z');
    expect(nextReviewDate(null, at)).toBe('2028-01-31T00:00:00.000Z');
  });
});
