import type { CompliancePatch, ComplianceTask } from '../../common/compliance-task';
import { complianceOffer, complianceChangeView } from '../../common/compliance-change';
import type {
  ComplianceChangeAnswer,
  ComplianceChangeState,
  ComplianceOffer,
  ComplianceRefusalKind,
  ComplianceChangeView,
} from '../../common/compliance-change';
import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { Logger } from '../log/logger';
import type { Outbox } from '../outbox/outbox';
import type { ComplianceClient } from '../service/compliance-client';
import { complianceRefusal } from '../service/compliance-errors';
import { COMPLIANCE_WORDS } from './compliance-words';

/** Where the service's answers go: the kept list of compliance tasks (main/compliance/compliance-kept.ts). */
export interface ComplianceKeptPort {
  put(profileId: string, task: ComplianceTask): void;
}

export interface ComplianceChangesDeps {
  /** The shown profile, and whether its changes are kept on disk (the demo's are not). */
  readonly active: () => { readonly profileId: string; readonly durable: boolean } | null;
  readonly outbox: Pick<Outbox, 'enqueueCompliance' | 'complianceLaneView'>;
  readonly clientFor: (profileId: string) => ComplianceClient | null;
  readonly kept: ComplianceKeptPort;
  /** Who the person is at the shown profile (a member id), asked of the service once a run. */
  readonly me: () => Promise<string | null>;
  readonly log: Logger;
}

export type { ComplianceChangeAnswer };

/** Refusals kept at most, oldest forgotten first: one per task the person changed. */
const MAX_REFUSALS = 500;

/** The refusals that say the task is not as it was shown: it is read again, to roll back to the truth. */
const ABOUT_STATE: readonly ComplianceRefusalKind[] = ['in_review', 'needs_review'];

const key = (profileId: string, taskId: string) => `${profileId}\n${taskId}`;

/**
 * Compliance task changes (`tsk_…`) through the outbox, as task items'
 * go: kept on disk before they leave, merged per field while they wait,
 * confirmed by the service's answer (handed to the kept list), or rolled
 * back with the service's words, kept with the task until its next change.
 */
export function createComplianceChanges(deps: ComplianceChangesDeps) {
  const refusals = new Map<string, { error: AppError; refusal: ComplianceRefusalKind | null }>();
  const listeners = new Set<(profileId: string) => void>();
  const changed = (profileId: string) => {
    for (const l of listeners) l(profileId);
  };

  const state = (profileId: string, taskId: string): ComplianceChangeState => {
    const lane = deps.outbox.complianceLaneView(profileId, taskId);
    const refused = refusals.get(key(profileId, taskId));
    return {
      taskId,
      pendingPatch: lane?.patch ?? null,
      pending: lane?.sync ?? null,
      error: refused?.error ?? null,
      refusal: refused?.refusal ?? null,
    };
  };

  /** The service's task, read after a refusal about its state: the kept list follows it. */
  const readBack = async (profileId: string, taskId: string): Promise<ComplianceTask | null> => {
    const read = await deps.clientFor(profileId)?.get(taskId);
    if (!read) return null;
    if (!read.ok) {
      deps.log.warn('A refused compliance task could not be read again', read.error.message);
      return null;
    }
    deps.kept.put(profileId, read.value);
    return read.value;
  };

  const lastRead = new Map<string, ComplianceTask>();

  const offerFor = async (
    profileId: string,
    task: ComplianceTask | null,
    change: ComplianceChangeState,
  ): Promise<ComplianceOffer[]> =>
    task && change.error ? complianceOffer(change.refusal, task, await deps.me()) : [];

  return {
    /** Main's word on one task's changes: what waits, and the last refusal. */
    state,

    /** The kept task with its changes on top (common/compliance-change.ts). */
    view: (profileId: string, kept: ComplianceTask, meId: string | null): ComplianceChangeView =>
      complianceChangeView(kept, state(profileId, kept.id), meId),

    /**
     * A change of the shown account's task: queued in the outbox (refused
     * before that when the patch is not one the service takes), answered
     * with the first attempt that carried it.
     */
    async update(taskId: string, patch: CompliancePatch): Promise<Result<ComplianceChangeAnswer>> {
      const a = deps.active();
      if (!a) return err(appError('not_connected', COMPLIANCE_WORDS.notConnected));
      const k = key(a.profileId, taskId);
      // The person's new word: the last refusal has been read.
      refusals.delete(k);
      lastRead.delete(k);
      const outcome = await deps.outbox.enqueueCompliance({
        profileId: a.profileId,
        taskId,
        patch,
        durable: a.durable,
      });
      if (outcome.kind === 'not_saved') return err(outcome.error);
      if (deps.active()?.profileId !== a.profileId)
        return err(appError('not_connected', COMPLIANCE_WORDS.switched));
      const change = state(a.profileId, taskId);
      const task = outcome.kind === 'landed' ? outcome.task : (lastRead.get(k) ?? null);
      return ok({
        outcome: outcome.kind,
        task,
        change,
        offer: await offerFor(a.profileId, task, change),
      });
    },

    /** The outbox's callback: the service took a change; its task goes to the kept list. */
    landed(profileId: string, taskId: string, task: ComplianceTask, keepError: boolean): void {
      if (!keepError) refusals.delete(key(profileId, taskId));
      deps.kept.put(profileId, task);
      changed(profileId);
    },

    /** The outbox's callback: refused for good; the kept task shows again, with the service's words. */
    async refused(profileId: string, taskId: string, error: AppError): Promise<void> {
      const k = key(profileId, taskId);
      const refusal = complianceRefusal(error);
      refusals.delete(k);
      refusals.set(k, { error, refusal });
      for (const old of refusals.keys()) {
        if (refusals.size <= MAX_REFUSALS) break;
        refusals.delete(old);
      }
      if (refusal && ABOUT_STATE.includes(refusal)) {
        const task = await readBack(profileId, taskId);
        if (task) lastRead.set(k, task);
        if (lastRead.size > MAX_REFUSALS) lastRead.delete(lastRead.keys().next().value ?? '');
      }
      changed(profileId);
    },

    /** A review answered: the refusal it settles is gone. */
    settled(profileId: string, task: ComplianceTask): void {
      refusals.delete(key(profileId, task.id));
      deps.kept.put(profileId, task);
      changed(profileId);
    },

    /** Something a compliance task shows changed (a change queued, sent, landed, refused). */
    on(listener: (profileId: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The outbox moved (a change written, sent, waiting): the shown account's tasks may show it. */
    outboxChanged(): void {
      const a = deps.active();
      if (a) changed(a.profileId);
    },
  };
}

export type ComplianceChanges = ReturnType<typeof createComplianceChanges>;
