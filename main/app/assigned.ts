import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { AssignedView, PersonView } from '../../common/views';
import { buildAssigned } from '../assigned/assigned-build';
import type { BuildProgress } from '../assigned/assigned-build';
import type { AssignedCache } from '../assigned/assigned-cache';
import type { Logger } from '../log/logger';
import { judgeReadFailure, scopeAdvice } from '../reads/read-availability';
import { createServiceReads } from '../reads/service-reads';
import type { ServiceReads } from '../reads/service-reads';
import type { Scheduler } from '../scheduler/scheduler';
import type { ServiceClient } from '../service/client';
import { createRequestPacer } from '../service/pacing';

/**
 * The first build of "assigned to me" reads every vendor and risk once: paced
 * at 70 a minute, so with the pinned tasks' reads (20) the task list route
 * stays under the service's 100 a minute per route.
 */
export const BUILD_RATE = { limit: 70, windowMs: 60_000 } as const;
/** A list kept on disk is shown at once, and read again behind when older than this. */
export const STALE_AFTER_MS = 5 * 60_000;

export interface AssignedDeps {
  /** The signed-in profile and its client; null when signed out. */
  readonly signedIn: () => {
    readonly profileId: string;
    readonly client: ServiceClient;
    readonly authKind: 'api-key' | 'session';
    readonly organizationId: string | null;
    readonly memberId: string | null;
  } | null;
  /** Keeps (or forgets) the member an API key's person said they are. */
  readonly rememberMe: (profileId: string, memberId: string | null) => Promise<Result<null>>;
  readonly cache: AssignedCache;
  /** Resolves once no change of the person's is on the wire: their changes go first. */
  readonly quiet: () => Promise<void>;
  readonly scheduler: Scheduler;
  readonly log: Logger;
  readonly onChanged: (view: AssignedView) => void;
}

interface Run {
  readonly profileId: string;
  readonly memberId: string;
  stopped: boolean;
}

