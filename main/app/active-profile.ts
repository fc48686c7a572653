import type { AccountService } from '../accounts/account-service';
import type { SettingsStore } from '../settings/settings-store';
import { memoryPinStore, settingsPinStore } from '../tasks/pin-store';
import type { PinStore } from '../tasks/pin-store';
import type { ActiveProfile } from '../tasks/task-service';

/**
 * Which profile is shown and where its pins live: in settings for a real
 * account, in memory for the demo (its service goes when it does). Asked
 * for by every change, answer and row, so it is made once per sign-in.
 */
export function createActiveProfiles(
  accounts: Pick<AccountService, 'active'>,
  settings: SettingsStore,
) {
  let demoPins: PinStore | null = null;
  let memo: {
    readonly account: object;
    readonly demoPins: PinStore | null;
    readonly profile: ActiveProfile;
  } | null = null;

  const active = (): ActiveProfile | null => {
    const a = accounts.active();
    if (!a) return null;
    if (memo?.account === a && memo.demoPins === demoPins) return memo.profile;
    const profile: ActiveProfile = a.demo
      ? { profileId: a.profile.id, pins: (demoPins ??= memoryPinStore()), durable: false }
      : { profileId: a.profile.id, pins: settingsPinStore(settings, a.profile.id), durable: true };
    memo = { account: a, demoPins, profile };
    return profile;
  };

  return {
    active,
    /** Any profile's pins: a signed-out profile's stay in settings; the demo's went with it. */
    pinsFor(profileId: string): PinStore | null {
      if (accounts.active()?.profile.id === profileId) return active()?.pins ?? null;
      return settingsPinStore(settings, profileId);
    },
    /** A profile as settings keep it (what it was last served, who the person is there). */
    saved: (profileId: string) => settings.get().profiles.find((p) => p.id === profileId),
    /** A new sign-in (or a real account shown): the demo's pins are gone. */
    forgetDemoPins(): void {
      demoPins = null;
    },
  };
}

export type ActiveProfiles = ReturnType<typeof createActiveProfiles>;
