import { randomUUID } from 'node:crypto';
import { appError, err } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { ComplianceTask, CompliancePatch } from '../../common/compliance-task';
import type { Task } from '../../common/task';
import type { TaskPatch } from '../../common/task-patch';
import type { ServiceClient } from '../service/client';
import { decideAttempt } from './attempt-decision';
import type { AttemptDecision } from './attempt-decision';
import type { HeldList } from './held-list';
import type { Lane } from './lanes';
import type { OutboxDeps } from './outbox-types';
import { createCreateOutcome } from './create-outcome';
import { sendCreate } from './create-send';
import {
  foldLane,
  isComplianceEntry,
  isCreateEntry,
  removeEntry,
  splitEntry,
} from './outbox-entry';
import type { HeldEntry } from './outbox-entry';
import type { OutboxWrites } from './outbox-writes';
import type { BackoffPolicy } from './retry-policy';
import type { SendGate } from './send-gate';
import { QUEUED } from './waiters';
import type { Waiters } from './waiters';

export interface AttemptsDeps {
  readonly outbox: Pick<
    OutboxDeps,
    | 'onLanded'
    | 'onComplianceLanded'
    | 'onCreated'
    | 'complianceFor'
    | 'onRefused'
    | 'onAttempt'
    | 'onPaused'
    | 'onChange'
    | 'log'
    | 'pacer'
    | 'scheduler'
  >;
  readonly policy: BackoffPolicy;
  readonly random: () => number;
  readonly list: HeldList;
  readonly writes: OutboxWrites;
  readonly waiters: Waiters;
  readonly gate: SendGate;
  /** The lane's backoff is over: work it again. */
  readonly resume: (lane: Lane) => void;
  /** A created task's lane, under its real id: work it (its edits wait there). */
  readonly follow: (profileId: string, taskId: string) => void;
  readonly now: () => Date;
}

/** What the service answers a change with: a task item, or a compliance task. */
type Answer = Task | ComplianceTask;

/** No compliance client for the profile: kept and tried again, never lost (only where none was wired). */
const NO_COMPLIANCE_CLIENT = appError(
  'internal',
  'Compliance task changes cannot be sent from here yet; the change is kept.',
);

/**
 * One request of a lane: `attempt` sends the lane's first entry and decides
 * from the answer (attempt-decision.ts); `apply` carries the decision out —
 * the service's answer kept on the task, the entry out of the list, the
 * waiters told, the backoff timer set.
 */
