import type { ComplianceTask } from '../../common/compliance-task';
import type { Task } from '../../common/task';
import type { AttemptOutcome } from './outbox-types';

/** An entry's first attempt, of either kind of task. */
type Outcome = AttemptOutcome<Task | ComplianceTask>;
type Waiter = (outcome: Outcome) => void;

export const QUEUED: AttemptOutcome<never> = { kind: 'queued' };

/**
 * Who waits on an entry's first attempt (enqueue answers with it), with the
 * entry's lane: the entry may not be written yet when its waiter is added.
 */
export function createWaiters() {
  const waiters = new Map<string, { readonly key: string; list: Waiter[] }>();

  const resolve = (entryId: string, outcome: Outcome): void => {
    const held = waiters.get(entryId);
    waiters.delete(entryId);
    for (const w of held?.list ?? []) w(outcome);
  };

  return {
    add(entryId: string, key: string, w: Waiter): void {
      const held = waiters.get(entryId);
      if (held) held.list.push(w);
      else waiters.set(entryId, { key, list: [w] });
    },

    remove(entryId: string, w: Waiter): void {
      const held = waiters.get(entryId);
      if (!held) return;
      held.list = held.list.filter((x) => x !== w);
      if (held.list.length === 0) waiters.delete(entryId);
    },

    /** Tells everyone waiting on the entry how its attempt ended. */
    resolve,

    /** Everyone waiting on this lane's first attempt hears "queued": it will not be soon. */
    releaseLane(key: string): void {
      for (const [id, held] of [...waiters]) if (held.key === key) resolve(id, QUEUED);
    },

    /** Everyone hears "queued": the outbox is closing. */
    releaseAll(): void {
      for (const id of [...waiters.keys()]) resolve(id, QUEUED);
    },
  };
}

export type Waiters = ReturnType<typeof createWaiters>;
