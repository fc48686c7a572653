import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { Task } from '../../common/task';
import type { BrowseEntity, BrowseList, BrowseTasks } from '../../common/views';
import type { Logger } from '../log/logger';
import { entitiesCut, tasksCut } from './list-words';
import { createPinRuns } from './pin-runs';
import type { RefreshAnswer } from './pin-runs';
import { judgeReadFailure, scopeAdvice } from './read-availability';
import type { ReadFeature } from './read-availability';
import type { EntityKey } from './read-schemas';
import { createReadOwners } from './read-owners';
import { createListedEntities } from './listed-entities';
import { createKnownLists } from './known-lists';
import { createAccountReads } from './account-reads';
import type { ReadClass, ShownClient } from './account-reads';
import type { Scheduler } from '../scheduler/scheduler';
import type { ReadBudgets } from './read-budgets';
import type { ServiceReads } from './service-reads';
import type { ActiveProfile, TaskService } from '../tasks/task-service';
import type { PinStore } from '../tasks/pin-store';
import type { BehindReads } from './behind-reads';

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

export type { RefreshAnswer };

export interface TaskReadsDeps {
  readonly client: ShownClient;
  readonly active: () => ActiveProfile | null;
  /** Any profile's pins (a signed-in account not shown keeps its own in settings). */
  readonly pinsFor: (profileId: string) => PinStore | null;
  /** The background reads of signed-in accounts not shown (behind-reads.ts). */
  readonly behind: BehindReads;
  readonly tasks: TaskService;
  /** Resolves once no change of the person's is on the wire. */
  readonly quiet: () => Promise<void>;
  /** The read budgets per service address (read-budget.ts), shared with the other rooms that read. */
  readonly budgets: ReadBudgets;
  readonly scheduler: Scheduler;
  readonly log: Logger;
}

/** How a refresh of the pins was asked for. */
export interface RefreshOptions {
  /** Nobody waits on it (the background sync): it goes behind the person's reads and changes. */
  readonly background?: boolean;
  /** Read even if the pins were read within MIN_REFRESH_GAP_MS. */
  readonly force?: boolean;
  /**
   * Only these pins (those whose vendor or risk the audit log named): read
   * whatever the gap, and not counted as a read of every pin.
   */
  readonly only?: readonly string[];
  /**
   * This account's pins: while it is shown, as any refresh; else, for a
   * background read only, through its own reads (a signed-in account not
   * shown, behind-reads.ts). A read the person asked for of an account no
   * longer shown reads nothing.
   */
  readonly profileId?: string;
  /** Stop between reads once this says so (the background sync paused: locked, asleep). */
  readonly stopped?: () => boolean;
}

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

