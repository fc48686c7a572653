import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { Task } from '../../common/task';
import type { BrowseEntity, BrowseList, BrowseTasks } from '../../common/views';
import type { Logger } from '../log/logger';
import { entitiesCut, tasksCut } from './list-words';
import { createPinnedRefresh } from './pinned-refresh';
import { judgeReadFailure, scopeAdvice } from './read-availability';
import type { ReadFeature } from './read-availability';
import type { EntityKey } from './read-schemas';
import { createReadOwners } from './read-owners';
import { createAccountReads } from './account-reads';
import type { Scheduler } from '../scheduler/scheduler';
import type { ServiceClient } from '../service/client';
import { createRequestPacer } from '../service/pacing';
import type { RequestPacer } from '../service/pacing';
import type { RefreshResult } from './pinned-refresh';
import type { ActiveProfile, TaskService } from '../tasks/task-service';

/**
 * Background reads, paced on their own and well under the service's limit
 * (100 a minute per route): at most a fifth of it, in bursts of 10. They wait
 * for the person's changes on the wire to finish first, and stand back as
 * long as the service asks after a 429.
 */
export const READ_RATE = { limit: 20, windowMs: 60_000 } as const;
/** The popup asks on opening and every minute while open; closer asks are answered from what is shown. */
export const MIN_REFRESH_GAP_MS = 10_000;
/** Tasks Browse listed, kept to pin with (a few entities' worth). */
const MAX_LISTED = 1_000;

/** A reference only another account's read listed (docs/ARCHITECTURE.md, invariant 9). */
const FOREIGN = appError(
  'bad_input',
  'That was listed for another account: open Browse again for the account shown.',
);
/** The account changed while the service was asked: its answer is not shown to the next one. */
const LEFT = appError(
  'not_connected',
  'The account shown changed before the service answered: nothing of the one before is shown.',
);

export interface TaskReadsDeps {
  readonly client: () => { readonly profileId: string; readonly client: ServiceClient } | null;
  readonly active: () => ActiveProfile | null;
  readonly tasks: TaskService;
  /** Resolves once no change of the person's is on the wire. */
  readonly quiet: () => Promise<void>;
  readonly scheduler: Scheduler;
  readonly log: Logger;
  /** The background's pacer, shared with the sync's other reads (main/sync/); its own when none. */
  readonly pacer?: RequestPacer;
}

