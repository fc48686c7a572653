import type { ConnectApiKeyInput } from '../../common/ipc';
import { ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { SettingsStore } from '../settings/settings-store';
import type { ComplianceClient } from '../service/compliance-client';
import { clientFor, complianceClientFor } from './credential';
import type { ServiceReach, SignedIn } from './credential';
import type { ProfileStores } from './save-profile';
import { createSavedAccounts } from './saved-accounts';
import { signInWithApiKey, signInWithSession, startDemo } from './sign-in';
import type { DemoStart, TryOut, WebSignIn } from './sign-in';
import { createSignedInAccounts } from './signed-in-accounts';
import type { Connected } from './signed-in-accounts';

export interface AccountDeps extends ProfileStores, ServiceReach, WebSignIn, DemoStart {
  readonly settings: SettingsStore;
}

/**
 * The accounts as the app sees them: the three sign-ins (sign-in.ts), whose
 * credentials are then saved (saved-accounts.ts) and kept signed in for the
 * rest of the run (signed-in-accounts.ts).
 */
export function createAccountService(deps: AccountDeps) {
  const accounts = createSignedInAccounts(deps);
  const saved = createSavedAccounts({ ...deps, accounts });

  /**
   * Runs a sign-in and saves what it yields. The secrets it tries stay under
   * trial until the account is saved or refused (watched-secrets.ts, tryOut):
   * a refused one is forgotten again, one saved stays watched.
   */
  async function signInAndSave(
    signIn: (tryOut: TryOut) => Promise<Result<SignedIn>>,
  ): Promise<Result<Connected>> {
    const attempts: { over(): void }[] = [];
    try {
      const signed = await signIn((secret, kind) => {
        const attempt = accounts.tryOut(secret, kind);
        attempts.push(attempt);
        return attempt;
      });
      return signed.ok ? await saved.adopt(signed.value) : signed;
    } finally {
      for (const attempt of attempts) attempt.over();
    }
  }

  return {
    active: accounts.active,
    status: accounts.status,
    /** The client of any signed-in profile, shown or not: its waiting changes go out with its own key. */
    clientFor: accounts.clientOf,
    /** A saved profile whose secret was read, shown or not (the background sync reads for each). */
    signedIn: accounts.signedIn,
    signedInIds: accounts.signedInIds,
    /** Another account than the one shown is signed in (its rounds go on if the shown key is refused). */
    othersSignedIn: (): boolean =>
      accounts.signedInIds().some((id) => id !== accounts.active()?.profile.id),
    /** As clientFor, for the profile's compliance task changes and reviews (`tsk_…`). */
    complianceFor(profileId: string): ComplianceClient | null {
      const shown = accounts.active();
      const a = shown?.profile.id === profileId ? shown : accounts.signedIn(profileId);
      if (!a) return null;
      const { baseUrl, authKind, organizationId } = a.profile;
      return complianceClientFor(deps, { baseUrl, authKind, organizationId, secret: a.secret });
    },
    /** Whether a profile's changes can be sent: its secret was read (or it is the demo on show). */
    canSend: (profileId: string): boolean => accounts.clientOf(profileId) !== null,
    secretsInUse: accounts.secretsInUse,
    setProblem: accounts.setProblem,
    restore: saved.restore,
    switchTo: saved.switchTo,
    rename: saved.rename,
    remove: saved.remove,

    connectApiKey: (input: ConnectApiKeyInput): Promise<Result<Connected>> =>
      signInAndSave((tryOut) => signInWithApiKey(deps, input, tryOut)),

    signInWithSession: (): Promise<Result<Connected>> =>
      signInAndSave((tryOut) => signInWithSession(deps, tryOut)),

    /** The demo is shown, never saved: it lives as long as the app runs. */
    async startDemo(): Promise<Result<Connected>> {
      const started = await startDemo(deps);
      if (!started.ok) return started;
      const client = clientFor(deps, started.value.credential);
      return ok(await accounts.showDemo(started.value, client));
    },

    dispose: accounts.dispose,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
