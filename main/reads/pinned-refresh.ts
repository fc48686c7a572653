import type { Task } from '../../common/task';
import type { Logger } from '../log/logger';
import type { PinnedTask } from '../tasks/pinned-view';
import { judgeReadFailure, scopeAdvice } from './read-availability';
import type { ReadOutcome } from './read-availability';
import type { EntityKey } from './read-schemas';
import { entityKey } from './read-schemas';
import type { ServiceReads } from './service-reads';

/**
 * Keeps pinned rows current from the service's reads (../shared/SERVICE.md,
 * "Beyond the interface"): each pin's vendor or risk is listed (one read per
 * entity, however many of its tasks are pinned), a bare id's entity is found
 * from its activity once and remembered. A service without the reads (404)
 * is left alone for the rest of the connection; nothing nags.
 */

export interface PinnedRefreshDeps {
  /** The signed-in profile's reads and pins; null when signed out. */
  readonly active: () => {
    readonly profileId: string;
    readonly reads: ServiceReads;
    readonly pins: readonly PinnedTask[];
  } | null;
  readonly took: (
    profileId: string,
    found: ReadonlyMap<string, { task: Task; entity: EntityKey }>,
    notes: ReadonlyMap<string, string | null>,
  ) => Promise<void>;
  readonly log: Logger;
}

export const UNLOCATED_NOTE =
  'The service did not say which vendor or risk this task belongs to, so its title and status show once you change it. Pasting its link from the web app tells Task Tray.';
export const MISSING_NOTE =
  'This task is no longer listed under its vendor or risk: it may have been deleted or moved.';

/** Pins made within this of a read of their vendor or risk are filled from it (links pasted one by one). */
export const PIN_RECENT_MS = 2_000;

export type RefreshResult =
  { readonly kind: 'done'; readonly read: number } | { readonly kind: 'skipped' } | ReadOutcome;

export function createPinnedRefresh(deps: PinnedRefreshDeps) {
  /** Profiles whose service has no task reads (404) or refuses them (scope): not asked again this run. */
  const unavailable = new Map<string, ReadOutcome>();
  let running: Promise<RefreshResult> | null = null;

  async function run(
    only: ReadonlySet<string> | null,
    recent = false,
    halted: () => boolean = () => false,
  ): Promise<RefreshResult> {
    const a = deps.active();
    if (!a) return { kind: 'skipped' };
    const known = unavailable.get(a.profileId);
    if (known) return known;
    const pins = only ? a.pins.filter((p) => only.has(p.taskId)) : a.pins;

    const byEntity = new Map<string, { entity: EntityKey; taskIds: string[] }>();
    const notes = new Map<string, string | null>();
    const add = (entity: EntityKey, taskId: string) => {
      const key = `${entity.entityType}:${entity.entityId}`;
      const group = byEntity.get(key) ?? { entity, taskIds: [] };
      group.taskIds.push(taskId);
      byEntity.set(key, group);
    };
    const stop = (outcome: ReadOutcome): RefreshResult => {
      // Stopped or signed out meanwhile: nothing to judge or report.
      if (deps.active()?.profileId !== a.profileId) return { kind: 'skipped' };
      if (outcome.kind !== 'failed') unavailable.set(a.profileId, outcome);
      else deps.log.warn('Reading tasks from the service failed', outcome.error.message);
      return outcome;
    };

    for (const pin of pins) {
      if (halted()) break;
      const entity =
        entityKey(pin.ref.entityType, pin.ref.entityId) ??
        entityKey(pin.snapshot?.entityType, pin.snapshot?.entityId);
      if (entity) {
        add(entity, pin.taskId);
        continue;
      }
      const found = await a.reads.taskEntity(pin.taskId);
      if (!found.ok) return stop(judgeReadFailure('tasks', found.error));
      if (found.value) add(found.value, pin.taskId);
      else notes.set(pin.taskId, UNLOCATED_NOTE);
    }

    const found = new Map<string, { task: Task; entity: EntityKey }>();
    for (const { entity, taskIds } of byEntity.values()) {
      if (halted()) break;
      const listed = await a.reads.entityTasks(entity, recent ? { recentMs: PIN_RECENT_MS } : {});
      if (!listed.ok) {
        // What was read so far is kept: a later entity's failure does not undo an earlier one.
        if (deps.active()?.profileId === a.profileId) await deps.took(a.profileId, found, notes);
        return stop(judgeReadFailure('tasks', listed.error));
      }
      const byId = new Map(listed.value.items.map((t) => [t.id, t]));
      for (const taskId of taskIds) {
        const task = byId.get(taskId);
        if (task) {
          found.set(taskId, { task, entity });
          notes.set(taskId, null);
          // Past the first N of a list cut short, a task may be there all the same: nothing said.
        } else if (!listed.value.more) notes.set(taskId, MISSING_NOTE);
      }
    }
    // Signed out or switched while reading: these tasks are someone else's rows now.
    if (deps.active()?.profileId !== a.profileId) return { kind: 'skipped' };
    await deps.took(a.profileId, found, notes);
    // Paused part way (the screen locked): what was read is kept, but not every pin was.
    return halted() ? { kind: 'skipped' } : { kind: 'done', read: found.size };
  }

  return {
    /**
     * Reads every pin (or only these), one run at a time: a call while one
     * runs waits for it and then, if it asked for more, runs again. A run
     * `alongside` (pins just made) does not wait: it joins the lists a
     * running one is reading, or takes one read within PIN_RECENT_MS
     * (service-reads.ts), so pasting links of one vendor reads it once.
     */
    async refresh(
      only: readonly string[] | null = null,
      options: {
        readonly alongside?: boolean;
        /** Stop between reads once this says so (the background sync paused). */
        readonly stopped?: () => boolean;
      } = {},
    ): Promise<RefreshResult> {
      if (options.alongside && only) return run(new Set(only), true);
      while (running) await running;
      running = run(only ? new Set(only) : null, false, options.stopped);
      try {
        return await running;
      } finally {
        running = null;
      }
    },
    /** Reconnected: try the reads again (a new key may have the scopes, a new service the routes). */
    forget(profileId: string): void {
      unavailable.delete(profileId);
    },
    /** What stops the reads for this profile, for Settings or the header to say. */
    unavailable: (profileId: string): string | null => {
      const u = unavailable.get(profileId);
      return u?.kind === 'scope' ? scopeAdvice('Showing titles and statuses', u.scopes) : null;
    },
  };
}
