import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComplianceChangeAnswer, ComplianceOffer } from '../../common/compliance-change';
import type { CompliancePatch, ComplianceTask } from '../../common/compliance-task';
import { complianceTaskView } from '../../common/compliance-view';
import type { ComplianceTaskView, ComplianceView } from '../../common/compliance-view';
import type { Result } from '../../common/result';
import { mergePatches, withPatch } from '../lib/compliance-model';
import { useApi } from './api-context';

/** The person's change on its way: sent (pending) or waiting for the service (queued). */
interface Waiting {
  readonly patch: CompliancePatch;
  readonly state: 'pending' | 'queued';
}

export interface ComplianceTaskController {
  readonly phase: 'loading' | 'ready' | 'missing';
  /** The task with the person's waiting change on top: what the view shows. */
  readonly task: ComplianceTaskView | null;
  /** The service's last word on it, without the waiting change. */
  readonly kept: ComplianceTaskView | null;
  readonly approvalEnabled: boolean | null;
  readonly sync: 'idle' | 'pending' | 'queued';
  /** The service's words for the last refusal (the task shows as it was). */
  readonly error: string | null;
  /** What to do instead of what was refused (approve, reject, submit for review). */
  readonly offer: readonly ComplianceOffer[];
  /** The review date the service answered when the person marked the task done. */
  readonly doneNextReview: string | null;
  /** A review on its way (they go at once, never queued). */
  readonly reviewing: ComplianceOffer | null;
  change(patch: CompliancePatch): Promise<boolean>;
  submitForReview(approverId: string): Promise<boolean>;
  approve(): Promise<boolean>;
  reject(): Promise<boolean>;
  dismissError(): void;
  /** Pinned (a link, a paste): kept in My work whoever's it is; null while unknown. */
  readonly pinned: boolean | null;
  /** Pins or unpins it; the refusal's words, or null when done. */
  setPinned(pinned: boolean): Promise<string | null>;
}

/**
 * One compliance task (`tsk_…`) as main keeps it (getCompliance, then
 * compliance:changed), and the person's changes to it: shown at once, sent
 * through the outbox (updateComplianceTask), rolled back on a refusal with
 * the service's words and what to offer instead. A task that stops being
 * the person's (assigned to someone else from here) stays on show as the
 * service last answered it.
 */
/** The task among the person's own, or among those pinned (someone else's, opened from a link). */
const taskIn = (view: ComplianceView, taskId: string): ComplianceTaskView | null =>
  view.tasks.find((t) => t.id === taskId) ?? view.pinned.find((t) => t.id === taskId) ?? null;

export function useComplianceTask(taskId: string): ComplianceTaskController {
  const api = useApi();
  const [view, setView] = useState<ComplianceView | null>(null);
  const [answered, setAnswered] = useState<ComplianceTaskView | null>(null);
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [offer, setOffer] = useState<readonly ComplianceOffer[]>([]);
  const [doneNextReview, setDoneNextReview] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<ComplianceOffer | null>(null);
  // Only the answer to the latest change settles what is waiting: an earlier one's is stale.
  const sent = useRef(0);

  // The last refusal main told of, so that one dismissed here does not come back with each event.
  const toldError = useRef<string | null>(null);
  useEffect(() => {
    let live = true;
    /** Main's view: its list is the newer word now, and its note says how a change ended. */
    const heard = (next: ComplianceView) => {
      setView(next);
      const task = taskIn(next, taskId);
      if (!task) return;
      setAnswered(null);
      const note = next.changes.find((n) => n.taskId === taskId);
      // A change that was queued has landed, or been refused, once main no longer waits with it.
      setWaiting((w) => (w?.state === 'queued' && !note?.pending ? null : w));
      const error = note?.pending ? null : (note?.error ?? null);
      if (error !== null && error !== toldError.current) {
        setError(error);
        setOffer(note?.offer ?? []);
      }
      toldError.current = error;
    };
    const off = api.on('compliance:changed', (next) => {
      live = false;
      heard(next);
    });
    void api.getCompliance().then((r) => {
      if (live && r.ok) heard(r.value);
    });
    return () => {
      live = false;
      off();
    };
  }, [api, taskId]);

  const listed = view ? taskIn(view, taskId) : null;
  // A change main holds that this view did not make (made before it opened, or from the tray).
  const note = view?.changes.find((n) => n.taskId === taskId);
  const held: Waiting | null =
    note?.pendingPatch && note.pending ? { patch: note.pendingPatch, state: note.pending } : null;
  const shownWaiting = waiting ?? held;
  // The service's answer shows before its event arrives; a task no longer the person's stays.
  const kept = answered ?? listed;
  const fromService = useCallback(
    (task: ComplianceTask | null) => {
      if (task) setAnswered(complianceTaskView(task, kept?.webUrl ?? null));
    },
    [kept?.webUrl],
  );

  const change = async (patch: CompliancePatch): Promise<boolean> => {
    const mine = ++sent.current;
    setWaiting((w) => ({ patch: mergePatches(w?.patch ?? null, patch), state: 'pending' }));
    setError(null);
    setOffer([]);
    if (patch.status !== undefined) setDoneNextReview(null);
    const r = await api.updateComplianceTask({ taskId, patch });
    if (mine !== sent.current) return r.ok && r.value.outcome !== 'refused';
    return settle(r, patch);
  };

  const settle = (r: Result<ComplianceChangeAnswer>, patch: CompliancePatch): boolean => {
    if (!r.ok) {
      setWaiting(null);
      setError(r.error.message);
      return false;
    }
    const answer = r.value;
    fromService(answer.task);
    if (answer.outcome === 'queued') {
      setWaiting({ patch: answer.change.pendingPatch ?? patch, state: 'queued' });
      return true;
    }
    setWaiting(null);
    if (answer.outcome === 'refused') {
      setError(answer.change.error?.message ?? 'The service refused the change.');
      setOffer(answer.offer);
      return false;
    }
    if (patch.status === 'done' && answer.task?.status === 'done')
      setDoneNextReview(answer.task.reviewDate);
    return true;
  };

  const review = async (
    kind: ComplianceOffer,
    send: () => Promise<Result<ComplianceTask>>,
  ): Promise<boolean> => {
    setReviewing(kind);
    setError(null);
    setOffer([]);
    const r = await send();
    setReviewing(null);
    if (!r.ok) {
      setError(r.error.message);
      return false;
    }
    fromService(r.value);
    setDoneNextReview(r.value.status === 'done' ? r.value.reviewDate : null);
    return true;
  };

  return {
    phase: kept ? 'ready' : view ? 'missing' : 'loading',
    task: kept ? withPatch(kept, shownWaiting?.patch ?? null) : null,
    kept,
    approvalEnabled: view?.approvalEnabled ?? null,
    sync: shownWaiting?.state ?? 'idle',
    error,
    offer,
    doneNextReview,
    reviewing,
    change,
    submitForReview: (approverId) =>
      review('submit_for_review', () => api.submitForReview({ taskId, approverId })),
    approve: () => review('approve', () => api.approveTask({ taskId })),
    reject: () => review('reject', () => api.rejectTask({ taskId })),
    dismissError: () => {
      setError(null);
      setOffer([]);
    },
    pinned: view
      ? view.pinned.some((t) => t.id === taskId) || view.pinnedUnread.includes(taskId)
      : null,
    setPinned: async (pin) => {
      const r = pin
        ? await api.pinComplianceTask({ ref: { taskId } })
        : await api.unpinComplianceTask({ taskId });
      if (!r.ok) return r.error.message;
      setView(r.value);
      return null;
    },
  };
}
