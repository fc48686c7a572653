import { ok } from '../../common/result';
import type { Result } from '../../common/result';
import { DEFAULT_SYNC_INTERVAL, syncIntervalMs } from '../../common/sync-interval';
import type { RefreshAnswer } from '../../common/views';
import type { AccountService } from '../accounts/account-service';
import type { Assigned } from '../assigned/assigned-service';
import type { Logger } from '../log/logger';
import { entityKey } from '../reads/read-schemas';
import type { EntityKey } from '../reads/read-schemas';
import { MIN_REFRESH_GAP_MS, READ_RATE } from '../reads/task-reads';
import type { TaskReads } from '../reads/task-reads';
import type { Scheduler } from '../scheduler/scheduler';
import { bucketFor, createRequestPacer } from '../service/pacing';
import type { RequestPacer } from '../service/pacing';
import type { SettingsStore } from '../settings/settings-store';
import { entityRef, planRound } from '../sync/sync-plan';
import type { PlanInput } from '../sync/sync-plan';
import { createSyncRunner } from '../sync/sync-runner';
import type { PauseReason } from '../sync/sync-state';
import { checkedAgo } from '../sync/sync-words';
import type { ActiveProfiles } from './active-profile';

export interface BackgroundSyncDeps {
  readonly accounts: Pick<AccountService, 'active'>;
  readonly profiles: Pick<ActiveProfiles, 'active'>;
  readonly reads: Pick<TaskReads, 'readPins' | 'lastFullRead'>;
  readonly assigned: Pick<Assigned, 'syncRead'>;
  readonly settings: Pick<SettingsStore, 'get'>;
  readonly scheduler: Scheduler;
  readonly isOnline: () => boolean;
  readonly log: Logger;
  /** What the tooltip and popup say of freshness may have changed. */
  readonly onChanged: () => void;
}

/** What a round knows of one profile between rounds: when each entity was read, and the list it goes round. */
interface Book {
  readonly lastRead: Map<string, number>;
  entities: EntityKey[];
  listedAt: number | null;
}

/** The background's budget (READ_RATE a route), shared by the shown account's pinned and assigned reads. */
export const createReadPacer = (scheduler: Scheduler): RequestPacer =>
  createRequestPacer(READ_RATE, scheduler);

/** What the background pacer lets through a minute once its burst is spent (pacing.ts). */
const STEADY_PER_MINUTE = bucketFor(READ_RATE).refillPerMs * 60_000;

const intervalOf = (settings: Pick<SettingsStore, 'get'>): number | null =>
  syncIntervalMs(settings.get().syncInterval ?? DEFAULT_SYNC_INTERVAL);

/**
 * The background sync of the shown account (main/sync/): each round reads
 * what the plan says for its pins and "Assigned to me", through the
 * background's pacer, so the tray menu, the tooltip and the notifications
 * follow the service with the popup closed.
 */
export function createBackgroundSync(deps: BackgroundSyncDeps) {
  const books = new Map<string, Book>();
  const bookOf = (profileId: string): Book => {
    let book = books.get(profileId);
    if (!book) books.set(profileId, (book = { lastRead: new Map(), entities: [], listedAt: null }));
    return book;
  };

  async function round(): Promise<void> {
    const a = deps.accounts.active();
    const shown = deps.profiles.active();
    if (!a || shown?.profileId !== a.profile.id) return;
    const book = bookOf(a.profile.id);
    const pins = shown.pins.list();
    const entityOf = (p: (typeof pins)[number]): EntityKey | null =>
      entityKey(p.ref.entityType, p.ref.entityId) ??
      entityKey(p.snapshot?.entityType, p.snapshot?.entityId);
    const input = (): PlanInput => ({
      now: deps.scheduler.now(),
      perMinute: STEADY_PER_MINUTE,
      intervalMs: intervalOf(deps.settings) ?? syncIntervalMs(DEFAULT_SYNC_INTERVAL)!,
      pins: pins.flatMap((p) => entityOf(p) ?? []),
      assigned: book.entities,
      listedAt: book.listedAt,
      // No audit log yet: every pin each round, "Assigned to me" gone round.
      named: null,
      lastRead: book.lastRead,
    });
    let plan = planRound(input());
    if (plan.listEntities) {
      const listed = await deps.assigned.syncRead([], true);
      // Nobody to read for yet, or a build under way: listed again next round.
      if (listed) book.listedAt = deps.scheduler.now();
      if (listed?.listed) book.entities = listed.listed;
      plan = planRound(input());
    }
    const planned = new Set(plan.pinned.map(entityRef));
    const all = pins.every((p) => {
      const e = entityOf(p);
      return e === null || planned.has(entityRef(e));
    });
    if (pins.length > 0 && runner.mayRead()) {
      const only = all
        ? null
        : pins.filter((p) => planned.has(entityRef(entityOf(p)!))).map((p) => p.taskId);
      const started = deps.scheduler.now();
      const result = await deps.reads.readPins(only);
      if (result.kind === 'done') for (const ref of planned) book.lastRead.set(ref, started);
    }
    if (plan.assigned.length > 0 && runner.mayRead()) {
      const started = deps.scheduler.now();
      const outcome = await deps.assigned.syncRead(plan.assigned, false);
      for (const ref of outcome?.read.keys() ?? []) book.lastRead.set(ref, started);
    }
  }

  const runner = createSyncRunner({
    scheduler: deps.scheduler,
    // Settings are loaded by start(): no rounds before.
    intervalMs: null,
    isOnline: deps.isOnline,
    round: () => round().catch((e: unknown) => deps.log.error('The background sync failed', e)),
    onChanged: deps.onChanged,
  });

  return {
    start: (): void => runner.setInterval(intervalOf(deps.settings)),
    /** The interval setting changed. */
    followSetting: (): void => runner.setInterval(intervalOf(deps.settings)),
    pause: (reason: PauseReason): void => runner.pause(reason),
    unpause: (reason: PauseReason): void => runner.unpause(reason),
    /**
     * The popup opened (or asked again): every pin is read, unless that was
     * just done, which it says ("Checked 8 s ago") rather than nothing.
     */
    async refreshAsked(): Promise<Result<RefreshAnswer>> {
      const age = deps.scheduler.now() - deps.reads.lastFullRead();
      if (age < MIN_REFRESH_GAP_MS) return ok({ note: checkedAgo(age) });
      await deps.reads.readPins(null);
      return ok({ note: this.freshness() });
    },
    /** "Checked 12 min ago — offline", or null while what is shown is fresh. */
    freshness: (): string | null => {
      const at = deps.reads.lastFullRead();
      return runner.freshnessAt(Number.isFinite(at) ? at : null);
    },
    phase: () => runner.phase(),
    settled: () => runner.settled(),
    dispose: () => runner.dispose(),
  };
}
export type BackgroundSync = ReturnType<typeof createBackgroundSync>;
