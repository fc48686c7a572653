import type { Task } from '../../common/task';
import type { Logger } from '../log/logger';
import { entityKey } from '../reads/read-schemas';
import type { PinStore } from './pin-store';

export interface CreatedPinsDeps {
  readonly pinsFor: (profileId: string) => PinStore | null;
  readonly changedNow: () => void;
  readonly log: Logger;
}

/** Local ids remembered: an edit sent a moment after its task landed still finds it. */
const MAX_REMEMBERED = 200;

/**
 * A task made here that landed: pinned under its real id, in the place its
 * "Creating…" row had (the end of the list), and its local id remembered so
 * an edit the popup sends under the local id a moment later follows it.
 */
export function createCreatedPins(deps: CreatedPinsDeps) {
  const realIds = new Map<string, string>();
  const key = (profileId: string, localId: string) => `${profileId}\n${localId}`;
  return {
    /** The task's real id once it landed; undefined while it waits (or never was). */
    realIdOf: (profileId: string, localId: string): string | undefined =>
      realIds.get(key(profileId, localId)),

    /** The outbox's onCreated: written before the create leaves the outbox's file. */
    async created(profileId: string, localId: string, task: Task): Promise<void> {
      realIds.set(key(profileId, localId), task.id);
      for (const k of realIds.keys()) {
        if (realIds.size <= MAX_REMEMBERED) break;
        realIds.delete(k);
      }
      const pins = deps.pinsFor(profileId);
      if (!pins) return;
      const saved = await pins.put({
        taskId: task.id,
        ref: entityKey(task.entityType, task.entityId) ?? {},
        snapshot: task,
        error: null,
        pinnedAt: new Date().toISOString(),
        changedHereAt: task.updatedAt ?? null,
      });
      if (!saved.ok) deps.log.warn('The new task could not be pinned', saved.error.message);
      deps.changedNow();
    },
  };
}
