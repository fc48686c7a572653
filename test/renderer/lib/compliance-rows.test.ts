import { describe, expect, it } from 'vitest';
import {
  complianceKey,
  complianceRow,
  overlaysAfter,
  scheduleWords,
} from '../../../renderer/lib/compliance-rows';
import type { ComplianceOverlay } from '../../../renderer/lib/compliance-rows';
import type { ComplianceChangeNote } from '../../../common/compliance-view';
import { complianceTask } from '../fixtures';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const key = (k: string, over: Partial<KeyboardEvent> = {}) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...over,
});

const note = (
  taskId: string,
  over: Partial<Omit<ComplianceChangeNote, 'taskId'>> = {},
): ComplianceChangeNote => ({
  taskId,
  pendingPatch: null,
  pending: null,
  error: null,
  offer: [],
  ...over,
});

describe('compliance rows', () => {
  it('1–6 are the six statuses in order; other keys and modified digits are none', () => {
    expect(['1', '2', '3', '4', '5', '6'].map((k) => complianceKey(key(k)))).toEqual([
      'todo',
      'in_progress',
      'in_review',
      'done',
      'not_relevant',
      'failed',
    ]);
    expect(complianceKey(key('7'))).toBeNull();
    expect(complianceKey(key('1', { ctrlKey: true }))).toBeNull();
  });

  it('the schedule in words: built-in departments named, the organization’s own as they are, none left out', () => {
    expect(scheduleWords({ frequency: 'quarterly', department: 'it' })).toBe('Quarterly · IT');
    expect(scheduleWords({ frequency: null, department: 'Facilities' })).toBe('Facilities');
    expect(scheduleWords({ frequency: 'yearly', department: 'none' })).toBe('Yearly');
    expect(scheduleWords({ frequency: null, department: null })).toBe('');
  });

  it('a waiting status shows over the kept one, and its due words follow it (done: the next review)', () => {
    const t = complianceTask({ status: 'todo', reviewDate: '2026-03-13T12:00:00Z' });
    const waiting: ComplianceOverlay = { kind: 'waiting', status: 'done', sync: 'pending' };
    const row = complianceRow(t, waiting, NOW, 'UTC');
    expect([row.status, row.statusLabel, row.sync]).toEqual(['done', 'Done', 'pending']);
    expect(row.due?.words).toBe('next review 13 Mar');
    expect(complianceRow(t, undefined, NOW, 'UTC').due?.words).toBe('due Friday');
  });

  it('a refusal shows the kept status with the service’s words', () => {
    const t = complianceTask({ status: 'in_progress' });
    const row = complianceRow(t, { kind: 'refused', message: 'No.', offer: true }, NOW, 'UTC');
    expect([row.status, row.error, row.offer, row.sync]).toEqual([
      'in_progress',
      'No.',
      true,
      'idle',
    ]);
  });

  it('a new view drops what it now holds and tasks gone; keeps what still waits and refusals', () => {
    const overlays = new Map<string, ComplianceOverlay>([
      ['tsk_a', { kind: 'waiting', status: 'done', sync: 'pending' }],
      ['tsk_b', { kind: 'waiting', status: 'done', sync: 'queued' }],
      ['tsk_c', { kind: 'refused', message: 'No.', offer: false }],
      ['tsk_gone', { kind: 'waiting', status: 'done', sync: 'pending' }],
    ]);
    const next = overlaysAfter(
      overlays,
      [
        complianceTask({ id: 'tsk_a', status: 'done' }),
        complianceTask({ id: 'tsk_b', status: 'todo' }),
        complianceTask({ id: 'tsk_c', status: 'todo' }),
      ],
      [note('tsk_b', { pendingPatch: { status: 'done' }, pending: 'queued' })],
    );
    expect([...next.keys()]).toEqual(['tsk_b', 'tsk_c']);
  });

  it("main's notes speak first: a change queued elsewhere shows, a later refusal replaces the wait", () => {
    const tasks = [complianceTask({ id: 'tsk_a', status: 'todo' })];
    const queued = overlaysAfter(new Map(), tasks, [
      note('tsk_a', { pendingPatch: { status: 'in_progress' }, pending: 'queued' }),
    ]);
    expect(queued.get('tsk_a')).toEqual({ kind: 'waiting', status: 'in_progress', sync: 'queued' });
    const refused = overlaysAfter(queued, tasks, [
      note('tsk_a', {
        error: 'Cannot change status directly while task is in review.',
        offer: ['approve'],
      }),
    ]);
    expect(refused.get('tsk_a')).toEqual({
      kind: 'refused',
      message: 'Cannot change status directly while task is in review.',
      offer: true,
    });
    // Put away by the person: main's word stays, the row no longer shows it.
    const away = overlaysAfter(
      new Map(),
      tasks,
      [note('tsk_a', { error: 'No.' })],
      (id, words) => id === 'tsk_a' && words === 'No.',
    );
    expect(away.size).toBe(0);
    // The note gone and the kept status shown: the queued change ended (given up), nothing waits.
    expect(overlaysAfter(queued, tasks, []).size).toBe(0);
  });

  it('a change that landed is shown until the next view, even if that view says otherwise', () => {
    const landed = new Map<string, ComplianceOverlay>([
      ['tsk_a', { kind: 'waiting', status: 'done', sync: 'pending', landed: true }],
    ]);
    // Changed again in the web app meanwhile: the view's status is the word, no endless wait.
    expect(overlaysAfter(landed, [complianceTask({ id: 'tsk_a', status: 'failed' })]).size).toBe(0);
  });
});
