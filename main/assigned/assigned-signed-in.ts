import type { Result } from '../../common/result';
import type { ServiceReads } from '../reads/service-reads';
import type { ServiceClient } from '../service/client';
import type { AssignedCache } from './assigned-cache';
import type { WhoAmIDeps } from './who-am-i';

/** A signed-in profile and its client. */
export interface AssignedSignedIn {
  readonly profileId: string;
  readonly client: ServiceClient;
  /** The service's base URL: accounts at one address share its read budget. */
  readonly address?: string;
  readonly authKind: 'api-key' | 'session';
  readonly organizationId: string | null;
  readonly memberId: string | null;
}

/** Who-am-I's needs for the signed-in profile: a kept choice gone from the organization is forgotten. */
export const whoDeps = (
  deps: {
    readonly rememberMe: (profileId: string, memberId: string | null) => Promise<Result<null>>;
    readonly cache: Pick<AssignedCache, 'forget'>;
  },
  s: AssignedSignedIn,
  reads: ServiceReads,
): WhoAmIDeps => ({
  ...s,
  reads,
  forgetChoice: async () => {
    await deps.rememberMe(s.profileId, null);
    await deps.cache.forget(s.profileId);
  },
});
