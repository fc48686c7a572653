import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { AssignedView, PersonView } from '../../common/views';
import { buildAssigned } from './assigned-build';
import type { BuildProgress } from './assigned-build';
import { assignedView, unknownFor } from './assigned-view';
import type { AssignedKnown } from './assigned-view';
import { describeReadFailure, peopleRefusal, phaseAfter } from './assigned-words';
import { whoAmI } from './who-am-i';
import type { AssignedCache } from './assigned-cache';
import type { Logger } from '../log/logger';
import { createAccountReads } from '../reads/account-reads';
import type { Scheduler } from '../scheduler/scheduler';
import { createRequestPacer } from '../service/pacing';
import type { ReadBudgets } from '../reads/read-budgets';
import { syncEntities } from './assigned-sync';
import { createBehindSync } from './assigned-behind';
import type { BehindSyncDeps } from './assigned-behind';
import { whoDeps } from './assigned-signed-in';
import type { AssignedSignedIn } from './assigned-signed-in';
import type { EntitySyncAsk } from './assigned-sync';

/**
 * The first build of "assigned to me" reads every vendor and risk once: paced
 * at 70 a minute, so with the pinned tasks' reads (20) the task list route
 * stays under the service's 100 a minute per route.
 */
export const BUILD_RATE = { limit: 70, windowMs: 60_000 } as const;
/** A list kept on disk is shown at once, and read again behind when older than this. */
export const STALE_AFTER_MS = 5 * 60_000;

export interface AssignedDeps {
  /** The profile shown and its client; null when signed out. */
  readonly signedIn: () => AssignedSignedIn | null;
  /**
   * A signed-in profile not shown, with its background reads
   * (reads/behind-reads.ts): the background sync keeps its "Assigned to me"
   * current too (assigned-behind.ts). Null when it is not signed in.
   */
  readonly behind?: BehindSyncDeps['behind'];
  /** A profile not shown: its kept list changed (for the notifications only). */
  readonly onBehindChanged?: BehindSyncDeps['onBehindChanged'];
  /** Keeps (or forgets) the member an API key's person said they are. */
  readonly rememberMe: (profileId: string, memberId: string | null) => Promise<Result<null>>;
  readonly cache: AssignedCache;
  /** The read budgets per service address (reads/read-budget.ts). */
  readonly budgets: ReadBudgets;
  /** Resolves once no change of the person's is on the wire: their changes go first. */
  readonly quiet: () => Promise<void>;
  readonly scheduler: Scheduler;
  readonly log: Logger;
  readonly onChanged: (view: AssignedView) => void;
  /** How far a gathering is, without the list: one for each vendor or risk read. */
  readonly onProgress: (progress: BuildProgress) => void;
}

interface Run {
  readonly profileId: string;
  readonly memberId: string;
  stopped: boolean;
}