export function createTaskReads(deps: TaskReadsDeps) {
  const pacer = deps.pacer ?? createRequestPacer(READ_RATE, deps.scheduler);
  let stopped = false;
  const { stillShown, readsFor } = createAccountReads({
    shown: deps.client,
    pacer,
    scheduler: deps.scheduler,
    quiet: deps.quiet,
    stopped: () => stopped,
  });
  // Reads run in the background; quitting waits for them so none writes after the app has let go of its files.
  const running = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    running.add(p);
    void p.finally(() => running.delete(p));
    return p;
  };
  const refresher = createPinnedRefresh({
    active: () => {
      if (stopped) return null;
      const c = deps.client();
      const a = deps.active();
      if (!c || !a || a.profileId !== c.profileId) return null;
      return {
        profileId: a.profileId,
        reads: readsFor(a.profileId, c.client),
        pins: a.pins.list(),
      };
    },
    took: (profileId, found, notes) => deps.tasks.tookRead(profileId, found, notes),
    log: deps.log,
  });

  /** Why a read the person asked for did not answer, in words that say what to do. */
  const browseError = (feature: ReadFeature, error: AppError): AppError => {
    const judged = judgeReadFailure(feature, error);
    if (judged.kind === 'absent')
      return appError(
        'not_found',
        'This service does not list vendors, risks or their tasks: pin tasks by their links instead.',
      );
    if (judged.kind === 'scope')
      return appError('forbidden', scopeAdvice(`Listing ${feature}`, judged.scopes), {
        status: 403,
      });
    return judged.error;
  };
  const current = () => {
    const c = deps.client();
    if (!c || stopped) return null;
    const reads = readsFor(c.profileId, c.client);
    return { ...c, reads, left: () => !stillShown(c.profileId, c.client) };
  };
  const owners = createReadOwners();
  /**
   * The tasks Browse showed last (a few lists), so pinning one of them shows
   * it at once; each with the profile that read it, and only for that one.
   */
  const listed = new Map<string, { profileId: string; task: Task }>();
  const remember = (profileId: string, tasks: readonly Task[]) => {
    for (const task of tasks) {
      listed.delete(task.id);
      listed.set(task.id, { profileId, task });
    }
    for (const id of listed.keys()) {
      if (listed.size <= MAX_LISTED) break;
      listed.delete(id);
    }
  };

  let lastFull = -Infinity;
  return {
    /**
     * Browse: vendors and risks by name. One that the service refuses (scope)
     * or lacks leaves the other listed, with a note saying why.
     */
    async entities(): Promise<Result<BrowseList>> {
      const c = current();
      if (!c) return err(appError('not_connected', 'Connect to the service first.'));
      const [vendors, risks] = [await c.reads.vendors(), await c.reads.risks()];
      if (c.left()) return err(LEFT);
      if (!vendors.ok && !risks.ok) return err(browseError('vendors', vendors.error));
      const entities: BrowseEntity[] = [
        ...(vendors.ok
          ? vendors.value.items.map((v) => ({
              entityType: 'vendor' as const,
              entityId: v.id,
              name: v.name,
            }))
          : []),
        ...(risks.ok
          ? risks.value.items.map((r) => ({
              entityType: 'risk' as const,
              entityId: r.id,
              name: r.title,
            }))
          : []),
      ];
      const cut = (vendors.ok && vendors.value.more) || (risks.ok && risks.value.more);
      const note = !vendors.ok
        ? browseError('vendors', vendors.error).message
        : !risks.ok
          ? browseError('risks', risks.error).message
          : cut
            ? entitiesCut(entities.length)
            : null;
      owners.note(
        c.profileId,
        entities.map((e) => e.entityId),
      );
      return ok({ entities, note });
    },
    /** Browse: one vendor's or risk's task items, as the service lists them now (the first N of many). */
    async entityTasks(entity: EntityKey): Promise<Result<BrowseTasks>> {
      const c = current();
      if (!c) return err(appError('not_connected', 'Connect to the service first.'));
      if (owners.foreign(c.profileId, entity.entityId)) return err(FOREIGN);
      const tasks = await c.reads.entityTasks(entity);
      if (c.left()) return err(LEFT);
      if (!tasks.ok) return err(browseError('tasks', tasks.error));
      const { items, more } = tasks.value;
      remember(c.profileId, items);
      owners.note(
        c.profileId,
        items.map((t) => t.id),
      );
      return ok({ tasks: items, note: more ? tasksCut(items.length, entity.entityType) : null });
    },
    /** A task Browse listed lately for the signed-in profile, to pin with what is known of it. */
    listed(taskId: string): Task | undefined {
      const known = listed.get(taskId);
      return known && known.profileId === deps.client()?.profileId ? known.task : undefined;
    },
    /**
     * Refused when its task or its vendor or risk came from another
     * account's read only: a pin from a screen left over from before a switch.
     */
    checkRef(ref: { readonly taskId: string; readonly entityId?: string }): Result<null> {
      const shownId = deps.client()?.profileId ?? '';
      const ids = [ref.taskId, ...(ref.entityId ? [ref.entityId] : [])];
      return ids.some((id) => owners.foreign(shownId, id)) ? err(FOREIGN) : ok(null);
    },
    /** The popup opened, or stayed open a minute: read every pin, unless that was just done. */
    async refresh(): Promise<Result<null>> {
      const now = deps.scheduler.now();
      if (!stopped && now - lastFull >= MIN_REFRESH_GAP_MS) {
        lastFull = now;
        await track(refresher.refresh());
      }
      return ok(null);
    },
    /**
     * The background sync: reads these pins (all when null) now, whatever
     * was read lately. Every pin read counts as a full read.
     */
    async readPins(only: readonly string[] | null): Promise<RefreshResult> {
      if (stopped) return { kind: 'skipped' };
      const started = deps.scheduler.now();
      const result = await track(refresher.refresh(only));
      if (only === null && result.kind === 'done') lastFull = Math.max(lastFull, started);
      return result;
    },
    /** When every pin was last read (the popup opening, or a round); -Infinity: not this run. */
    lastFullRead: (): number => lastFull,
    /** A task was just pinned: show its title and status at once. */
    pinned(taskId: string): void {
      if (!stopped) void track(refresher.refresh([taskId]));
    },
    /** Connected (again): the reads may answer now where they did not, then read every pin. */
    connected(profileId: string): void {
      refresher.forget(profileId);
      lastFull = -Infinity;
      void this.refresh();
    },
    /** Stops reading; resolves once no read can write any more. */
    async dispose(): Promise<void> {
      stopped = true;
      if (!deps.pacer) pacer.dispose();
      await Promise.allSettled([...running]);
    },
  };
}
export type TaskReads = ReturnType<typeof createTaskReads>;
