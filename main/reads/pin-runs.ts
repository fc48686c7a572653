import { ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { ServiceClient } from '../service/client';
import { createPinnedRefresh } from './pinned-refresh';
import type { RefreshResult } from './pinned-refresh';
import type { ServiceReads } from './service-reads';
import type { Logger } from '../log/logger';
import type { PinStore } from '../tasks/pin-store';
import type { ActiveProfile, TaskService } from '../tasks/task-service';
import type { ShownClient } from './account-reads';
import type { BehindReads } from './behind-reads';

/**
 * What a refresh came to: read now, answered from a read this recent (ms
 * ago), skipped (another account shown, or paused part way), or failed (the
 * service refused or did not answer: what is shown is as old as before).
 */
export type RefreshAnswer =
  | { readonly kind: 'read' }
  | { readonly kind: 'recent'; readonly agoMs: number }
  | { readonly kind: 'skipped' }
  | { readonly kind: 'failed' };

const answerOf = (r: RefreshResult): RefreshAnswer =>
  r.kind === 'done' || r.kind === 'skipped'
    ? { kind: r.kind === 'done' ? 'read' : 'skipped' }
    : { kind: 'failed' };

type PinRunner = ReturnType<typeof createPinnedRefresh>;

/**
 * The runs that read each account's pins: the shown account's (the person's
 * and the background's), and one per signed-in account not shown, through
 * its own background reads (behind-reads.ts). One full run at a time per
 * account, and when each last succeeded.
 */
export function createPinRuns(o: {
  readonly deps: {
    readonly client: ShownClient;
    readonly active: () => ActiveProfile | null;
    readonly pinsFor: (profileId: string) => PinStore | null;
    readonly behind: Pick<BehindReads, 'readsFor'>;
    readonly tasks: Pick<TaskService, 'tookRead'>;
    readonly log: Logger;
  };
  readonly readsFor: (profileId: string, client: ServiceClient) => ServiceReads;
  readonly behindReadsFor: (profileId: string, client: ServiceClient) => ServiceReads;
  readonly track: <T>(p: Promise<T>) => Promise<T>;
  readonly stopped: () => boolean;
}) {
  const { deps, track } = o;
  const took: Parameters<typeof createPinnedRefresh>[0]['took'] = (profileId, found, notes) =>
    deps.tasks.tookRead(profileId, found, notes);
  const shownRunner = (readsOf: typeof o.readsFor) =>
    createPinnedRefresh({
      active: () => {
        if (o.stopped()) return null;
        const c = deps.client();
        const a = deps.active();
        if (!c || !a || a.profileId !== c.profileId) return null;
        return {
          profileId: a.profileId,
          reads: readsOf(a.profileId, c.client),
          pins: a.pins.list(),
        };
      },
      took,
      log: deps.log,
    });
  const shown = shownRunner(o.readsFor);
  const behind = shownRunner(o.behindReadsFor);
  /** A signed-in account not shown: its pins read through its own background reads. */
  const others = new Map<string, PinRunner>();
  const otherRunner = (profileId: string): PinRunner => {
    let r = others.get(profileId);
    if (!r)
      others.set(
        profileId,
        (r = createPinnedRefresh({
          active: () => {
            const own = o.stopped() ? null : deps.behind.readsFor(profileId);
            const pins = own ? deps.pinsFor(profileId) : null;
            // Shown meanwhile: the shown account's runs read it from now on.
            if (!own || !pins || deps.client()?.profileId === profileId) return null;
            return { profileId, reads: own.reads, pins: pins.list() };
          },
          took,
          log: deps.log,
        })),
      );
    return r;
  };

  /** When every pin of each account was last read with success. */
  const lastFull = new Map<string, number>();
  /** The full read under way, per account: a refresh asked meanwhile takes its answer. */
  const full = new Map<string, Promise<Result<RefreshAnswer>>>();
  return {
    shown,
    runnerFor: (profileId: string, isShown: boolean, background = false): PinRunner =>
      !isShown ? otherRunner(profileId) : background ? behind : shown,
    lastFullOf: (profileId: string | undefined): number =>
      (profileId !== undefined ? lastFull.get(profileId) : undefined) ?? -Infinity,
    /** Reads every pin (or only some) of an account; a full read's success is recorded. */
    read(
      profileId: string,
      runner: PinRunner,
      only: readonly string[] | undefined,
      halted: (() => boolean) | undefined,
      now: number,
    ): Promise<Result<RefreshAnswer>> {
      if (only)
        return track(runner.refresh(only, { stopped: halted })).then((r) => ok(answerOf(r)));
      const running = full.get(profileId);
      if (running) return running;
      const reading = track(runner.refresh(null, { stopped: halted })).then((r) => {
        // Only a read that succeeded counts as checked: a failed one leaves what is shown its age.
        if (r.kind === 'done') lastFull.set(profileId, now);
        return ok(answerOf(r));
      });
      const once = reading.finally(() => full.delete(profileId));
      full.set(profileId, once);
      return once;
    },
    /** Connected again or removed: the reads may answer now where they did not; nothing is recent. */
    forget(profileId: string): void {
      shown.forget(profileId);
      behind.forget(profileId);
      others.delete(profileId);
      lastFull.delete(profileId);
    },
  };
}