export function createAssigned(deps: AssignedDeps) {
  const pacer = createRequestPacer(BUILD_RATE, deps.scheduler);
  let disposed = false;
  const { stillShown, readsFor } = createAccountReads({
    shown: deps.signedIn,
    budgets: deps.budgets,
    pacer,
    scheduler: deps.scheduler,
    quiet: deps.quiet,
    stopped: () => disposed,
  });

  /** What is known this run, for the profile it is about. */
  let known: AssignedKnown | null = null;
  let run: Run | null = null;
  let running: Promise<void> | null = null;
  const behind = createBehindSync(deps, () => disposed);
  const fresh = (profileId: string): AssignedKnown => {
    if (known?.profileId !== profileId) known = behind.take(profileId) ?? unknownFor(profileId);
    return known;
  };

  const view = (): AssignedView => {
    const s = deps.signedIn();
    return assignedView(s, s ? fresh(s.profileId) : null, (memberId) =>
      s ? deps.cache.get(s.profileId, memberId) : null,
    );
  };
  const changed = () => deps.onChanged(view());

  async function refresh(force: boolean): Promise<void> {
    const s = deps.signedIn();
    if (!s || disposed) return;
    const k = fresh(s.profileId);
    const reads = readsFor(s.profileId, s.client);
    const me = await whoAmI(whoDeps(deps, s, reads), k);
    if (!me.ok) {
      k.phase = phaseAfter(me.error, 'people');
      k.message = describeReadFailure(me.error, 'people');
      return changed();
    }
    if (!me.value) return changed();
    const memberId = me.value.id;
    const kept = deps.cache.get(s.profileId, memberId);
    const age = kept ? deps.scheduler.now() - Date.parse(kept.builtAt) : Infinity;
    if (!force && age < STALE_AFTER_MS) return changed();

    // Read again behind a list already shown: nobody waits on it, so it goes in the background.
    const behind = !force && kept !== null;
    const buildReads = behind ? readsFor(s.profileId, s.client, { background: true }) : reads;
    const mine: Run = { profileId: s.profileId, memberId, stopped: false };
    run = mine;
    k.phase = 'building';
    k.progress = null;
    changed();
    const outcome = await buildAssigned({
      reads: buildReads,
      memberId,
      onProgress: (progress) => {
        if (mine.stopped) return;
        k.progress = progress;
        deps.onProgress(progress);
      },
      wait: (ms) => new Promise((done) => deps.scheduler.after(ms, done, 'assigned-retry')),
      stopped: () => mine.stopped || disposed || deps.signedIn()?.profileId !== mine.profileId,
    });
    if (run === mine) run = null;
    if (outcome.kind === 'stopped') return;
    if (outcome.kind === 'failed') {
      k.phase = phaseAfter(outcome.error, 'vendors');
      k.message = describeReadFailure(outcome.error, 'vendors');
      deps.log.warn('Gathering the tasks assigned to you stopped', outcome.error.message);
      return changed();
    }
    await deps.cache.put({
      profileId: s.profileId,
      memberId,
      note: outcome.note,
      tasks: outcome.tasks,
      more: outcome.more,
    });
    k.phase = 'idle';
    k.message = null;
    changed();
  }

  /** One refresh at a time; an ask meanwhile is made once it is over (forced if any was): a new
   * member chosen mid-way is read for, not folded into the run for the one before. */
  let again: boolean | null = null;
  const start = (force: boolean): Promise<void> => {
    if (running) {
      again = (again ?? false) || force;
      return running;
    }
    running = refresh(force)
      .catch((e: unknown) => deps.log.error('Gathering the tasks assigned to you failed', e))
      .finally(() => {
        running = null;
        const next = again;
        again = null;
        if (next !== null && !disposed) void start(next);
      });
    return running;
  };

  return {
    view,
    /** The view opened (or the app connected): show what is kept, and read again if it is old. */
    opened(): AssignedView {
      void start(false);
      return view();
    },
    /** The person asked to read it again now. */
    refresh(): AssignedView {
      void start(true);
      return view();
    },
    meOf: (id: string) => (known?.profileId === id ? known.me?.id : behind.me(id)) ?? null,
    async people(): Promise<Result<PersonView[]>> {
      const s = deps.signedIn();
      if (!s) return err(appError('not_connected', 'Connect to the service first.'));
      const people = await readsFor(s.profileId, s.client).people();
      // Another account is shown now: its picker does not list the one before's people.
      if (!stillShown(s.profileId, s.client))
        return err(appError('not_connected', 'The account shown changed: open the list again.'));
      return people.ok ? people : err(peopleRefusal(people.error));
    },
    /**
     * Who the person is, for "Assign to me": as known, else asked of the
     * service once this run (a session's own member, a key's kept choice
     * checked), without gathering their tasks.
     */
    async me(): Promise<PersonView | null> {
      const s = deps.signedIn();
      if (!s) return null;
      const k = fresh(s.profileId);
      // A key with no choice kept has nobody to look up: no read for that.
      const someone = s.authKind === 'session' || s.memberId !== null;
      if (!k.checked && someone) {
        const me = await whoAmI(whoDeps(deps, s, readsFor(s.profileId, s.client)), k);
        if (!me.ok) deps.log.warn('Could not tell who the person is', me.error.message);
      }
      return stillShown(s.profileId, s.client) ? view().me : null;
    },
    async setMe(memberId: string | null): Promise<Result<AssignedView>> {
      const s = deps.signedIn();
      if (!s) return err(appError('not_connected', 'Connect to the service first.'));
      if (s.authKind !== 'api-key')
        return err(appError('bad_input', 'Signed in with a session, Task Tray knows who you are.'));
      // The same person chosen again ("Not you?", then yourself): what is kept, or being read, stays.
      if (
        memberId !== null &&
        known?.profileId === s.profileId &&
        known.checked &&
        known.me?.id === memberId
      )
        return ok(view());
      if (run) run.stopped = true;
      const saved = await deps.rememberMe(s.profileId, memberId);
      if (!saved.ok) return saved;
      await deps.cache.forget(s.profileId);
      known = null;
      const next = fresh(s.profileId);
      if (memberId) {
        const people = await this.people();
        const person = people.ok ? people.value.find((p) => p.id === memberId) : undefined;
        if (people.ok && !person) {
          await deps.rememberMe(s.profileId, null);
          return err(appError('bad_input', `${memberId} is not a member of this organization.`));
        }
        next.me = person ?? { id: memberId, name: null, email: null, role: null };
        next.checked = true;
        void start(true);
      }
      changed();
      return ok(view());
    },
    /** The background sync's read (assigned-sync.ts, -behind.ts); null: nobody to read for, or a build runs. */
    syncRead(ask: EntitySyncAsk) {
      const s = deps.signedIn();
      if (s?.profileId !== ask.profileId) return behind.syncRead(ask);
      const k = s?.profileId === ask.profileId && !disposed && !run ? fresh(s.profileId) : null;
      if (!s || !k) return Promise.resolve(null);
      const who = whoDeps(deps, s, readsFor(s.profileId, s.client, { background: true }));
      const gone = () => disposed || !!run || k !== known || !stillShown(s.profileId, s.client);
      return syncEntities({ ...who, k, cache: deps.cache, changed, gone }, ask);
    },
    /** Signed out or switched: a build for the one before stops between reads. */
    signedOut(): void {
      if (run) run.stopped = true;
      known = null;
    },
    async dispose(): Promise<void> {
      disposed = true;
      if (run) run.stopped = true;
      pacer.dispose();
      await running;
    },
  };
}
export type Assigned = ReturnType<typeof createAssigned>;
