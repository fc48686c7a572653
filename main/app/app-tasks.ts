import type { AccountService } from '../accounts/account-service';
import type { Logger } from '../log/logger';
import type { Outbox } from '../outbox/outbox';
import { createTaskService } from '../tasks/task-service';
import type { TaskService } from '../tasks/task-service';
import type { Scheduler } from '../scheduler/scheduler';
import type { ReadBudgets } from '../reads/read-budgets';
import { createTaskReads } from '../reads/task-reads';
import { createBehindReads } from '../reads/behind-reads';
import type { BehindReads } from '../reads/behind-reads';
import type { ActiveProfiles } from './active-profile';
import type { Assigned } from '../assigned/assigned-service';
import type { ConnectionState } from './connection-state';
import type { Notifications } from '../notify/notifications';
import type { OrganizationState } from './organization-state';
import type { ShownState } from './shown-state';

export interface AppTasksDeps {
  readonly accounts: Pick<AccountService, 'active'>;
  readonly profiles: ActiveProfiles;
  readonly organization: Pick<OrganizationState, 'current'>;
  readonly outbox: Outbox;
  readonly assigned: Pick<Assigned, 'view'>;
  readonly notifications: Pick<Notifications, 'pinnedRead'>;
  readonly connection: Pick<ConnectionState, 'emit'>;
  readonly shown: Pick<ShownState, 'tasks'>;
  readonly log: Logger;
}

/** The pinned tasks of the shown account, telling the popup, the tray and the notifications. */
export function createAppTasks(deps: AppTasksDeps) {
  const { accounts, profiles } = deps;
  /** Who the person is at a profile, to leave their own changes out of "changed by someone else". */
  const meOf = (profileId: string): string | null =>
    (accounts.active()?.profile.id === profileId ? deps.assigned.view().me?.id : null) ??
    profiles.saved(profileId)?.memberId ??
    null;
  return createTaskService({
    active: profiles.active,
    pinsFor: profiles.pinsFor,
    outbox: deps.outbox,
    organizationId: () => {
      const a = accounts.active();
      // Before the organization is read (started while the service cannot be reached), the one
      // this profile was last served: a link to another is still refused, not pinned.
      const served = a ? profiles.saved(a.profile.id)?.servedOrganizationId : undefined;
      return deps.organization.current()?.id ?? a?.profile.organizationId ?? served ?? null;
    },
    onChanged: (views) => {
      deps.shown.tasks(views);
      deps.connection.emit();
    },
    onRead: (profileId, before, after) =>
      deps.notifications.pinnedRead(
        profileId,
        before.snapshot,
        after,
        before.changedHereAt ?? null,
        meOf(profileId),
      ),
    log: deps.log,
  });
}

/** The background reads of the accounts signed in but not shown, each with its own key. */
export function createAppBehindReads(deps: {
  readonly accounts: Pick<AccountService, 'signedIn'>;
  readonly outbox: Pick<Outbox, 'quiet'>;
  readonly budgets: ReadBudgets;
  readonly scheduler: Scheduler;
}): BehindReads {
  return createBehindReads({
    signedIn: (profileId) => {
      const a = deps.accounts.signedIn(profileId);
      return a ? { client: a.client, address: a.profile.baseUrl } : null;
    },
    budgets: deps.budgets,
    scheduler: deps.scheduler,
    quiet: () => deps.outbox.quiet(),
  });
}

/** Reads of the accounts' tasks: the pins' entities, Browse, and a refresh asked for. */
export function createAppReads(deps: {
  readonly accounts: Pick<AccountService, 'active'>;
  readonly profiles: Pick<ActiveProfiles, 'active' | 'pinsFor'>;
  readonly behind: BehindReads;
  readonly tasks: TaskService;
  readonly outbox: Pick<Outbox, 'quiet'>;
  readonly budgets: ReadBudgets;
  readonly scheduler: Scheduler;
  readonly log: Logger;
}) {
  return createTaskReads({
    client: () => {
      const a = deps.accounts.active();
      return a ? { profileId: a.profile.id, client: a.client, address: a.profile.baseUrl } : null;
    },
    budgets: deps.budgets,
    active: deps.profiles.active,
    pinsFor: deps.profiles.pinsFor,
    behind: deps.behind,
    tasks: deps.tasks,
    quiet: () => deps.outbox.quiet(),
    scheduler: deps.scheduler,
    log: deps.log,
  });
}
