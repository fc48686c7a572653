import { ok } from '../../common/result';
import type { Result } from '../../common/result';
import { DEFAULT_SYNC_INTERVAL, syncIntervalMs } from '../../common/sync-interval';
import type { RefreshAnswer } from '../../common/views';
import type { AccountService } from '../accounts/account-service';
import type { Assigned } from '../assigned/assigned-service';
import type { ComplianceReads } from '../compliance/compliance-reads';
import type { Logger } from '../log/logger';
import { entityKey } from '../reads/read-schemas';
import type { EntityKey } from '../reads/read-schemas';
import { BACKGROUND_BURST_SHARE, BACKGROUND_RATE } from '../reads/read-budget';
import { addressKey } from '../reads/read-budgets';
import type { ChangeCursor } from '../reads/changes-since';
import { namedByLog } from '../sync/audit-names';
import type { TaskReads } from '../reads/task-reads';
import type { Scheduler } from '../scheduler/scheduler';
import { bucketFor } from '../service/pacing';
import type { SettingsStore } from '../settings/settings-store';
import { entityRef, planRound } from '../sync/sync-plan';
import type { PlanInput } from '../sync/sync-plan';
import { noOwedReads, owedWithNamed, settleOwed } from '../sync/owed-reads';
import type { OwedReads } from '../sync/owed-reads';
import { createSyncRunner } from '../sync/sync-runner';
import { roundOrder } from '../sync/round-order';
import type { PauseReason } from '../sync/sync-state';
import { checkedAgo, checkFailed } from '../sync/sync-words';
import type { ActiveProfiles } from './active-profile';

export interface BackgroundSyncDeps {
  readonly accounts: Pick<AccountService, 'active' | 'signedIn' | 'signedInIds'>;
  readonly profiles: Pick<ActiveProfiles, 'active' | 'pinsFor'>;
  readonly reads: Pick<TaskReads, 'refresh' | 'backgroundReadsOf' | 'lastFullRead' | 'forget'>;
  /** The shown account's key was refused: no round reads for it until it connects again. */
  readonly shownRefused: () => boolean;
  readonly assigned: Pick<Assigned, 'syncRead'>;
  /** Each round also reads the account's compliance tasks (one conditional request). */
  readonly compliance?: Pick<ComplianceReads, 'syncRound'>;
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
  /** Where the audit log is read from next round; null: from its newest page. */
  cursor: ChangeCursor | null;
  /** When the audit log said no (no app:read) or was absent: asked again an hour later. */
  noAuditLog: number | null;
  /** What the log named that is still to be read (owed-reads.ts). */
  readonly owed: OwedReads;
}

interface PinPlace {
  readonly taskId: string;
  readonly entity: EntityKey | null;
}

/** How long a "no" of the audit log stands before a round asks it again. */
export const AUDIT_LOG_RETRY_MS = 60 * 60_000;

/** What the background budget lets through a minute once its small burst is spent (read-budget.ts). */
const STEADY_PER_MINUTE = bucketFor(BACKGROUND_RATE, BACKGROUND_BURST_SHARE).refillPerMs * 60_000;

const intervalOf = (settings: Pick<SettingsStore, 'get'>): number | null =>
  syncIntervalMs(settings.get().syncInterval ?? DEFAULT_SYNC_INTERVAL);

/**
 * The background sync of every account signed in (main/sync/): each round
 * reads what the plan says for each one's pins and "Assigned to me", the
 * shown one first, through its address's background budget, so the tray
 * menu, the tooltip and the notifications follow the service with the popup
 * closed, and an account switched to shows what is current.
 */
