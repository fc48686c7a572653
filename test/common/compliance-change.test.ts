import { describe, expect, it } from 'vitest';
import {
  applyCompliancePatch,
  complianceChangeView,
  compliancePatchOf,
} from '../../common/compliance-change';
import type { ComplianceChangeState } from '../../common/compliance-change';
import { ComplianceTaskSchema } from '../../common/compliance-task';

/** The optimistic view of a compliance task: its waiting change on top, the rollback after a refusal. */

const kept = ComplianceTaskSchema.parse({
  id: 'tsk_n5vendor6assess',
  title: 'Vendor risk assessments',
  description: null,
  status: 'in_review',
  frequency: 'monthly',
  department: 'it',
  reviewDate: '2026-12-08T00:00:00.000Z',
  assigneeId: 'mem_n1maya7q2c',
  approverId: 'mem_n2dan4k8ro',
  notRelevantJustification: null,
  createdAt: '2026-08-01T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
});
const state = (s: Partial<ComplianceChangeState>): ComplianceChangeState => ({
  taskId: kept.id,
  pendingPatch: null,
  pending: null,
  error: null,
  refusal: null,
  ...s,
});
const refusedInReview = state({
  error: {
    kind: 'invalid',
    status: 400,
    message: 'Cannot change status directly while task is in review.',
  },
  refusal: 'in_review',
});

describe('the compliance task view', () => {
  it('shows a waiting change at once on top of the kept task', () => {
    const view = complianceChangeView(
      kept,
      state({ pendingPatch: { title: 'Vendor assessments', assigneeId: null }, pending: 'queued' }),
      null,
    );
    expect(view.shown).toMatchObject({ title: 'Vendor assessments', assigneeId: null });
    expect(view.kept).toBe(kept);
    expect(view.sync).toBe('queued');
  });

  it('keeps a justification only with not_relevant, as the service does', () => {
    const nr = applyCompliancePatch(kept, {
      status: 'not_relevant',
      notRelevantJustification: 'x',
    });
    expect(nr.notRelevantJustification).toBe('x');
    expect(applyCompliancePatch(nr, { status: 'todo' }).notRelevantJustification).toBeNull();
    expect(applyCompliancePatch(nr, { title: 't' }).notRelevantJustification).toBe('x');
  });

  it('after a refusal shows the kept task with the words, and offers approve/reject to its approver only', () => {
    const mine = complianceChangeView(kept, refusedInReview, 'mem_n2dan4k8ro');
    expect(mine).toMatchObject({ shown: kept, sync: 'failed', offer: ['approve', 'reject'] });
    expect(mine.error?.message).toMatch(/in review/);
    expect(complianceChangeView(kept, refusedInReview, 'mem_n1maya7q2c').offer).toEqual([]);
    expect(complianceChangeView(kept, refusedInReview, null).offer).toEqual([]);
    expect(complianceChangeView(kept, state({}), 'mem_n2dan4k8ro').offer).toEqual([]);
  });

  it('offers review to a task with an approver refused straight to done', () => {
    const todo = { ...kept, status: 'todo' };
    const refused = state({
      error: { kind: 'invalid', message: 'Submit for review instead.' },
      refusal: 'needs_review',
    });
    expect(complianceChangeView(todo, refused, null).offer).toEqual(['submit_for_review']);
  });

  it('makes the PATCH body of each kind of change', () => {
    expect(compliancePatchOf({ kind: 'status', status: 'done' })).toEqual({ status: 'done' });
    expect(
      compliancePatchOf({ kind: 'status', status: 'not_relevant', justification: 'Why' }),
    ).toEqual({ status: 'not_relevant', notRelevantJustification: 'Why' });
    // A justification goes only with not_relevant.
    expect(compliancePatchOf({ kind: 'status', status: 'todo', justification: 'Why' })).toEqual({
      status: 'todo',
    });
    expect(compliancePatchOf({ kind: 'assignee', assigneeId: null })).toEqual({ assigneeId: null });
    expect(compliancePatchOf({ kind: 'title', title: 'T' })).toEqual({ title: 'T' });
    expect(compliancePatchOf({ kind: 'description', description: 'D' })).toEqual({
      description: 'D',
    });
  });
});
