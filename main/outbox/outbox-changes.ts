import { randomUUID } from 'node:crypto';
import type { ComplianceTask } from '../../common/compliance-task';
import { appError } from '../../common/result';
import type { Task } from '../../common/task';
import type { HeldList } from './held-list';
import type { LaneRunner } from './lane-runner';
import { stopRetry } from './lanes';
import type { LaneTable } from './lanes';
import type { AttemptOutcome } from './outbox-types';
import { addChange, laneKey, withoutPiece } from './outbox-entry';
import type { NewChange } from './outbox-entry';
import type { OutboxWrites } from './outbox-writes';
import type { SendGate } from './send-gate';
import { QUEUED } from './waiters';
import type { Waiters } from './waiters';

export interface OutboxChangesDeps {
  readonly now: () => Date;
  readonly list: HeldList;
  readonly writes: OutboxWrites;
  readonly lanes: LaneTable;
  readonly gate: SendGate;
  readonly waiters: Waiters;
  readonly runner: LaneRunner;
}

/** What the app changes in the list: a person's change, a hand-over between profiles, a discard. */
export function createOutboxChanges(deps: OutboxChangesDeps) {
  const { list, writes, lanes, waiters, runner } = deps;

  /** Stops a lane's timer and tells its waiters "queued": its entries are about to change hands or go. */
  const park = (key: string): void => {
    const lane = lanes.get(key);
    if (lane) stopRetry(lane);
    waiters.releaseLane(key);
  };

  return {
    /**
     * Keeps a change, then sends it. Resolves after the first attempt that
     * carries it — or at once with "queued" when its task is waiting anyway.
     */
    async enqueue(change: NewChange): Promise<AttemptOutcome<Task | ComplianceTask>> {
      if (deps.gate.closed())
        return {
          kind: 'not_saved',
          error: appError('internal', 'Task Tray is closing; the change was not kept.'),
        };
      const lane = lanes.for(change.profileId, change.taskId);
      let target = '';
      let settle: (outcome: AttemptOutcome<Task | ComplianceTask>) => void = () => {};
      const outcome = new Promise<AttemptOutcome<Task | ComplianceTask>>(
        (resolve) => (settle = resolve),
      );
      const saved = await writes.mutate(
        [lane.key],
        (es) => {
          const added = addChange(es, change, lane.sendingId, {
            id: randomUUID(),
            createdAt: deps.now().toISOString(),
          });
          target = added.entryId;
          // Registered as the list is computed, so no answer can slip between the write and the wait.
          waiters.add(target, lane.key, settle);
          return added.entries;
        },
        false,
      );
      if (!saved.ok) {
        waiters.remove(target, settle);
        lanes.forgetIfIdle(lane);
        return { kind: 'not_saved', error: saved.error };
      }
      if (runner.isQueued(lane)) {
        waiters.remove(target, settle);
        return QUEUED;
      }
      runner.pump(lane);
      return outcome;
    },

    /**
     * Gives one profile's waiting changes to another, which will send them
     * with its own credentials: only when the person asked (docs/ARCHITECTURE.md, invariant 7).
     * They go behind nothing: each is older than the receiver's, and keeps
     * its place in the list. Answers how many tasks they were for.
     */
    async handOver(from: string, to: string): Promise<number> {
      const moving = lanes.all().filter((l) => l.profileId === from && !l.sendingId);
      if (moving.length === 0) return 0;
      const keys = moving.flatMap((l) => [l.key, laneKey(to, l.taskId)]);
      for (const lane of moving) park(lane.key);
      const tasks = new Set(moving.map((l) => l.taskId));
      const saved = await writes.mutate(
        keys,
        (es) =>
          es.map((e) =>
            e.profileId === from && tasks.has(e.taskId) && !list.isLanded(e.id)
              ? // Another account's row: a refusal kept on this one's says nothing there.
                { ...withoutPiece(e), profileId: to }
              : e,
          ),
        false,
      );
      for (const lane of moving) lanes.forgetIfIdle(lane);
      if (!saved.ok) return 0;
      for (const taskId of tasks) lanes.for(to, taskId);
      runner.refresh();
      return tasks.size;
    },

    /** Drops a profile's changes: only for the demo, whose service is gone with them. */
    async discardProfile(profileId: string): Promise<void> {
      const keys = lanes
        .all()
        .filter((l) => l.profileId === profileId)
        .map((l) => l.key);
      for (const key of keys) park(key);
      await writes.mutate(keys, (es) => es.filter((e) => e.profileId !== profileId), true);
      for (const key of keys) {
        const lane = lanes.get(key);
        if (lane) lanes.forgetIfIdle(lane);
      }
    },
  };
}
