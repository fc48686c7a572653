import type { AppError } from '../../common/result';
import type { Task } from '../../common/task';
import type { HeldList } from './held-list';
import type { Lane } from './lanes';
import { laneKey, laneOf, removeEntry } from './outbox-entry';
import type { HeldEntry } from './outbox-entry';
import type { OutboxDeps } from './outbox-types';
import type { OutboxWrites } from './outbox-writes';
import type { Waiters } from './waiters';

export interface CreateOutcomeDeps {
  readonly outbox: Pick<OutboxDeps, 'onCreated' | 'onRefused' | 'onChange' | 'log'>;
  readonly list: HeldList;
  readonly writes: OutboxWrites;
  readonly waiters: Waiters;
  /** Works the lane of a task now that it has its real id. */
  readonly follow: (profileId: string, taskId: string) => void;
  readonly safely: (job: () => Promise<void>) => Promise<void>;
}

/**
 * How a create's answer is carried out: landed, the edits that waited behind
 * it move to the task's real id (in the same write that removes the create)
 * and go out as changes of it; refused, the create and its edits go, the
 * service's words on the way out.
 */
export function createCreateOutcome(deps: CreateOutcomeDeps) {
  const { outbox, list, writes, waiters } = deps;

  async function landed(lane: Lane, entry: HeldEntry, task: Task): Promise<void> {
    list.markLanded(entry.id);
    const recorded = deps.safely(
      async () => void (await outbox.onCreated?.(lane.profileId, lane.taskId, task)),
    );
    outbox.onChange();
    waiters.resolve(entry.id, { kind: 'landed', task });
    await recorded;
    outbox.log.info(`A new task landed as ${task.id}`);
    await writes.mutate(
      [lane.key, laneKey(lane.profileId, task.id)],
      (es) => {
        if (lane.sendingId === entry.id) lane.sendingId = null;
        return removeEntry(es, entry.id).map((e) =>
          laneOf(e) === lane.key ? { ...e, taskId: task.id } : e,
        );
      },
      true,
    );
    list.forgetLanded(entry.id);
    deps.follow(lane.profileId, task.id);
  }

  async function refused(lane: Lane, entry: HeldEntry, error: AppError): Promise<void> {
    list.markRefused(entry);
    outbox.log.warn(`A new task was refused and given up (${error.kind})`, error.message);
    await deps.safely(() => outbox.onRefused(lane.profileId, lane.taskId, error, false));
    const gone = list.entries().filter((e) => laneOf(e) === lane.key);
    await writes.mutate(
      [lane.key],
      (es) => {
        if (lane.sendingId === entry.id) lane.sendingId = null;
        return es.filter((e) => laneOf(e) !== lane.key);
      },
      true,
    );
    // Its edits had nothing left to change: they end with the create's refusal.
    for (const e of gone) waiters.resolve(e.id, { kind: 'refused', error });
  }

  return { landed, refused };
}
