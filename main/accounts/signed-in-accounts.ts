import type { Organization } from '../../common/organization';
import { profileNames } from './profile-names';
import { bothProblems } from '../../common/result';
import type { AppError } from '../../common/result';
import type { AccountStatus, ProfileView } from '../../common/views';
import type { Logger } from '../log/logger';
import type { ServiceClient } from '../service/client';
import type { Profile } from '../settings/schema';
import type { SettingsStore } from '../settings/settings-store';
import { secretHint } from './secret-hint';
import type { DemoService, DemoSignedIn } from './sign-in';
import { createWatchedSecrets, secretParts } from './watched-secrets';

export interface ActiveAccount {
  readonly profile: ProfileView;
  readonly secret: string;
  readonly client: ServiceClient;
  readonly demo: DemoService | null;
}

export interface Connected {
  readonly account: ActiveAccount;
  readonly organization: Organization;
}

export const viewOf = (p: Profile, secret: string | null, demo = false): ProfileView => ({
  id: p.id,
  label: p.label,
  name: p.label,
  baseUrl: p.baseUrl,
  authKind: p.authKind,
  organizationId: p.organizationId,
  hasSecret: secret !== null,
  secretHint: secret !== null ? secretHint(secret) : null,
  demo,
});

/**
 * The accounts of this run, in memory: every saved profile whose secret was
 * read from the keychain, the one shown (a saved one or the demo), the
 * problem shown with them, and the secrets the guard watches. Settings and
 * the keychain are changed elsewhere (saved-accounts.ts); this only reads
 * the settings, for the order and labels of the saved profiles.
 */
export function createSignedInAccounts(deps: {
  readonly settings: SettingsStore;
  readonly log: Logger;
}) {
  let active: ActiveAccount | null = null;
  /**
   * Every saved profile whose secret was read from the keychain, shown or not:
   * each sends its own waiting changes with its own credentials (docs/ARCHITECTURE.md, invariant 7),
   * so switching never needs the keychain or a sign-in.
   */
  const signedIn = new Map<string, ActiveAccount>();
  let problem: AppError | null = null;
  /** The parts of every signed-in profile's secret, and of the demo's while it shows. */
  const inUseParts = (): string[] => {
    // The demo is never signed in (not kept), but its key is in use while it shows.
    const inUse = active?.demo ? [...signedIn.values(), active] : [...signedIn.values()];
    return inUse.flatMap((a) => secretParts(a.secret, a.profile.authKind));
  };
  const watched = createWatchedSecrets(inUseParts);

  const closeDemo = (demo: DemoService): Promise<void> =>
    demo.close().catch((e: unknown) => deps.log.warn('demo service did not stop cleanly', e));

  const clientOf = (profileId: string): ServiceClient | null =>
    active?.profile.id === profileId ? active.client : (signedIn.get(profileId)?.client ?? null);

  /** The newest saved profile (settings order) whose secret was read, other than `except`. */
  const newest = (except: string | null): ActiveAccount | null => {
    const saved = deps.settings.get().profiles;
    for (let i = saved.length - 1; i >= 0; i--) {
      const id = saved[i]?.id;
      if (id !== undefined && id !== except && signedIn.has(id)) return signedIn.get(id) ?? null;
    }
    return null;
  };

  /** Every saved profile as the renderer may see it, plus the demo while it is shown. */
  const profileList = (): readonly ProfileView[] => {
    const saved = deps.settings.get().profiles.map((p) => {
      const kept = signedIn.get(p.id);
      return kept ? { ...kept.profile, label: p.label } : viewOf(p, null);
    });
    const all = active?.demo ? [...saved, active.profile] : saved;
    const names = profileNames(all);
    return all.map((p) => ({ ...p, name: names.get(p.id) ?? p.label }));
  };

  /**
   * Shows another account (or none), its problem cleared. A demo that was
   * shown is closed after the swap, never before it: while a demo stops,
   * another connect or demo may end, and had it read `active` in that wait,
   * the account it replaced would be the demo already stopping, and its own
   * demo (or the one before) would be left running with nothing showing it.
   */
  const show = async (next: ActiveAccount | null): Promise<void> => {
    problem = null;
    const leaving = active?.demo && active !== next ? active.demo : null;
    active = next;
    if (leaving) await closeDemo(leaving);
  };

  return {
    active: (): ActiveAccount | null => active,
    /** A saved profile whose secret was read, shown or not. */
    signedIn: (profileId: string): ActiveAccount | undefined => signedIn.get(profileId),
    /** Every saved profile whose secret was read, in the settings' order. */
    signedInIds: (): string[] =>
      deps.settings
        .get()
        .profiles.map((p) => p.id)
        .filter((id) => signedIn.has(id)),
    newest,
    clientOf,
    /** The secrets the guard watches (secret-guard.ts): the values only, never a cookie's name. */
    secretsInUse: (): readonly string[] => watched.current(),
    remember: watched.remember,
    tryOut: watched.tryOut,

    status(): AccountStatus {
      const profiles = profileList();
      const shown = active && (profiles.find((p) => p.id === active?.profile.id) ?? active.profile);
      return shown
        ? { state: 'connected', profile: shown, problem, profiles }
        : { state: 'signed-out', problem, profiles };
    },

    setProblem(p: AppError | null): void {
      problem = p;
    },
    /** Another problem, said with the one already shown (a damaged file at start is not lost). */
    addProblem(p: AppError): void {
      problem = bothProblems(p, problem);
    },

    keep(account: ActiveAccount): void {
      signedIn.set(account.profile.id, account);
      watched.rewatch();
    },
    forget(profileId: string): void {
      signedIn.delete(profileId);
      watched.rewatch();
    },

    /** At start: shows a restored account, keeping the problems the start found. */
    showAtStart(account: ActiveAccount | null): void {
      active = account;
    },

    show,

    /** Shows the demo; it is never written to settings or the keychain: it lives as long as the app runs. */
    async showDemo(signed: DemoSignedIn, client: ServiceClient): Promise<Connected> {
      const { credential, organization, demo } = signed;
      const profile: Profile = {
        id: 'demo',
        label: `${organization.name ?? 'Demo'} (demo)`,
        baseUrl: credential.baseUrl,
        authKind: 'api-key',
        organizationId: organization.id,
        createdAt: new Date().toISOString(),
      };
      watched.remember(credential.secret, 'api-key');
      const account: ActiveAccount = {
        profile: viewOf(profile, credential.secret, true),
        secret: credential.secret,
        client,
        demo,
      };
      await show(account);
      return { account, organization };
    },

    /** A new label for a profile, signed in or shown. */
    relabel(profileId: string, label: string): void {
      const relabelled = (a: ActiveAccount): ActiveAccount => ({
        ...a,
        profile: { ...a.profile, label },
      });
      const kept = signedIn.get(profileId);
      if (kept) signedIn.set(profileId, relabelled(kept));
      if (active?.profile.id === profileId) active = signedIn.get(profileId) ?? relabelled(active);
    },

    async dispose(): Promise<void> {
      if (active?.demo) await closeDemo(active.demo);
    },
  };
}

export type SignedInAccounts = ReturnType<typeof createSignedInAccounts>;