export function createTaskReads(deps: TaskReadsDeps) {
  let stopped = false;
  const { stillShown, readsFor } = createAccountReads({
    shown: deps.client,
    budgets: deps.budgets,
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
  const pinRuns = createPinRuns({
    ...{ deps, track, stopped: () => stopped },
    readsFor: (profileId, client) => readsFor(profileId, client, { background: false }),
    behindReadsFor: (profileId, client) => readsFor(profileId, client, { background: true }),
  });

  const current = () => {
    const c = deps.client();
    if (!c || stopped) return null;
    const reads = readsFor(c.profileId, c.client);
    return { ...c, reads, left: () => !stillShown(c.profileId, c.client) };
  };
  const owners = createReadOwners();
  const entityNames = createListedEntities();
  // Every list read this run, for search (the service has none of its own).
  const known = createKnownLists();
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
      entityNames.note(c.profileId, entities);
      // Only a whole list says which are unread: a cut one or one missing its risks would undercount.
      if (!note) known.noteEntities(c.profileId, entities);
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
      known.noteTasks(c.profileId, entity, items, more, deps.scheduler.now());
      owners.note(
        c.profileId,
        items.map((t) => t.id),
      );
      return ok({ tasks: items, note: more ? tasksCut(items.length, entity.entityType) : null });
    },
    /** What search may look in: the lists read this run by the account shown (known-lists.ts). */
    known,
    /** The profile whose reads these are now; null when none is shown. */
    shownProfile: (): string | null => (stopped ? null : (deps.client()?.profileId ?? null)),
    /** A task Browse listed lately for the signed-in profile, to pin with what is known of it. */
    listed(taskId: string): Task | undefined {
      const known = listed.get(taskId);
      return known && known.profileId === deps.client()?.profileId ? known.task : undefined;
    },
    /** A vendor or risk the shown profile's read listed this run, by id. */
    listedEntity: (entityId: string): BrowseEntity | undefined =>
      entityNames.get(deps.client()?.profileId ?? '', entityId),
    /**
     * Refused when its task or its vendor or risk came from another
     * account's read only: a pin from a screen left over from before a switch.
     */
    checkRef(ref: { readonly taskId: string; readonly entityId?: string }): Result<null> {
      const shownId = deps.client()?.profileId ?? '';
      const ids = [ref.taskId, ...(ref.entityId ? [ref.entityId] : [])];
      return ids.some((id) => owners.foreign(shownId, id)) ? err(FOREIGN) : ok(null);
    },
    /**
     * Reads every pin: the popup opened or stayed open a minute, the person
     * pressed refresh (the person's reads, first), or the background sync
     * (`{ background: true }`). Within MIN_REFRESH_GAP_MS of the last full
     * read nothing is read unless forced, and the answer says how long ago.
     */
    async refresh(options: RefreshOptions = {}): Promise<Result<RefreshAnswer>> {
      const now = deps.scheduler.now();
      const shownId = deps.client()?.profileId;
      const profileId = options.profileId ?? shownId;
      const last = pinRuns.lastFullOf(profileId);
      if (stopped) return ok({ kind: 'recent', agoMs: Math.max(0, now - last) });
      if (profileId === undefined) return ok({ kind: 'skipped' });
      if (profileId !== shownId && !options.background) return ok({ kind: 'skipped' });
      const runner = pinRuns.runnerFor(profileId, profileId === shownId, options.background);
      if (!options.only && !options.force && now - last < MIN_REFRESH_GAP_MS)
        return ok({ kind: 'recent', agoMs: now - last });
      return pinRuns.read(profileId, runner, options.only, options.stopped, now);
    },
    /**
     * A task was just pinned: show its title and status at once. It is read
     * alongside any read running, joining its vendor's or risk's list, or
     * from a read of that list made within PIN_RECENT_MS (pinned-refresh.ts).
     */
    pinned(taskId: string): void {
      if (!stopped) void track(pinRuns.shown.refresh([taskId], { alongside: true }));
    },
    /**
     * The reads of the account shown, for a room that reads on its own (the
     * background sync): `{ background: true }` for reads nobody waits on.
     * Null when no account is shown.
     */
    readsOfShown(kind: ReadClass = {}): ServiceReads | null {
      const c = deps.client();
      return c && !stopped ? readsFor(c.profileId, c.client, kind) : null;
    },
    /** The background reads of a signed-in account, shown or not; null when it is not signed in. */
    backgroundReadsOf(profileId: string): ServiceReads | null {
      if (deps.client()?.profileId === profileId) return this.readsOfShown({ background: true });
      return stopped ? null : (deps.behind.readsFor(profileId)?.reads ?? null);
    },
    /**
     * When every pin of this account (default: the one shown) was last read,
     * asked for or by the background sync; -Infinity: not this run.
     */
    lastFullRead: (profileId?: string): number =>
      pinRuns.lastFullOf(profileId ?? deps.client()?.profileId),
    /** Connected (again): the reads may answer now where they did not, then read every pin. */
    connected(profileId: string): void {
      pinRuns.forget(profileId);
      void this.refresh();
    },
    /** The profile is removed: nothing of its reads is kept. */
    forget(profileId: string): void {
      pinRuns.forget(profileId);
      known.forget(profileId);
      deps.behind.forget(profileId);
    },
    /** Stops reading; resolves once no read can write any more. */
    async dispose(): Promise<void> {
      stopped = true;
      await Promise.allSettled([...running]);
    },
  };
}
export type TaskReads = ReturnType<typeof createTaskReads>;
