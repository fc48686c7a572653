import { err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { oneAtATime } from '../lib/one-at-a-time';
import { emptyName, keyNotDeleted, missingSecret, noSuchAccount } from './account-words';
import { clientFor } from './credential';
import type { ServiceReach, SignedIn } from './credential';
import type { Profile } from '../settings/schema';
import { saveProfile } from './save-profile';
import type { ProfileStores } from './save-profile';
import { viewOf } from './signed-in-accounts';
import type { ActiveAccount, Connected, SignedInAccounts } from './signed-in-accounts';

export interface SavedAccountsDeps extends ProfileStores, ServiceReach {
  readonly accounts: SignedInAccounts;
}

/** A saved profile signed in with its secret, sending with a client of its own. */
const accountOf = (reach: ServiceReach, profile: Profile, secret: string): ActiveAccount => ({
  profile: viewOf(profile, secret),
  secret,
  client: clientFor(reach, { ...profile, secret }),
  demo: null,
});

/**
 * On start: every saved profile, each with its secret from the keychain, so
 * each sends its own waiting changes; the one shown last is shown again.
 */
async function restore(deps: SavedAccountsDeps): Promise<void> {
  const { settings, secrets, accounts } = deps;
  const s = settings.get();
  for (const profile of s.profiles) {
    const secret = await secrets.get(profile.id);
    const isShown = profile.id === s.activeProfileId;
    if (!secret.ok || secret.value === null) {
      if (isShown) accounts.addProblem(secret.ok ? missingSecret(profile.label) : secret.error);
      continue;
    }
    accounts.remember(secret.value, profile.authKind);
    const account = accountOf(deps, profile, secret.value);
    accounts.keep(account);
    if (isShown) accounts.showAtStart(account);
  }
  // The one shown last could not be read (its problem says why): another one shows meanwhile.
  if (!accounts.active()) accounts.showAtStart(accounts.newest(null));
}

/** Keeps and shows what a sign-in yielded, saved as a profile (save-profile.ts). */
async function adopt(deps: SavedAccountsDeps, signed: SignedIn): Promise<Result<Connected>> {
  const { credential, organization } = signed;
  deps.accounts.remember(credential.secret, credential.authKind);
  const saved = await saveProfile(deps, credential, organization);
  if (!saved.ok) return saved;
  const account = accountOf(deps, saved.value, credential.secret);
  deps.accounts.keep(account);
  await deps.accounts.show(account);
  return ok({ account, organization });
}

/**
 * Removes a profile and its keychain entry. Removing the one shown shows
 * the next signed-in profile, if there is one. Its pins and waiting
 * changes stay under its id: the same key (or person) connecting again
 * finds them, and nobody else ever sends them.
 */
async function remove(
  { settings, secrets, accounts }: SavedAccountsDeps,
  profileId: string,
): Promise<Result<null>> {
  const active = accounts.active();
  const shown = active?.profile.id === profileId;
  if (shown && active?.demo) {
    // Back to the account shown before the demo, or the newest one that can be shown.
    const saved = settings.get().activeProfileId;
    await accounts.show((saved ? accounts.signedIn(saved) : undefined) ?? accounts.newest(null));
    return ok(null);
  }
  const s = settings.get();
  if (!s.profiles.some((p) => p.id === profileId)) return err(noSuchAccount());
  const next = shown ? accounts.newest(profileId) : active;
  // The demo never is the saved one: while it shows, the saved id is the account before it.
  const keptActive =
    s.activeProfileId === profileId || shown
      ? next && !next.demo
        ? next.profile.id
        : (accounts.newest(profileId)?.profile.id ?? null)
      : s.activeProfileId;
  // Settings first: if they cannot be written, the account stays as it was, key and all.
  const saved = await settings.update((x) => ({
    ...x,
    profiles: x.profiles.filter((p) => p.id !== profileId),
    activeProfileId: keptActive,
  }));
  if (!saved.ok) return saved;
  const gone = accounts.signedIn(profileId);
  // Still watched: an answer on its way may quote it.
  if (gone) accounts.remember(gone.secret, gone.profile.authKind);
  accounts.forget(profileId);
  const removed = await secrets.delete(profileId);
  // Unless another account was shown meanwhile (a demo started while this was removed).
  if (shown && accounts.active()?.profile.id === profileId) await accounts.show(next);
  if (!removed.ok) accounts.setProblem(keyNotDeleted(removed.error.message));
  return ok(null);
}

async function switchTo(
  { settings, accounts }: SavedAccountsDeps,
  profileId: string,
): Promise<Result<ActiveAccount>> {
  const active = accounts.active();
  if (active?.profile.id === profileId) return ok(active);
  const target = accounts.signedIn(profileId);
  const saved = settings.get().profiles.find((p) => p.id === profileId);
  if (!target || !saved) return err(saved ? missingSecret(saved.label) : noSuchAccount());
  const remembered = await settings.update((s) => ({ ...s, activeProfileId: profileId }));
  if (!remembered.ok) return remembered;
  await accounts.show(target);
  return ok(target);
}

async function rename(
  { settings, accounts }: SavedAccountsDeps,
  profileId: string,
  label: string,
): Promise<Result<null>> {
  const name = label.trim();
  if (name.length === 0) return err(emptyName());
  if (!settings.get().profiles.some((p) => p.id === profileId)) return err(noSuchAccount());
  const saved = await settings.update((s) => ({
    ...s,
    profiles: s.profiles.map((p) => (p.id === profileId ? { ...p, label: name } : p)),
  }));
  if (!saved.ok) return saved;
  accounts.relabel(profileId, name);
  return ok(null);
}

/**
 * The accounts kept in settings and the keychain. A keychain entry and the
 * profile naming it change together, one account change at a time (connect,
 * remove, switch): a connect puts its key in, then its profile (and puts the
 * key back as it was if the profile cannot be saved); a removal takes the
 * profile out, then the key. Interleaved, a removal could delete the key of
 * a profile a connect then saves, or a connect put back the key of an
 * account just removed.
 */
export function createSavedAccounts(deps: SavedAccountsDeps) {
  const inTurn = oneAtATime();
  return {
    restore: (): Promise<void> => restore(deps),
    /** Saves the secret first, then the profile; undoes the secret if the profile cannot be saved. */
    adopt: (signed: SignedIn): Promise<Result<Connected>> => inTurn(() => adopt(deps, signed)),
    /** After any account change under way. */
    remove: (profileId: string): Promise<Result<null>> => inTurn(() => remove(deps, profileId)),
    /**
     * Shows another saved profile at once: its secret was read at start or at
     * its sign-in. The one shown before keeps sending its own waiting changes;
     * a demo is closed (nothing of it outlives being shown). In turn: a
     * removal of the same account could otherwise pass it in between its
     * checks and its showing, and a removed account would be shown, with its
     * key gone.
     */
    switchTo: (profileId: string): Promise<Result<ActiveAccount>> =>
      inTurn(() => switchTo(deps, profileId)),
    /** A label of the person's choice, shown in the header, the tray menu and Settings. */
    rename: (profileId: string, label: string): Promise<Result<null>> =>
      rename(deps, profileId, label),
  };
}
