import type { Organization } from '../../common/organization';
import { ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { Logger } from '../log/logger';
import type { SecretStore } from '../secrets/secret-store';
import { cookieValues } from '../service/request-validation';
import type { Profile } from '../settings/schema';
import type { SettingsStore } from '../settings/settings-store';
import type { Credential } from './credential';
import { identityOf, newFingerprintKey, profileIdFor } from './profile-id';

export interface ProfileStores {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly log: Logger;
}

/** The profile of a credential: one identity at one organization of one service (profile-id.ts). */
function profileIdOf(c: Credential, organization: Organization, fingerprintKey: string): string {
  const session = c.authKind === 'session';
  const identity = identityOf(
    session ? cookieValues(c.secret).join(';') : c.secret,
    fingerprintKey,
    session ? (organization.authenticatedUser?.id ?? null) : null,
  );
  return profileIdFor(c.baseUrl, organization.id, c.authKind, identity);
}

/**
 * Saves a signed-in credential as the profile shown: its secret in the
 * keychain first, then the profile in settings; if the settings cannot be
 * saved, the keychain entry is put back as it was. Run in turn with every
 * other account change (saved-accounts.ts).
 */
export async function saveProfile(
  stores: ProfileStores,
  credential: Credential,
  organization: Organization,
): Promise<Result<Profile>> {
  const { settings, secrets } = stores;
  const { secret, baseUrl, authKind, organizationId } = credential;
  const fingerprintKey = settings.get().fingerprintKey ?? newFingerprintKey();
  const id = profileIdOf(credential, organization, fingerprintKey);
  // The same account may be in the keychain already, from a settings file that cannot be
  // read now (left alone, to be read at the next start): if the settings cannot be saved
  // below, its entry is put back as it was, not deleted.
  const before = await secrets.get(id);
  const stored = await secrets.set(id, secret);
  if (!stored.ok) return stored;
  const profile: Profile = {
    label: organization.name?.trim() || organization.id,
    baseUrl,
    authKind,
    organizationId,
    id,
    servedOrganizationId: organization.id,
    createdAt: new Date().toISOString(),
  };
  const saved = await settings.update((s) => ({
    ...s,
    fingerprintKey: s.fingerprintKey ?? fingerprintKey,
    profiles: [...s.profiles.filter((p) => p.id !== id), profile],
    activeProfileId: id,
  }));
  if (saved.ok) return ok(profile);
  await putBack(stores, id, secret, before);
  return saved;
}

/** The keychain entry as it was before a connect whose settings could not be saved. */
async function putBack(
  { secrets, log }: ProfileStores,
  id: string,
  secret: string,
  before: Result<string | null>,
): Promise<void> {
  if (!before.ok) {
    log.warn('The keychain entry before this connect could not be read; it is left as it is now');
    return;
  }
  const undone =
    before.value === null
      ? await secrets.delete(id)
      : before.value === secret
        ? ok(null)
        : await secrets.set(id, before.value);
  if (!undone.ok)
    log.warn('The keychain entry could not be put back as it was', undone.error.message);
}