export function createBackgroundSync(deps: BackgroundSyncDeps) {
  const books = new Map<string, Book>();
  const bookOf = (profileId: string): Book => {
    let book = books.get(profileId);
    if (!book)
      books.set(
        profileId,
        (book = {
          lastRead: new Map(),
          entities: [],
          listedAt: null,
          cursor: null,
          noAuditLog: null,
          owed: noOwedReads(),
        }),
      );
    return book;
  };

  /** What the audit log named since the last round; null: read as if there were none. */
  async function named(
    profileId: string,
    book: Book,
    pins: readonly PinPlace[],
  ): Promise<EntityKey[] | null> {
    // A key given app:read later is noticed within the hour, not only on reconnecting.
    const now = deps.scheduler.now();
    if (book.noAuditLog !== null && now - book.noAuditLog < AUDIT_LOG_RETRY_MS) return null;
    const reads = deps.reads.backgroundReadsOf(profileId);
    const page = reads ? await reads.changesSince(book.cursor) : null;
    if (!page?.ok) return null;
    if (page.value.kind === 'unavailable') {
      // No app:read (or no audit log here): every pin each round, "Assigned to me" gone round.
      book.noAuditLog = now;
      return null;
    }
    book.cursor = page.value.cursor;
    return namedByLog(page.value.changes, page.value.complete, pins);
  }

  /** One round: each account signed in, the shown one first (sync/round-order.ts). */
  async function round(): Promise<void> {
    const a = deps.accounts.active();
    const order = roundOrder({
      shownId: a && deps.profiles.active()?.profileId === a.profile.id ? a.profile.id : null,
      shownRefused: deps.shownRefused(),
      signedInIds: deps.accounts.signedInIds(),
      addressOf: (id) =>
        addressKey((a?.profile.id === id ? a : deps.accounts.signedIn(id))?.profile.baseUrl),
    });
    for (const { profileId, isShown, share } of order) {
      if (!runner.mayRead()) return;
      await roundFor(profileId, isShown, STEADY_PER_MINUTE * share);
    }
  }

  async function roundFor(profileId: string, isShown: boolean, perMinute: number): Promise<void> {
    const client = isShown
      ? deps.accounts.active()?.client
      : deps.accounts.signedIn(profileId)?.client;
    // Switched, signed out or given another key meanwhile: the rest of this round is not this account's.
    const gone = (): boolean =>
      isShown
        ? deps.accounts.active()?.profile.id !== profileId ||
          deps.profiles.active()?.profileId !== profileId
        : deps.accounts.signedIn(profileId)?.client !== client ||
          deps.accounts.active()?.profile.id === profileId;
    // Locked or asleep part way: the round's reads stop between two requests.
    const stopped = (): boolean => !runner.mayRead();
    const book = bookOf(profileId);
    const pinStore = isShown ? deps.profiles.active()?.pins : deps.profiles.pinsFor(profileId);
    const pins: PinPlace[] = (pinStore?.list() ?? []).map((p) => ({
      taskId: p.taskId,
      entity:
        entityKey(p.ref.entityType, p.ref.entityId) ??
        entityKey(p.snapshot?.entityType, p.snapshot?.entityId),
    }));
    if (deps.compliance && client && runner.mayRead())
      await deps.compliance.syncRound(profileId, client);
    if (gone()) return;
    const names = await named(profileId, book, pins);
    if (gone()) return;
    const log = owedWithNamed(book.owed, names);
    const readRefs = new Set<string>();
    const input = (): PlanInput => ({
      now: deps.scheduler.now(),
      perMinute,
      intervalMs: intervalOf(deps.settings) ?? syncIntervalMs(DEFAULT_SYNC_INTERVAL)!,
      pins: pins.flatMap((p) => p.entity ?? []),
      assigned: book.entities,
      listedAt: book.listedAt,
      named: log,
      lastRead: book.lastRead,
    });
    let plan = planRound(input());
    if (plan.listEntities && runner.mayRead()) {
      const listed = await deps.assigned.syncRead({ profileId, entities: [], list: true, stopped });
      if (gone()) return;
      // Nobody to read for yet, or a build under way: listed again next round.
      if (listed) book.listedAt = deps.scheduler.now();
      if (listed?.listed) book.entities = listed.listed;
      plan = planRound(input());
    }
    const planned = new Set(plan.pinned.map(entityRef));
    const wanted = pins.filter((p) => p.entity && planned.has(entityRef(p.entity)));
    // Every pin (a bare id is placed by its activity then), or those the plan names.
    const every = pins.every((p) => !p.entity || planned.has(entityRef(p.entity)));
    if (wanted.length + (every ? pins.length : 0) > 0 && runner.mayRead()) {
      const started = deps.scheduler.now();
      const read = await deps.reads.refresh(
        every
          ? { background: true, force: true, profileId, stopped }
          : { background: true, only: wanted.map((p) => p.taskId), profileId, stopped },
      );
      if (gone()) return;
      if (read.ok && read.value.kind === 'read')
        for (const ref of planned) book.lastRead.set(ref, started);
    }
    if (plan.assigned.length > 0 && runner.mayRead()) {
      const started = deps.scheduler.now();
      const outcome = await deps.assigned.syncRead({
        profileId,
        entities: plan.assigned,
        list: false,
        stopped,
      });
      if (gone()) return;
      for (const ref of outcome?.read.keys() ?? []) {
        book.lastRead.set(ref, started);
        readRefs.add(ref);
      }
    }
    // A pause is no failed try: what it cut short stays owed as it was.
    const tried = stopped() ? [] : [...plan.pinned, ...plan.assigned].map(entityRef);
    settleOwed(book.owed, new Set(tried), readRefs);
    // Only what a later round may plan is remembered: unpinned, unlisted entities go.
    const keep = new Set([
      ...pins.flatMap((p) => (p.entity ? [entityRef(p.entity)] : [])),
      ...book.entities.map(entityRef),
      ...book.owed.entries.keys(),
    ]);
    for (const ref of book.lastRead.keys()) if (!keep.has(ref)) book.lastRead.delete(ref);
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
    /** Connected (again), perhaps with another key: the audit log is asked again. */
    connected(profileId: string): void {
      const book = books.get(profileId);
      if (book) book.noAuditLog = null;
    },
    /** The profile is removed: nothing of it is kept, and no round reads for it. */
    forget(profileId: string): void {
      books.delete(profileId);
      deps.reads.forget(profileId);
    },
    pause: (reason: PauseReason): void => runner.pause(reason),
    unpause: (reason: PauseReason): void => runner.unpause(reason),
    /**
     * The popup opened (or asked again): every pin is read, unless that was
     * just done, which it says ("Checked 8 s ago") rather than nothing.
     */
    async refreshAsked(): Promise<Result<RefreshAnswer>> {
      const answer = await deps.reads.refresh();
      if (!answer.ok) return answer;
      if (answer.value.kind === 'recent') return ok({ note: checkedAgo(answer.value.agoMs) });
      if (answer.value.kind === 'failed') {
        const at = deps.reads.lastFullRead();
        return ok({ note: checkFailed(Number.isFinite(at) ? deps.scheduler.now() - at : null) });
      }
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
