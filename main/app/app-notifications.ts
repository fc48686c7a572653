import type { AccountService } from '../accounts/account-service';
import type { Logger } from '../log/logger';
import type { AppNotification } from '../notify/notify-events';
import type { Clock } from '../notify/notification-rules';
import type { SettingsStore } from '../settings/settings-store';
import type { ActiveProfiles } from './active-profile';
import { createNotifications } from '../notify/notifications';

export interface AppNotificationsDeps {
  readonly clock: Clock;
  readonly settings: Pick<SettingsStore, 'get'>;
  readonly accounts: Pick<AccountService, 'active' | 'status'>;
  readonly profiles: Pick<ActiveProfiles, 'pinsFor'>;
  /** Through the secret guard: titles and reasons come from the service. */
  readonly redact: <T>(value: T) => T;
  readonly notify?: (notification: AppNotification) => void;
  readonly popupVisible?: () => boolean;
  readonly log: Logger;
}

/** The notifications, told about accounts and pins as the app keeps them. */
export function createAppNotifications(deps: AppNotificationsDeps) {
  const { accounts } = deps;
  const known = (profileId: string) => accounts.status().profiles.find((p) => p.id === profileId);
  return createNotifications({
    clock: deps.clock,
    settings: () => deps.settings.get().notifications,
    popupVisible: () => deps.popupVisible?.() ?? false,
    shownProfileId: () => accounts.active()?.profile.id ?? null,
    profileLabel: (id) => known(id)?.name ?? null,
    titleOf: (profileId, taskId) =>
      deps.profiles.pinsFor(profileId)?.get(taskId)?.snapshot?.title ?? null,
    show: (n) => {
      // Gathered before its account was removed: it still says what happened, but opens nothing.
      const gone = n.target !== null && !known(n.target.profileId);
      deps.notify?.(deps.redact(gone ? { ...n, target: null } : n));
    },
    log: deps.log,
  });
}
