import { join } from 'node:path';
import type { Events } from '../../common/ipc';
import { ok } from '../../common/result';
import type { AccountService } from '../accounts/account-service';
import { ASSIGNED_FILE, createAssignedCache } from '../assigned/assigned-cache';
import type { Logger } from '../log/logger';
import type { Outbox } from '../outbox/outbox';
import type { Scheduler } from '../scheduler/scheduler';
import type { ReadBudgets } from '../reads/read-budgets';
import type { SettingsStore } from '../settings/settings-store';
import type { ActiveProfiles } from './active-profile';
import { createAssigned } from '../assigned/assigned-service';
import type { AssignedSignedIn } from '../assigned/assigned-signed-in';
import type { ActiveAccount } from '../accounts/signed-in-accounts';
import type { BehindReads } from '../reads/behind-reads';
import type { Task } from '../../common/task';
import type { Notifications } from '../notify/notifications';
import type { OrganizationState } from './organization-state';

export interface AppAssignedDeps {
  readonly userDataDir: string;
  readonly redact: <T>(value: T) => T;
  readonly accounts: Pick<AccountService, 'active' | 'signedIn'>;
  /** The background reads of the accounts signed in but not shown. */
  readonly behind: BehindReads;
  readonly profiles: Pick<ActiveProfiles, 'saved' | 'pinsFor'>;
  readonly organization: Pick<OrganizationState, 'current'>;
  readonly settings: SettingsStore;
  readonly outbox: Pick<Outbox, 'quiet'>;
  readonly budgets: ReadBudgets;
  readonly notifications: Pick<Notifications, 'assigned'>;
  readonly scheduler: Scheduler;
  readonly log: Logger;
  readonly emit: (view: Events['assigned:changed']) => void;
  readonly emitProgress: (progress: Events['assigned:progress']) => void;
}

/**
 * "Assigned to me" for the shown account, kept in its cache file between
 * runs, and told to the notifications (which leave out what was changed here).
 */
export function createAppAssigned(deps: AppAssignedDeps) {
  const { accounts, profiles, log } = deps;
  const cache = createAssignedCache({
    filePath: join(deps.userDataDir, ASSIGNED_FILE),
    redact: deps.redact,
    onProblem: (message) => log.warn(message),
  });
  const signedIn = (a: ActiveAccount, organizationId: string | null): AssignedSignedIn => ({
    profileId: a.profile.id,
    client: a.client,
    address: a.profile.baseUrl,
    authKind: a.profile.authKind,
    organizationId: organizationId ?? a.profile.organizationId ?? null,
    memberId: profiles.saved(a.profile.id)?.memberId ?? null,
  });
  /** Whether a change read back was made here (not someone else's news). */
  const changedHere = (profileId: string) => {
    const pins = profiles.pinsFor(profileId);
    return (t: Task): boolean => {
      const at = pins?.get(t.id)?.changedHereAt;
      return at != null && at === t.updatedAt;
    };
  };
  const assigned = createAssigned({
    signedIn: () => {
      const a = accounts.active();
      return a ? signedIn(a, deps.organization.current()?.id ?? null) : null;
    },
    behind: (profileId) => {
      const a = accounts.signedIn(profileId);
      const reads = a ? deps.behind.readsFor(profileId) : null;
      if (!a || !reads || reads.client !== a.client) return null;
      const served = profiles.saved(profileId)?.servedOrganizationId ?? null;
      return { signedIn: signedIn(a, served), reads: reads.reads };
    },
    // Not shown: nothing goes to the popup, but what is news is notified, naming its account.
    onBehindChanged: (profileId, view) =>
      deps.notifications.assigned(profileId, view, changedHere(profileId)),
    rememberMe: async (profileId, memberId) => {
      const saved = await deps.settings.update((s) => ({
        ...s,
        profiles: s.profiles.map((p) => {
          if (p.id !== profileId) return p;
          const { memberId: _old, ...rest } = p;
          return memberId ? { ...rest, memberId } : rest;
        }),
      }));
      return saved.ok ? ok(null) : saved;
    },
    cache,
    budgets: deps.budgets,
    quiet: () => deps.outbox.quiet(),
    scheduler: deps.scheduler,
    log,
    onProgress: deps.emitProgress,
    onChanged: (view) => {
      deps.emit(view);
      const shown = accounts.active();
      if (shown) deps.notifications.assigned(shown.profile.id, view, changedHere(shown.profile.id));
    },
  });
  return { assigned, cache };
}
