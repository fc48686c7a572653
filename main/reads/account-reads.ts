import type { Scheduler } from '../scheduler/scheduler';
import type { ServiceClient } from '../service/client';
import type { RequestPacer } from '../service/pacing';
import { createServiceReads } from './service-reads';
import type { ServiceReads } from './service-reads';

/** The account shown now and its key; null when none is. */
export type ShownClient = () => {
  readonly profileId: string;
  readonly client: ServiceClient;
} | null;

export interface AccountReadsDeps {
  readonly shown: ShownClient;
  readonly pacer: RequestPacer;
  readonly scheduler: Scheduler;
  /** Resolves once no change of the person's is on the wire: their changes go first. */
  readonly quiet: () => Promise<void>;
  /** The reads were stopped for good (quit). */
  readonly stopped: () => boolean;
}

/**
 * Reads that belong to one account (docs/ARCHITECTURE.md, invariant 9):
 * before every request, and again after the pacer's wait, the account they
 * were made for must still be signed in and shown with the same key. A
 * sign-out or a switch stops them between two requests.
 */
export function createAccountReads(deps: AccountReadsDeps) {
  const stillShown = (profileId: string, client: ServiceClient): boolean => {
    const now = deps.shown();
    return !deps.stopped() && now?.profileId === profileId && now.client === client;
  };
  const turnFor = (profileId: string, client: ServiceClient) => async () => {
    await deps.quiet();
    if (!stillShown(profileId, client)) return false;
    return (await deps.pacer.acquire()) && stillShown(profileId, client);
  };
  // A 429 holds every read of the pacer until its Retry-After.
  const hold = (ms: number) => deps.pacer.holdUntil(deps.scheduler.now() + ms);

  let last: { profileId: string; client: ServiceClient; reads: ServiceReads } | null = null;
  return {
    stillShown,
    /** The reads for this account, stopped once it is no longer the one shown. */
    readsFor(profileId: string, client: ServiceClient): ServiceReads {
      if (last?.client !== client || last.profileId !== profileId)
        last = {
          profileId,
          client,
          // The time bound of a paged list is kept on main's clock, as the pacing is.
          reads: createServiceReads(client, turnFor(profileId, client), hold, () =>
            deps.scheduler.now(),
          ),
        };
      return last.reads;
    },
  };
}
