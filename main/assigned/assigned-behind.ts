import { assignedView, unknownFor } from './assigned-view';
import type { AssignedKnown } from './assigned-view';
import type { AssignedView } from '../../common/views';
import type { ServiceReads } from '../reads/service-reads';
import type { AssignedCache } from './assigned-cache';
import { whoDeps } from './assigned-signed-in';
import type { AssignedSignedIn } from './assigned-signed-in';
import { syncEntities } from './assigned-sync';
import type { EntitySyncAsk, EntitySyncOutcome } from './assigned-sync';

/**
 * "Assigned to me" of the accounts signed in but not shown: the background
 * sync reads for them too (reads/behind-reads.ts), each with what is known
 * of its person, its own kept list, and news told to the notifications only.
 */
export interface BehindSyncDeps {
  /** A signed-in profile not shown, with its background reads; null when it is not signed in. */
  readonly behind?: (
    profileId: string,
  ) => { readonly signedIn: AssignedSignedIn; readonly reads: ServiceReads } | null;
  /** Its kept list changed (for the notifications only: nothing is shown). */
  readonly onBehindChanged?: (profileId: string, view: AssignedView) => void;
  readonly cache: AssignedCache;
  readonly rememberMe: Parameters<typeof whoDeps>[0]['rememberMe'];
}

export function createBehindSync(deps: BehindSyncDeps, disposed: () => boolean) {
  const known = new Map<string, AssignedKnown>();
  return {
    /** What was learnt of an account's person, handed over once it is shown. */
    take(profileId: string): AssignedKnown | undefined {
      const k = known.get(profileId);
      known.delete(profileId);
      return k;
    },
    /** Who the person is at a profile not shown, as its rounds learnt (a session's too). */
    me: (profileId: string): string | null => known.get(profileId)?.me?.id ?? null,
    /** One round's read for a profile not shown; null: not signed in, or nobody to read for. */
    syncRead(ask: EntitySyncAsk): Promise<EntitySyncOutcome | null> {
      const b = disposed() ? null : (deps.behind?.(ask.profileId) ?? null);
      if (!b) return Promise.resolve(null);
      const s = b.signedIn;
      let k = known.get(s.profileId);
      if (!k) known.set(s.profileId, (k = unknownFor(s.profileId)));
      const mine = k;
      // Shown meanwhile (handed over), signed out, or given another key: nothing read is kept.
      const gone = () =>
        disposed() ||
        known.get(s.profileId) !== mine ||
        deps.behind?.(s.profileId)?.signedIn.client !== s.client;
      const changed = () =>
        deps.onBehindChanged?.(
          s.profileId,
          assignedView(s, mine, (memberId) => deps.cache.get(s.profileId, memberId)),
        );
      const who = whoDeps(deps, s, b.reads);
      return syncEntities({ ...who, k: mine, cache: deps.cache, changed, gone }, ask);
    },
  };
}
