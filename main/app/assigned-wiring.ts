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
import type { Notifications } from '../notify/notifications';
import type { OrganizationState } from './organization-state';

export interface AppAssignedDeps {
  readonly userDataDir: string;
  readonly redact: <T>(value: T) => T;
  readonly accounts: Pick<AccountService, 'active'>;
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
  const assigned = createAssigned({
    signedIn: () => {
      const a = accounts.active();
      if (!a) return null;
      return {
        profileId: a.profile.id,
        client: a.client,
        address: a.profile.baseUrl,
        authKind: a.profile.authKind,
        organizationId: deps.organization.current()?.id ?? a.profile.organizationId ?? null,
        memberId: profiles.saved(a.profile.id)?.memberId ?? null,
      };
    },
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
      if (!shown) return;
      const pins = profiles.pinsFor(shown.profile.id);
      deps.notifications.assigned(shown.profile.id, view, (t) => {
        const at = pins?.get(t.id)?.changedHereAt;
        return at != null && at === t.updatedAt;
      });
    },
  });
  return { assigned, cache };
}
