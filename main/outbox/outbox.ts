import { createAttempts } from './attempt';
import { createHeldList } from './held-list';
import { createLaneRunner } from './lane-runner';
import { createLaneTable, stopRetry } from './lanes';
import { createOutboxChanges } from './outbox-changes';
import { foldAllLanes, isCreateEntry, laneKey } from './outbox-entry';
import { randomUUID } from 'node:crypto';
import { isTaskCreate } from '../../common/task-create';
import type { TaskCreate } from '../../common/task-create';
import { createOutboxWrites } from './outbox-writes';
import { DEFAULT_BACKOFF } from './retry-policy';
import { createSendGate } from './send-gate';
import { createWaiters } from './waiters';

export type { AttemptOutcome, ComplianceLaneView, LaneView, OutboxDeps } from './outbox-types';
import type { AttemptOutcome, ComplianceLaneView, LaneView, OutboxDeps } from './outbox-types';
import type { NewChange, OutboxPatch } from './outbox-entry';
import type { CompliancePatch, ComplianceTask } from '../../common/compliance-task';
import { isComplianceTaskId } from '../../common/compliance-task';
import type { AppError } from '../../common/result';
import { appError } from '../../common/result';
import type { TaskPatch } from '../../common/task-patch';

/**
 * The durable outbox. Every change is written to disk (atomically, fsynced)
 * before its request leaves; it leaves the file only when the service took
 * it or refused it for good. Per task, changes go out one request at a time
 * and in order, a change made while one waits merges into it; different
 * tasks go out side by side, each taking a token from the pacer first.
 * Failures are retried with backoff (network, timeouts, 5xx, 429), pause the
 * profile (401/403) or are given up with the reason on the task (400/404).
 */