export function createAssigned(deps: AssignedDeps) {
  const pacer = createRequestPacer(BUILD_RATE, deps.scheduler);
  let disposed = false;
  const turn = async () => {
    await deps.quiet();
    return !disposed && (await pacer.acquire());
  };
  const hold = (ms: number) => pacer.holdUntil(deps.scheduler.now() + ms);
  let readsOf: { client: ServiceClient; reads: ServiceReads } | null = null;
  const readsFor = (client: ServiceClient): ServiceReads => {
    if (readsOf?.client !== client)
      readsOf = { client, reads: createServiceReads(client, turn, hold) };
    return readsOf.reads;
  };

  /** What is known this run, for the profile it is about. */
  let known: {
    profileId: string;
    me: PersonView | null;
    /** The member was looked up (session) or checked against the people list (key) this run. */
    checked: boolean;
    phase: 'idle' | 'building' | 'failed' | 'unavailable';
    progress: BuildProgress | null;
    message: string | null;
  } | null = null;
  let run: Run | null = null;
  let running: Promise<void> | null = null;

  const fresh = (profileId: string) => {
    if (known?.profileId !== profileId)
      known = { profileId, me: null, checked: false, phase: 'idle', progress: null, message: null };
    return known;
  };

  const view = (): AssignedView => {
    const s = deps.signedIn();
    const canChooseMe = s?.authKind === 'api-key';
    if (!s)
      return {
        state: 'unavailable',
        me: null,
        canChooseMe: false,
        tasks: [],
        progress: null,
        builtAt: null,
        message: 'Connect to the service first.',
      };
    const k = fresh(s.profileId);
    const memberId = k.me?.id ?? s.memberId;
    const kept = memberId ? deps.cache.get(s.profileId, memberId) : null;
    const base = {
      me: k.me ?? (memberId ? { id: memberId, name: null, email: null, role: null } : null),
      canChooseMe,
      tasks: kept?.tasks ?? [],
      progress: k.phase === 'building' ? k.progress : null,
      builtAt: kept?.builtAt ?? null,
    };
    if (k.phase === 'unavailable') return { ...base, state: 'unavailable', message: k.message };
    if (k.phase === 'failed' && !memberId) return { ...base, state: 'failed', message: k.message };
    // Who the person is, or whom they could choose from, is being asked of the service.
    if (!memberId && !k.checked && k.phase === 'idle')
      return { ...base, state: 'building', message: null };
    if (!memberId)
      return {
        ...base,
        state: 'needs-me',
        message:
          k.message ??
          (canChooseMe
            ? 'An API key does not say who you are: choose yourself from the people of the organization.'
            : null),
      };
    if (k.phase === 'building') return { ...base, state: 'building', message: kept?.note ?? null };
    if (k.phase === 'failed') return { ...base, state: 'failed', message: k.message };
    return { ...base, state: kept ? 'ready' : 'building', message: kept?.note ?? null };
  };
  const changed = () => deps.onChanged(view());

  /** Who "me" is: a session asks the service; a key's choice is checked against the people once a run. */
  async function whoAmI(
    s: NonNullable<ReturnType<AssignedDeps['signedIn']>>,
    reads: ServiceReads,
  ): Promise<Result<PersonView | null>> {
    const k = fresh(s.profileId);
    if (k.checked) return ok(k.me);
    const people = await reads.people();
    const peopleById = people.ok ? new Map(people.value.map((p) => [p.id, p])) : null;
    let memberId = s.memberId;
    if (s.authKind === 'session') {
      const mine = await reads.me();
      if (!mine.ok) return mine;
      memberId = mine.value.find((m) => m.organizationId === s.organizationId)?.memberId ?? null;
      if (!memberId)
        return err(appError('not_found', 'The service did not say which member you are here.'));
    } else if (!memberId && !people.ok) {
      // Nobody to choose from: the person cannot say who they are here.
      return people;
    } else if (memberId && peopleById && !peopleById.has(memberId)) {
      // Chosen on an earlier start, gone since (removed from the organization, or a typo'd key's org).
      await deps.rememberMe(s.profileId, null);
      await deps.cache.forget(s.profileId);
      k.message = `The member you chose (${memberId}) is no longer in this organization: choose yourself again.`;
      memberId = null;
    }
    k.checked = true;
    k.me = memberId
      ? (peopleById?.get(memberId) ?? { id: memberId, name: null, email: null, role: null })
      : null;
    return ok(k.me);
  }

  const describe = (error: AppError, feature: 'vendors' | 'people'): string => {
    const judged = judgeReadFailure(feature, error);
    if (judged.kind === 'absent')
      return feature === 'people'
        ? 'This service does not list its people, so Task Tray cannot tell which tasks are yours.'
        : 'This service does not list vendors and risks, so Task Tray cannot gather the tasks assigned to you.';
    if (judged.kind === 'scope')
      return feature === 'people'
        ? scopeAdvice('Choosing yourself', judged.scopes)
        : scopeAdvice('Gathering the tasks assigned to you', ['vendor:read', 'risk:read']);
    return error.message;
  };

  async function refresh(force: boolean): Promise<void> {
    const s = deps.signedIn();
    if (!s || disposed) return;
    const k = fresh(s.profileId);
    const reads = readsFor(s.client);
    const me = await whoAmI(s, reads);
    if (!me.ok) {
      const judged = judgeReadFailure('people', me.error);
      k.phase = judged.kind === 'failed' ? 'failed' : 'unavailable';
      k.message = describe(me.error, 'people');
      return changed();
    }
    if (!me.value) return changed();
    const memberId = me.value.id;
    const kept = deps.cache.get(s.profileId, memberId);
    const age = kept ? deps.scheduler.now() - Date.parse(kept.builtAt) : Infinity;
    if (!force && age < STALE_AFTER_MS) return changed();

    const mine: Run = { profileId: s.profileId, memberId, stopped: false };
    run = mine;
    k.phase = 'building';
    k.progress = null;
    changed();
    const outcome = await buildAssigned({
      reads,
      memberId,
      onProgress: (progress) => {
        if (mine.stopped) return;
        k.progress = progress;
        changed();
      },
      wait: (ms) => new Promise((done) => deps.scheduler.after(ms, done, 'assigned-retry')),
      stopped: () => mine.stopped || disposed || deps.signedIn()?.profileId !== mine.profileId,
    });
    if (run === mine) run = null;
    if (outcome.kind === 'stopped') return;
    if (outcome.kind === 'failed') {
      const judged = judgeReadFailure('vendors', outcome.error);
      k.phase = judged.kind === 'failed' ? 'failed' : 'unavailable';
      k.message = describe(outcome.error, 'vendors');
      deps.log.warn('Gathering the tasks assigned to you stopped', outcome.error.message);
      return changed();
    }
    await deps.cache.put({
      profileId: s.profileId,
      memberId,
      note: outcome.note,
      tasks: outcome.tasks,
    });
    k.phase = 'idle';
    k.message = null;
    changed();
  }

  /**
   * One refresh at a time. An ask while one runs is kept and made once it is
   * over (forced if any such ask was): a new member chosen mid-way is read
   * for, not folded into the run for the one before.
   */
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
    async people(): Promise<Result<PersonView[]>> {
      const s = deps.signedIn();
      if (!s) return err(appError('not_connected', 'Connect to the service first.'));
      const people = await readsFor(s.client).people();
      if (people.ok) return people;
      const judged = judgeReadFailure('people', people.error);
      if (judged.kind === 'absent')
        return err(appError('not_found', 'This service does not list its people.'));
      if (judged.kind === 'scope')
        return err(
          appError('forbidden', scopeAdvice('Choosing yourself', judged.scopes), { status: 403 }),
        );
      return people;
    },
    async setMe(memberId: string | null): Promise<Result<AssignedView>> {
      const s = deps.signedIn();
      if (!s) return err(appError('not_connected', 'Connect to the service first.'));
      if (s.authKind !== 'api-key')
        return err(appError('bad_input', 'Signed in with a session, Task Tray knows who you are.'));
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
