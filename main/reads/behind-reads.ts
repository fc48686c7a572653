import type { Scheduler } from '../scheduler/scheduler';
import type { ServiceClient } from '../service/client';
import type { ReadBudgets } from './read-budgets';
import { readTurn } from './account-reads';
import { createServiceReads } from './service-reads';
import type { ServiceReads } from './service-reads';

/** A signed-in account's key and the address of its service; null once it is signed out or removed. */
export type SignedInClient = (profileId: string) => {
  readonly client: ServiceClient;
  /** The service's base URL: accounts at one address share its read budget. */
  readonly address?: string;
} | null;

export interface BehindReadsDeps {
  readonly signedIn: SignedInClient;
  readonly budgets: ReadBudgets;
  readonly scheduler: Scheduler;
  /** Resolves once no change of the person's is on the wire: background reads go after them. */
  readonly quiet: () => Promise<void>;
}

/**
 * The background sync's reads for accounts signed in but not shown
 * (docs/ARCHITECTURE.md, invariant 9): each goes through its address's one
 * budget as a background read, and stops between two requests once its
 * account is signed out, removed or given another key. What they read is
 * kept for that account only (its pins, its "Assigned to me"); nothing
 * reaches the account shown.
 */
export function createBehindReads(deps: BehindReadsDeps) {
  const kept = new Map<string, { readonly client: ServiceClient; readonly reads: ServiceReads }>();
  let stopped = false;
  const stillSignedIn = (profileId: string, client: ServiceClient): boolean =>
    !stopped && deps.signedIn(profileId)?.client === client;
  const budgetOf = (profileId: string) =>
    deps.budgets.forAddress(deps.signedIn(profileId)?.address);

  const make = (profileId: string, client: ServiceClient): ServiceReads =>
    createServiceReads(
      client,
      (route) =>
        readTurn({
          ...{ route, background: true, quiet: deps.quiet },
          still: () => stillSignedIn(profileId, client),
          budget: () => budgetOf(profileId),
        }),
      // A 429 holds every read of its route at this address, whoever's account it was for.
      (route, ms) => budgetOf(profileId).hold(route, deps.scheduler.now() + ms),
      () => deps.scheduler.now(),
    );

  return {
    stillSignedIn,
    /** This account's background reads; null when it is not signed in. */
    readsFor(
      profileId: string,
    ): { readonly client: ServiceClient; readonly reads: ServiceReads } | null {
      const s = deps.signedIn(profileId);
      if (!s || stopped) return null;
      let k = kept.get(profileId);
      if (k?.client !== s.client)
        kept.set(profileId, (k = { client: s.client, reads: make(profileId, s.client) }));
      return k;
    },
    forget: (profileId: string): void => void kept.delete(profileId),
    /** Quitting: no read starts or goes on after this. */
    dispose(): void {
      stopped = true;
      kept.clear();
    },
  };
}
export type BehindReads = ReturnType<typeof createBehindReads>;
