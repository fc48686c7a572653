import { describe, expect, it } from 'vitest';
import { complianceTaskView } from '../../../common/compliance-view';
import {
  complianceStatusKey,
  departmentWords,
  dueWords,
  justificationProblem,
  mergePatches,
  withPatch,
} from '../../../renderer/lib/compliance-model';
import { ctask } from '../compliance-fixtures';

const shown = complianceTaskView(
  ctask({ status: 'not_relevant', notRelevantJustification: 'Old' }),
  null,
);
const key = (k: string, mods: Partial<KeyboardEvent> = {}) =>
  complianceStatusKey({ key: k, altKey: false, ctrlKey: false, metaKey: false, ...mods });

describe('a compliance task’s view model', () => {
  it('lays a change over the task; another status drops the justification, as the service does', () => {
    expect(withPatch(shown, { title: ' New ' }).title).toBe('New');
    expect(withPatch(shown, { status: 'todo' })).toMatchObject({
      status: 'todo',
      notRelevantJustification: null,
    });
    expect(withPatch(shown, null)).toBe(shown);
  });

  it('merges changes per field; a later status other than not relevant drops the justification', () => {
    expect(
      mergePatches({ status: 'not_relevant', notRelevantJustification: 'Why' }, { status: 'done' }),
    ).toEqual({ status: 'done' });
    expect(mergePatches({ title: 'A' }, { assigneeId: null })).toEqual({
      title: 'A',
      assigneeId: null,
    });
  });

  it('1–6 are the six statuses; with a modifier, or 7, nothing', () => {
    expect(['1', '2', '3', '4', '5', '6'].map((k) => key(k))).toEqual([
      'todo',
      'in_progress',
      'in_review',
      'done',
      'not_relevant',
      'failed',
    ]);
    expect(key('7')).toBeNull();
    expect(key('1', { ctrlKey: true })).toBeNull();
  });

  it('says when it is due in the person’s days, and the department in words', () => {
    const now = Date.parse('2026-02-10T10:00:00Z');
    expect(dueWords({ status: 'todo', reviewDate: '2026-02-07T10:00:00Z' }, now, 'UTC')).toEqual({
      words: '3 days overdue',
      overdue: true,
    });
    expect(
      dueWords({ status: 'done', reviewDate: '2026-02-28T10:00:00Z' }, now, 'UTC')?.words,
    ).toBe('Next review 28 Feb');
    expect(
      dueWords({ status: 'not_relevant', reviewDate: '2026-02-07T10:00:00Z' }, now, 'UTC'),
    ).toBeNull();
    expect(departmentWords('hr')).toBe('HR');
    expect(departmentWords('none')).toBeNull();
    expect(departmentWords('Finance')).toBe('Finance');
  });

  it('a justification is required and bounded', () => {
    expect(justificationProblem('  ')).toMatch(/Say why/);
    expect(justificationProblem('x'.repeat(2_001))).toMatch(/at most 2,000/);
    expect(justificationProblem('Run by the parent company')).toBeNull();
  });
});
