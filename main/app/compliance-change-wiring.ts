import type { AccountService } from '../accounts/account-service';
import type { Assigned } from '../assigned/assigned-service';
import type { Logger } from '../log/logger';
import type { Outbox } from '../outbox/outbox';
import { createComplianceChanges } from '../tasks/compliance-changes';
import type { ComplianceKeptPort } from '../tasks/compliance-changes';
import { createComplianceReviews } from '../tasks/compliance-reviews';
import type { ActiveProfiles } from './active-profile';
import type { AppCompliance } from './compliance-wiring';

export interface AppComplianceChangesDeps {
  readonly accounts: Pick<AccountService, 'complianceFor'>;
  readonly profiles: Pick<ActiveProfiles, 'active'>;
  readonly outbox: Pick<Outbox, 'enqueueCompliance' | 'complianceLaneView'>;
  readonly assigned: Pick<Assigned, 'me'>;
  /** The kept lists and the popup's view: answers go to the list, the view shows what waits. */
  readonly compliance?: Pick<AppCompliance, 'kept' | 'attachChanges' | 'titleIn'>;
  /**
   * Where the service's answers are kept, instead of the compliance's kept list (a test's).
   * Neither given: they show only in what updateComplianceTask and the reviews answer.
   */
  readonly kept?: ComplianceKeptPort;
  readonly log: Logger;
}

/** Compliance task changes through the outbox, and the reviews sent at once, for the shown account. */
export function createAppComplianceChanges(deps: AppComplianceChangesDeps) {
  const clientFor = (profileId: string) => deps.accounts.complianceFor(profileId);
  const changes = createComplianceChanges({
    active: deps.profiles.active,
    outbox: deps.outbox,
    clientFor,
    kept: deps.kept ?? deps.compliance?.kept ?? { put: () => {} },
    me: async () => (await deps.assigned.me())?.id ?? null,
    log: deps.log,
  });
  // The popup's view shows the changes on their way over the kept tasks.
  deps.compliance?.attachChanges(changes);
  const reviews = createComplianceReviews({
    active: deps.profiles.active,
    clientFor,
    outbox: deps.outbox,
    changes,
  });
  return {
    changes,
    reviews,
    /** A task's title as kept (a refusal's notification names it); null: not kept. */
    titleIn: (profileId: string, taskId: string): string | null =>
      deps.compliance?.titleIn(profileId, taskId) ?? null,
  };
}

export type AppComplianceChanges = ReturnType<typeof createAppComplianceChanges>;
