import type { Scheduler } from '../scheduler/scheduler';
import type { ServiceClient } from '../service/client';
import type { RequestPacer } from '../service/pacing';
import type { ReadBudgets } from './read-budgets';
import { createServiceReads } from './service-reads';
import type { ReadJoins, ServiceReads } from './service-reads';

/** The account shown now, its key and the address of its service; null when none is. */
export type ShownClient = () => {
  readonly profileId: string;
  readonly client: ServiceClient;
  /** The service's base URL: accounts at one address share its read budget. */
  readonly address?: string;
} | null;

export interface AccountReadsDeps {
  readonly shown: ShownClient;
  /** The read budgets per service address, shared by every room that reads. */
  readonly budgets: ReadBudgets;
  /** A room's own pace on top of the budget (the "assigned to me" build's). */
  readonly pacer?: RequestPacer;
  readonly scheduler: Scheduler;
  /** Resolves once no change of the person's is on the wire: background reads go after them. */
  readonly quiet: () => Promise<void>;
  /** The reads were stopped for good (quit). */
  readonly stopped: () => boolean;
}

/** Whose read it is: the person's own goes first; the background's waits and takes a fifth at most. */
export interface ReadClass {
  readonly background?: boolean;
}

type Listing = Parameters<ReadJoins['set']>[1];

/**
 * Lists being read for one client: the person's reads join only each other
 * (never a background read still waiting its turn); a background read joins
 * any.
 */
const joinsFor = (person: Map<string, Listing>, behind: Map<string, Listing>): ReadJoins => ({
  get: (key) => person.get(key) ?? behind.get(key),
  set: (key, value) => behind.set(key, value),
  delete: (key) => behind.delete(key),
});

/**
 * One read's turn at its address's budget, for the account it was made for:
 * a background read waits for the person's changes first; `still` is asked
 * before and again after the wait (the account may have been switched away
 * from, signed out or rekeyed meanwhile). False: the read is not made.
 */
export async function readTurn(o: {
  readonly route: string;
  readonly background: boolean;
  readonly still: () => boolean;
  readonly budget: () => ReturnType<ReadBudgets['forAddress']>;
  readonly quiet: () => Promise<void>;
  readonly pacer?: RequestPacer;
}): Promise<boolean> {
  if (o.background) await o.quiet();
  if (!o.still()) return false;
  const budget = o.budget();
  if (o.pacer && !(await o.pacer.acquire())) return false;
  return (await budget.turn(o.route, o.background)) && o.still();
}

/**
 * Reads that belong to one account (docs/ARCHITECTURE.md, invariant 9):
 * before every request, and again after the budget's wait, the account they
 * were made for must still be signed in and shown with the same key. A
 * sign-out or a switch stops them between two requests.
 */
export function createAccountReads(deps: AccountReadsDeps) {
  const stillShown = (profileId: string, client: ServiceClient): boolean => {
    const now = deps.shown();
    return !deps.stopped() && now?.profileId === profileId && now.client === client;
  };
  const addressOf = () => deps.shown()?.address;
  const turnFor =
    (profileId: string, client: ServiceClient, background: boolean) => (route: string) =>
      readTurn({
        ...{ route, background, quiet: deps.quiet, pacer: deps.pacer },
        still: () => stillShown(profileId, client),
        budget: () => deps.budgets.forAddress(addressOf()),
      });
  // A 429 holds every read of its route at this address until its Retry-After.
  const hold = (route: string, ms: number) =>
    deps.budgets.forAddress(addressOf()).hold(route, deps.scheduler.now() + ms);

  let last: {
    profileId: string;
    client: ServiceClient;
    person: ServiceReads;
    background: ServiceReads;
  } | null = null;
  return {
    stillShown,
    /**
     * The reads for this account, stopped once it is no longer the one shown:
     * the person's by default, `{ background: true }` for reads nobody waits on.
     */
    readsFor(profileId: string, client: ServiceClient, kind: ReadClass = {}): ServiceReads {
      if (last?.client !== client || last.profileId !== profileId) {
        const person = new Map<string, Listing>();
        const behind = new Map<string, Listing>();
        // The time bound of a paged list is kept on main's clock, as the budget is.
        const now = () => deps.scheduler.now();
        last = {
          profileId,
          client,
          person: createServiceReads(client, turnFor(profileId, client, false), hold, now, person),
          background: createServiceReads(
            client,
            turnFor(profileId, client, true),
            hold,
            now,
            joinsFor(person, behind),
          ),
        };
      }
      return kind.background ? last.background : last.person;
    },
  };
}
