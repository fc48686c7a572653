import { ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { Logger } from '../log/logger';
import { createPinnedRefresh } from '../reads/pinned-refresh';
import { createServiceReads } from '../reads/service-reads';
import type { ServiceReads } from '../reads/service-reads';
import type { Scheduler } from '../scheduler/scheduler';
import type { ServiceClient } from '../service/client';
import { createRequestPacer } from '../service/pacing';
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

export interface TaskReadsDeps {
  readonly client: () => { readonly profileId: string; readonly client: ServiceClient } | null;
  readonly active: () => ActiveProfile | null;
  readonly tasks: TaskService;
  /** Resolves once no change of the person's is on the wire. */
  readonly quiet: () => Promise<void>;
  readonly scheduler: Scheduler;
  readonly log: Logger;
}

export function createTaskReads(deps: TaskReadsDeps) {
  const pacer = createRequestPacer(READ_RATE, deps.scheduler);
  let stopped = false;
  const turn = async () => {
    await deps.quiet();
    return !stopped && (await pacer.acquire());
  };
  // Reads run in the background; quitting waits for them so none writes after the app has let go of its files.
  const running = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    running.add(p);
    void p.finally(() => running.delete(p));
    return p;
  };
  const hold = (ms: number) => pacer.holdUntil(deps.scheduler.now() + ms);

  let readsOf: { client: ServiceClient; reads: ServiceReads } | null = null;
  const readsFor = (client: ServiceClient): ServiceReads => {
    if (readsOf?.client !== client)
      readsOf = { client, reads: createServiceReads(client, turn, hold) };
    return readsOf.reads;
  };

  const refresher = createPinnedRefresh({
    active: () => {
      if (stopped) return null;
      const c = deps.client();
      const a = deps.active();
      if (!c || !a || a.profileId !== c.profileId) return null;
      return { profileId: a.profileId, reads: readsFor(c.client), pins: a.pins.list() };
    },
    took: (profileId, found, notes) => deps.tasks.tookRead(profileId, found, notes),
    log: deps.log,
  });

  let lastFull = -Infinity;
  return {
    /** The popup opened, or stayed open a minute: read every pin, unless that was just done. */
    async refresh(): Promise<Result<null>> {
      const now = deps.scheduler.now();
      if (!stopped && now - lastFull >= MIN_REFRESH_GAP_MS) {
        lastFull = now;
        await track(refresher.refresh());
      }
      return ok(null);
    },
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
      pacer.dispose();
      await Promise.allSettled([...running]);
    },
  };
}