export function createAttempts(deps: AttemptsDeps) {
  const { outbox, list, writes, waiters } = deps;

  const safely = async (job: () => Promise<void>): Promise<void> => {
    try {
      await job();
    } catch (e) {
      outbox.log.error('Keeping the service’s answer on the task failed', e);
    }
  };

  /**
   * Takes an answered entry out of the list. The lane counts as sending until
   * this very computation: a change computed before it queues behind the
   * entry, one computed after it starts a new entry. Were the marker cleared
   * any earlier, a change could merge into the entry on its way out and be
   * removed with it, never sent.
   */
  const leave =
    (lane: Lane, entry: HeldEntry) =>
    (es: readonly HeldEntry[]): HeldEntry[] => {
      if (lane.sendingId === entry.id) lane.sendingId = null;
      return removeEntry(es, entry.id);
    };

  const creates = createCreateOutcome({ ...deps, safely });

  /** Writes down that a create may be on its way: from now on it is looked for before it goes again. */
  const markSent =
    (lane: Lane, entry: HeldEntry) =>
    async (sentAt: string, seenIds: readonly string[]): Promise<boolean> =>
      (
        await writes.mutate(
          [lane.key],
          (es) => es.map((e) => (e.id === entry.id ? { ...e, sentAt, seenIds } : e)),
          false,
        )
      ).ok;

  /** Task items go by PUT /v1/task-management/{id}; compliance tasks by PATCH /v1/tasks/{id}. */
  const send = async (
    lane: Lane,
    entry: HeldEntry,
    client: ServiceClient,
  ): Promise<Result<Answer>> => {
    if (isCreateEntry(entry)) return sendCreate(entry, client, markSent(lane, entry), deps.now);
    if (!isComplianceEntry(entry)) return client.updateTask(entry.taskId, entry.patch as TaskPatch);
    const compliance = outbox.complianceFor?.(lane.profileId);
    if (!compliance) return err(NO_COMPLIANCE_CLIENT);
    return compliance.patch(entry.taskId, entry.patch as CompliancePatch);
  };

  async function attempt(
    lane: Lane,
    entry: HeldEntry,
    client: ServiceClient,
  ): Promise<AttemptDecision<Answer>> {
    let answer: Result<Answer>;
    try {
      answer = await send(lane, entry, client);
    } catch {
      // The client promises never to throw; if it ever does, treat it like a failed request.
      answer = err(appError('internal', 'The change could not be sent.'));
    }
    outbox.onAttempt(lane.profileId, answer.ok ? null : answer.error);
    const decision = decideAttempt(answer, entry.patch, lane.failures, deps.policy, deps.random);
    // A create is one request: refused for a field, it is refused whole.
    return decision.kind === 'split' && isCreateEntry(entry)
      ? { kind: 'refused', error: decision.error, failures: 0 }
      : decision;
  }

  /** Landed: shown as confirmed now; the snapshot, then the removal, are written behind. */
  async function land(lane: Lane, entry: HeldEntry, task: Answer): Promise<void> {
    list.markLanded(entry.id);
    const args = [list.refusedSibling(entry), list.morePieces(entry, lane.key)] as const;
    const recorded = safely(async () => {
      // The lane's kind says the answer's: a compliance change is answered with a compliance task.
      if (isComplianceEntry(entry))
        await outbox.onComplianceLanded?.(
          lane.profileId,
          lane.taskId,
          task as ComplianceTask,
          ...args,
        );
      else await outbox.onLanded(lane.profileId, lane.taskId, task as Task, ...args);
    });
    outbox.onChange();
    waiters.resolve(entry.id, { kind: 'landed', task });
    await recorded;
    // The lane stays busy until both are written: its next request follows a settled file.
    await writes.mutate([lane.key], leave(lane, entry), true);
    list.forgetLanded(entry.id);
  }

  async function split(
    lane: Lane,
    entry: HeldEntry,
    error: AppError,
    fields: number,
  ): Promise<void> {
    outbox.log.info(
      `A change of ${fields} fields to ${lane.taskId} was refused (${error.kind}); each is sent on its own`,
    );
    await writes.mutate(
      [lane.key],
      (es) => {
        if (lane.sendingId === entry.id) lane.sendingId = null;
        return splitEntry(es, entry.id, randomUUID);
      },
      true,
    );
    waiters.resolve(entry.id, QUEUED);
  }

  async function giveUp(lane: Lane, entry: HeldEntry, error: AppError): Promise<void> {
    list.markRefused(entry);
    outbox.log.warn(
      `A change to ${lane.taskId} was refused and given up (${error.kind})`,
      error.message,
    );
    await safely(() =>
      outbox.onRefused(lane.profileId, lane.taskId, error, list.morePieces(entry, lane.key)),
    );
    await writes.mutate([lane.key], leave(lane, entry), true);
    waiters.resolve(entry.id, { kind: 'refused', error });
  }

  function pause(lane: Lane, error: AppError): void {
    if (!deps.gate.pause(lane.profileId, error)) return;
    outbox.log.warn(`Changes for this account are paused until it reconnects (${error.kind})`);
    outbox.onPaused(lane.profileId, error);
  }

  function retryLater(lane: Lane, error: AppError, delayMs: number, holdAll: boolean): void {
    if (holdAll) outbox.pacer.holdUntil(outbox.scheduler.now() + delayMs);
    outbox.log.info(
      `A change to ${lane.taskId} will be tried again in ${Math.ceil(delayMs / 1000)} s (${error.kind})`,
    );
    lane.cancelRetry = outbox.scheduler.after(
      delayMs,
      () => {
        lane.cancelRetry = null;
        outbox.onChange();
        deps.resume(lane);
      },
      'outbox retry',
    );
  }

  /** The entry stays: what was sent and what came after it go out again as one request. */
  async function keep(lane: Lane): Promise<void> {
    outbox.onChange();
    await writes.mutate([lane.key], (es) => foldLane(es, lane.key), false);
    waiters.releaseLane(lane.key);
  }

  async function apply(
    lane: Lane,
    entry: HeldEntry,
    decision: AttemptDecision<Answer>,
  ): Promise<void> {
    lane.failures = decision.failures;
    if (isCreateEntry(entry) && decision.kind === 'landed')
      return creates.landed(lane, entry, decision.task as Task);
    if (isCreateEntry(entry) && decision.kind === 'refused')
      return creates.refused(lane, entry, decision.error);
    switch (decision.kind) {
      case 'landed':
        return land(lane, entry, decision.task);
      case 'split':
        return split(lane, entry, decision.error, decision.fields);
      case 'refused':
        return giveUp(lane, entry, decision.error);
      case 'pause':
        lane.sendingId = null;
        pause(lane, decision.error);
        return keep(lane);
      case 'retry':
        lane.sendingId = null;
        retryLater(lane, decision.error, decision.delayMs, decision.holdAll);
        return keep(lane);
    }
  }

  return { attempt, apply };
}

export type Attempts = ReturnType<typeof createAttempts>;