export function createOutbox(deps: OutboxDeps) {
  const list = createHeldList();
  const writes = createOutboxWrites({
    store: deps.store,
    log: deps.log,
    current: list.entries,
    commit: list.replace,
    onWritten: () => deps.onChange(),
  });
  const lanes = createLaneTable((key) => list.first(key) !== undefined);
  const gate = createSendGate(deps.clientFor);
  const waiters = createWaiters();
  const attempts = createAttempts({
    outbox: deps,
    policy: deps.backoff ?? DEFAULT_BACKOFF,
    random: deps.random ?? Math.random,
    list,
    writes,
    waiters,
    gate,
    // The runner is made next; a backoff ends long after.
    resume: (lane) => runner.pump(lane),
    follow: (profileId, taskId) => runner.pump(lanes.for(profileId, taskId)),
    now: deps.now ?? (() => new Date()),
  });
  const runner = createLaneRunner({ outbox: deps, list, writes, lanes, gate, waiters, attempts });
  const changes = createOutboxChanges({
    now: deps.now ?? (() => new Date()),
    list,
    writes,
    lanes,
    gate,
    waiters,
    runner,
  });
  const { refresh } = runner;

  /** The lane's waiting patch, of whichever kind its task is. */
  const waitingOf = (profileId: string, taskId: string): LaneView<OutboxPatch> | null => {
    const key = laneKey(profileId, taskId);
    const patch = list.waitingPatch(key);
    if (!patch) return null;
    const lane = lanes.get(key);
    const sync = lane && (lane.sendingId || !runner.isQueued(lane)) ? 'pending' : 'queued';
    return { patch, sync };
  };

  /** Resolves once no request is on the wire and nothing is being written. */
  const quiet = async (): Promise<void> => {
    while (runner.inFlight().length > 0 || writes.busy()) {
      await Promise.all([...runner.inFlight(), writes.lastWrite()]);
      writes.restart();
      await Promise.resolve();
    }
  };

  return {
    /** Reads the file left by the last run: its changes wait for their profile (refresh() sends them). */
    async load(): Promise<AppError | null> {
      const loaded = await deps.store.load();
      const held = foldAllLanes(loaded.entries.map((e) => ({ ...e, durable: true })));
      list.replace([...list.entries(), ...held]);
      for (const e of held) lanes.for(e.profileId, e.taskId);
      if (loaded.entries.length === 0 && !loaded.problem) writes.fileHolds([]);
      return loaded.problem;
    },

    /** A task item's change (`tski_…`): answered with the first attempt that carried it. */
    enqueue: (change: NewChange & { readonly patch: TaskPatch }): Promise<AttemptOutcome> =>
      changes.enqueue(change) as Promise<AttemptOutcome>,

    /**
     * A compliance task's change (`tsk_…`), in the same lanes, file and order
     * as task items': sent as PATCH /v1/tasks/{id} with the fields the service
     * takes (CompliancePatchSchema, checked again by the client before it leaves).
     */
    async enqueueCompliance(
      change: NewChange & { readonly patch: CompliancePatch },
    ): Promise<AttemptOutcome<ComplianceTask>> {
      if (!isComplianceTaskId(change.taskId))
        return {
          kind: 'not_saved',
          error: appError('bad_input', 'That is not a compliance task id ("tsk_…").'),
        };
      return (await changes.enqueue(change)) as AttemptOutcome<ComplianceTask>;
    },

    /**
     * A task to make (POST /v1/task-management), kept like any change: its
     * local id at once (the row shows "Creating…" under it), and the first
     * attempt's outcome. Edits of it go through `enqueue` under the local id.
     */
    enqueueCreate(change: {
      readonly profileId: string;
      readonly create: TaskCreate;
      readonly durable: boolean;
    }): { readonly taskId: string; readonly outcome: Promise<AttemptOutcome> } {
      const taskId = `new_${randomUUID().replaceAll('-', '')}`;
      const { profileId, create, durable } = change;
      const outcome = changes.enqueue({ profileId, taskId, patch: create, durable });
      return { taskId, outcome: outcome as Promise<AttemptOutcome> };
    },

    /** A profile's tasks being made here, as they will be sent (their edits folded in), oldest first. */
    creates(profileId: string): WaitingCreate[] {
      const out: WaitingCreate[] = [];
      for (const e of list.entries()) {
        if (e.profileId !== profileId || !isCreateEntry(e) || list.isLanded(e.id)) continue;
        const waiting = waitingOf(profileId, e.taskId);
        if (waiting && isTaskCreate(waiting.patch))
          out.push({
            taskId: e.taskId,
            create: waiting.patch,
            createdAt: e.createdAt,
            sync: waiting.sync,
          });
      }
      return out;
    },

    /** A task item's changes on their way, for its row. */
    laneView: (profileId: string, taskId: string): LaneView | null =>
      isComplianceTaskId(taskId) ? null : (waitingOf(profileId, taskId) as LaneView | null),

    /** A compliance task's changes on their way, for the optimistic view (common/compliance-change.ts). */
    complianceLaneView: (profileId: string, taskId: string): ComplianceLaneView | null =>
      isComplianceTaskId(taskId)
        ? (waitingOf(profileId, taskId) as ComplianceLaneView | null)
        : null,

    /**
     * Tasks with a change waiting: of one profile, or of every profile kept on
     * disk. A landed change counts until the file no longer holds it: zero
     * here means nothing is left to send, in memory or on disk.
     */
    pendingTasks: list.pendingTasks,

    pausedReason: gate.pausedReason,

    /** Send again now: the OS says the network is back, the machine woke, or the person asked. */
    retryNow(): void {
      for (const lane of lanes.all()) stopRetry(lane);
      refresh();
    },

    /** The signed-in account changed: start what may send, park what may not. */
    refresh,

    /** The profile is signed in again (or reconnected after a 401/403): its queue runs again. */
    resumeProfile(profileId: string): void {
      gate.resume(profileId);
      refresh();
    },

    /**
     * Stops sending for a profile about to be signed out, and waits for its
     * requests already on the wire. Its changes stay on disk for its return.
     */
    async suspendProfile(profileId: string): Promise<void> {
      gate.suspend(profileId);
      refresh();
      await quiet();
    },

    handOver: changes.handOver,

    discardProfile: changes.discardProfile,

    quiet,

    /** For quitting: no new request, no timer left; what is on the wire finishes and is recorded. */
    async dispose(): Promise<void> {
      gate.close();
      for (const lane of lanes.all()) stopRetry(lane);
      deps.pacer.dispose();
      waiters.releaseAll();
      await quiet();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** A task being made here: what the row shows while it waits. */
export interface WaitingCreate {
  readonly taskId: string;
  readonly create: TaskCreate;
  readonly createdAt: string;
  readonly sync: LaneView['sync'];
}
