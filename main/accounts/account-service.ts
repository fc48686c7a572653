import type { ConnectApiKeyInput } from '../../common/ipc';
import type { Organization } from '../../common/organization';
import { appError, bothProblems, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { AccountStatus, ProfileView } from '../../common/views';
import type { Logger } from '../log/logger';
import type { SecretStore } from '../secrets/secret-store';
import type { Settings, SettingsStore } from '../settings/settings-store';
import { createServiceClient, parseBaseUrl } from '../service/client';
import { wrongOrganization } from '../service/response-parsing';
import { cookieValues } from '../service/request-validation';
import { isMissingPermission } from '../service/error-mapping';
import { createWatchedSecrets, secretParts } from './watched-secrets';
import type { ServiceAuth, ServiceClient } from '../service/client';
import { identityOf, newFingerprintKey, profileIdFor } from './profile-id';
import { secretHint } from './secret-hint';
import { profileNames } from '../../common/profile-names';
import { oneAtATime } from '../../common/one-at-a-time';

/** The reference service started for "Try the demo"; its key lives in memory only. */
export interface DemoService {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** The demo organization's tasks as the service returns them, to pin a few at once. */
  readonly tasks: readonly unknown[];
  close(): Promise<void>;
}

/** What a web-app sign-in yields: the session cookie ("name=value") and the organization it is for. */
export interface SessionGrant {
  readonly cookie: string;
  readonly organizationId: string;
}

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

export interface AccountDeps {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly log: Logger;
  readonly startDemoService: () => Promise<DemoService>;
  readonly signInWithBrowser?: (
    signInUrl: string,
    serviceUrl: string,
  ) => Promise<Result<SessionGrant>>;
}

type Profile = Settings['profiles'][number];

const viewOf = (p: Profile, secret: string | null, demo = false): ProfileView => ({
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

const authFor = (p: Pick<Profile, 'authKind' | 'organizationId'>, secret: string): ServiceAuth =>
  p.authKind === 'session'
    ? { kind: 'session', cookie: secret, organizationId: p.organizationId ?? '' }
    : {
        kind: 'api-key',
        apiKey: secret,
        ...(p.organizationId ? { organizationId: p.organizationId } : {}),
      };

/** A sign-in was refused: say it in words about the key, not about HTTP. */
function connectError(e: AppError, what: 'key' | 'session'): AppError {
  if (e.kind === 'unauthorized') {
    return what === 'key'
      ? {
          ...e,
          message:
            'The service rejected this API key. Check you copied all of it and that it has not been revoked.',
        }
      : {
          ...e,
          message: 'The web session was not accepted. Sign in again in the window that opens.',
        };
  }
  return e;
}

/**
 * Whether the key may change tasks, asked before it is kept: the real service
 * answers its task list 403 without the four task scopes, the same ones an
 * update needs (SERVICE.md), and checks them before the query (no entity
 * here, so a key with them gets a 400 and nothing is read). A service without
 * the route (404), or any other answer, proves nothing: the key is kept and
 * a missing scope shows on the first change, as before.
 */
async function taskScopesProblem(client: ServiceClient): Promise<AppError | null> {
  const probe = await client.read('/v1/task-management');
  return !probe.ok && isMissingPermission(probe.error) ? probe.error : null;
}

/** keytar reports a locked Linux keyring as "no entry": say both, so nobody re-enters a key they still have. */
const missingSecret = (label: string): AppError =>
  appError(
    'not_connected',
    `The key for ${label} was not found in the system keychain. If your keyring is locked, unlock it and restart Task Tray; otherwise connect again.`,
  );

export function createAccountService(deps: AccountDeps) {
  let active: ActiveAccount | null = null;
  /**
   * Every saved profile whose secret was read from the keychain, shown or not:
   * each sends its own waiting changes with its own credentials (invariant 7),
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
  const { remember, tryOut, rewatch } = watched;
  const keep = (account: ActiveAccount): void => {
    signedIn.set(account.profile.id, account);
    rewatch();
  };
  const forget = (profileId: string): void => {
    signedIn.delete(profileId);
    rewatch();
  };

  const clientFor = (baseUrl: string, auth: ServiceAuth): ServiceClient =>
    createServiceClient({ baseUrl, auth, fetch: deps.fetch, timeoutMs: deps.timeoutMs });

  const closeDemo = (demo: DemoService): Promise<void> =>
    demo.close().catch((e: unknown) => deps.log.warn('demo service did not stop cleanly', e));

  /**
   * Shows another account (or none). A demo that was shown is closed after
   * the swap, never before it: while a demo stops, another connect or demo
   * may end, and had it read `active` in that wait, the account it replaced
   * would be the demo already stopping, and its own demo (or the one before)
   * would be left running with nothing showing it.
   */
  const show = async (next: ActiveAccount | null): Promise<void> => {
    const leaving = active?.demo && active !== next ? active.demo : null;
    active = next;
    if (leaving) await closeDemo(leaving);
  };

  /**
   * A keychain entry and the profile naming it change together, one account
   * change at a time (connect, remove, switch). A connect puts its
   * key in, then its profile (and puts the key back as it was if the profile
   * cannot be saved); a removal takes the profile out, then the key.
   * Interleaved, a removal could delete the key of a profile a connect then
   * saves, or a connect put back the key of an account just removed.
   */
  const inTurn = oneAtATime();

  /** Saves the secret first, then the profile; undoes the secret if the profile cannot be saved. */
  function adopt(
    base: Omit<Profile, 'id' | 'createdAt' | 'servedOrganizationId'>,
    secret: string,
    client: ServiceClient,
    organization: Organization,
  ): Promise<Result<Connected>> {
    return inTurn(() => adoptNow(base, secret, client, organization));
  }

  async function adoptNow(
    base: Omit<Profile, 'id' | 'createdAt' | 'servedOrganizationId'>,
    secret: string,
    client: ServiceClient,
    organization: Organization,
  ): Promise<Result<Connected>> {
    remember(secret, base.authKind);
    const fingerprintKey = deps.settings.get().fingerprintKey ?? newFingerprintKey();
    const identity = identityOf(
      base.authKind === 'session' ? cookieValues(secret).join(';') : secret,
      fingerprintKey,
      base.authKind === 'session' ? (organization.authenticatedUser?.id ?? null) : null,
    );
    const id = profileIdFor(base.baseUrl, organization.id, base.authKind, identity);
    // The same account may be in the keychain already, from a settings file that cannot be
    // read now (left alone, to be read at the next start): if the settings cannot be saved
    // below, its entry is put back as it was, not deleted.
    const before = await deps.secrets.get(id);
    const stored = await deps.secrets.set(id, secret);
    if (!stored.ok) return stored;
    const profile: Profile = {
      ...base,
      id,
      servedOrganizationId: organization.id,
      createdAt: new Date().toISOString(),
    };
    const saved = await deps.settings.update((s) => ({
      ...s,
      fingerprintKey: s.fingerprintKey ?? fingerprintKey,
      profiles: [...s.profiles.filter((p) => p.id !== id), profile],
      activeProfileId: id,
    }));
    if (!saved.ok) {
      if (!before.ok)
        deps.log.warn(
          'The keychain entry before this connect could not be read; it is left as it is now',
        );
      else {
        const undone =
          before.value === null
            ? await deps.secrets.delete(id)
            : before.value === secret
              ? ok(null)
              : await deps.secrets.set(id, before.value);
        if (!undone.ok)
          deps.log.warn('The keychain entry could not be put back as it was', undone.error.message);
      }
      return saved;
    }
    const account: ActiveAccount = { profile: viewOf(profile, secret), secret, client, demo: null };
    keep(account);
    problem = null;
    await show(account);
    return ok({ account, organization });
  }

  const clientOf = (profileId: string): ServiceClient | null =>
    active?.profile.id === profileId ? active.client : (signedIn.get(profileId)?.client ?? null);

  /** The newest saved profile (settings order) whose secret was read, other than `except`. */
  const newestSignedIn = (except: string | null): ActiveAccount | null => {
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
   * Removes a profile and its keychain entry. Removing the one shown shows
   * the next signed-in profile, if there is one. Its pins and waiting
   * changes stay under its id: the same key (or person) connecting again
   * finds them, and nobody else ever sends them.
   */
  async function removeNow(profileId: string): Promise<Result<null>> {
    const shown = active?.profile.id === profileId;
    if (shown && active?.demo) {
      // Back to the account shown before the demo, or the newest one that can be shown.
      const saved = deps.settings.get().activeProfileId;
      problem = null;
      await show((saved ? signedIn.get(saved) : undefined) ?? newestSignedIn(null));
      return ok(null);
    }
    const s = deps.settings.get();
    if (!s.profiles.some((p) => p.id === profileId))
      return err(appError('bad_input', 'That account is no longer on this computer.'));
    const next = shown ? newestSignedIn(profileId) : active;
    // The demo never is the saved one: while it shows, the saved id is the account before it.
    const keptActive =
      s.activeProfileId === profileId || shown
        ? next && !next.demo
          ? next.profile.id
          : (newestSignedIn(profileId)?.profile.id ?? null)
        : s.activeProfileId;
    // Settings first: if they cannot be written, the account stays as it was, key and all.
    const saved = await deps.settings.update((x) => ({
      ...x,
      profiles: x.profiles.filter((p) => p.id !== profileId),
      activeProfileId: keptActive,
    }));
    if (!saved.ok) return saved;
    const gone = signedIn.get(profileId);
    // Still watched: an answer on its way may quote it.
    if (gone) remember(gone.secret, gone.profile.authKind);
    forget(profileId);
    const removed = await deps.secrets.delete(profileId);
    // Unless another account was shown meanwhile (a demo started while this was removed).
    if (shown && active?.profile.id === profileId) {
      problem = null;
      await show(next);
    }
    if (!removed.ok) {
      problem = appError(
        'keychain_unavailable',
        `Removed, but the key could not be deleted from the system keychain: ${removed.error.message}`,
      );
    }
    return ok(null);
  }

  async function switchNow(profileId: string): Promise<Result<ActiveAccount>> {
    if (active?.profile.id === profileId) return ok(active);
    const target = signedIn.get(profileId);
    const saved = deps.settings.get().profiles.find((p) => p.id === profileId);
    if (!target || !saved) {
      return err(
        saved
          ? missingSecret(saved.label)
          : appError('bad_input', 'That account is no longer on this computer.'),
      );
    }
    const remembered = await deps.settings.update((s) => ({ ...s, activeProfileId: profileId }));
    if (!remembered.ok) return remembered;
    problem = null;
    await show(target);
    return ok(target);
  }

  return {
    active: (): ActiveAccount | null => active,

    status(): AccountStatus {
      const profiles = profileList();
      const shown = active && (profiles.find((p) => p.id === active?.profile.id) ?? active.profile);
      return shown
        ? { state: 'connected', profile: shown, problem, profiles }
        : { state: 'signed-out', problem, profiles };
    },

    /** The client of any signed-in profile, shown or not: its waiting changes go out with its own key. */
    clientFor: clientOf,

    /** Whether a profile's changes can be sent: its secret was read (or it is the demo on show). */
    canSend: (profileId: string): boolean => clientOf(profileId) !== null,

    /** The secrets the guard watches (secret-guard.ts): the values only, never a cookie's name. */
    secretsInUse: (): readonly string[] => watched.current(),

    setProblem(p: AppError | null): void {
      problem = p;
    },

    /**
     * On start: every saved profile, each with its secret from the keychain, so
     * each sends its own waiting changes; the one shown last is shown again.
     */
    async restore(): Promise<void> {
      const s = deps.settings.get();
      for (const profile of s.profiles) {
        const secret = await deps.secrets.get(profile.id);
        const shown = profile.id === s.activeProfileId;
        if (!secret.ok) {
          // One said before (a damaged file at start) is kept after it, not lost.
          if (shown) problem = bothProblems(secret.error, problem);
          continue;
        }
        if (secret.value === null) {
          if (shown) problem = bothProblems(missingSecret(profile.label), problem);
          continue;
        }
        remember(secret.value, profile.authKind);
        const account: ActiveAccount = {
          profile: viewOf(profile, secret.value),
          secret: secret.value,
          client: clientFor(profile.baseUrl, authFor(profile, secret.value)),
          demo: null,
        };
        keep(account);
        if (shown) active = account;
      }
      // The one shown last could not be read (its problem says why): another one shows meanwhile.
      active ??= newestSignedIn(null);
    },

    /**
     * Shows another saved profile at once: its secret was read at start or at
     * its sign-in. The one shown before keeps sending its own waiting changes;
     * a demo is closed (nothing of it outlives being shown).
     */
    switchTo(profileId: string): Promise<Result<ActiveAccount>> {
      // In turn: a removal of the same account could otherwise pass it in between its checks
      // and its showing, and a removed account would be shown, with its key gone.
      return inTurn(() => switchNow(profileId));
    },

    /** A label of the person's choice, shown in the header, the tray menu and Settings. */
    async rename(profileId: string, label: string): Promise<Result<null>> {
      const name = label.trim();
      if (name.length === 0) return err(appError('bad_input', 'A name cannot be empty.'));
      if (!deps.settings.get().profiles.some((p) => p.id === profileId))
        return err(appError('bad_input', 'That account is no longer on this computer.'));
      const saved = await deps.settings.update((s) => ({
        ...s,
        profiles: s.profiles.map((p) => (p.id === profileId ? { ...p, label: name } : p)),
      }));
      if (!saved.ok) return saved;
      const relabel = (a: ActiveAccount): ActiveAccount => ({
        ...a,
        profile: { ...a.profile, label: name },
      });
      const kept = signedIn.get(profileId);
      if (kept) signedIn.set(profileId, relabel(kept));
      if (active?.profile.id === profileId) active = signedIn.get(profileId) ?? relabel(active);
      return ok(null);
    },

    async connectApiKey(input: ConnectApiKeyInput): Promise<Result<Connected>> {
      const url = parseBaseUrl(input.baseUrl);
      if (!url.ok) return url;
      const baseUrl = url.value.href.replace(/\/+$/, '');
      const organizationId = input.organizationId || null;
      // Watched from before it is sent: a refusal may quote it.
      const attempt = tryOut(input.apiKey, 'api-key');
      try {
        const auth = authFor({ authKind: 'api-key', organizationId }, input.apiKey);
        const client = clientFor(baseUrl, auth);
        const org = await client.getOrganization();
        if (!org.ok) {
          // Refused with an organization id: the key may be fine and the id wrong. Ask once without it.
          if (organizationId && org.error.kind === 'unauthorized') {
            const own = await clientFor(
              baseUrl,
              authFor({ authKind: 'api-key', organizationId: null }, input.apiKey),
            ).getOrganization();
            if (own.ok) return attempt.refused(wrongOrganization(own.value, organizationId));
          }
          return attempt.refused(connectError(org.error, 'key'));
        }
        const scopes = await taskScopesProblem(client);
        if (scopes) return attempt.refused(scopes);
        const label = org.value.name?.trim() || org.value.id;
        return await adopt(
          { label, baseUrl, authKind: 'api-key', organizationId },
          input.apiKey,
          client,
          org.value,
        );
      } finally {
        attempt.over();
      }
    },

    async signInWithSession(): Promise<Result<Connected>> {
      if (!deps.signInWithBrowser) {
        return err(appError('not_connected', 'Signing in with the web app is not available here.'));
      }
      const s = deps.settings.get();
      const url = parseBaseUrl(s.serviceUrl);
      if (!url.ok) return url;
      const grant = await deps.signInWithBrowser(s.signInUrl, url.value.href);
      if (!grant.ok) return grant;
      const baseUrl = url.value.href.replace(/\/+$/, '');
      const { cookie, organizationId } = grant.value;
      const attempt = tryOut(cookie, 'session');
      try {
        const client = clientFor(baseUrl, authFor({ authKind: 'session', organizationId }, cookie));
        const org = await client.getOrganization();
        if (!org.ok) return attempt.refused(connectError(org.error, 'session'));
        const label = org.value.name?.trim() || org.value.id;
        return await adopt(
          { label, baseUrl, authKind: 'session', organizationId },
          cookie,
          client,
          org.value,
        );
      } finally {
        attempt.over();
      }
    },

    async startDemo(): Promise<Result<Connected>> {
      let demo: DemoService;
      try {
        demo = await deps.startDemoService();
      } catch (e) {
        deps.log.error('demo service did not start', e);
        return err(appError('internal', 'The demo could not start on this computer. Try again.'));
      }
      const client = clientFor(demo.baseUrl, { kind: 'api-key', apiKey: demo.apiKey });
      const org = await client.getOrganization();
      if (!org.ok) {
        await demo.close();
        return org;
      }
      const profile: Profile = {
        id: 'demo',
        label: `${org.value.name ?? 'Demo'} (demo)`,
        baseUrl: demo.baseUrl,
        authKind: 'api-key',
        organizationId: org.value.id,
        createdAt: new Date().toISOString(),
      };
      // The demo is never written to settings or the keychain: it lives as long as the app runs.
      remember(demo.apiKey, 'api-key');
      const account: ActiveAccount = {
        profile: viewOf(profile, demo.apiKey, true),
        secret: demo.apiKey,
        client,
        demo,
      };
      problem = null;
      await show(account);
      return ok({ account, organization: org.value });
    },

    /** Removes a profile and its keychain entry (removeNow), after any account change under way. */
    remove(profileId: string): Promise<Result<null>> {
      return inTurn(() => removeNow(profileId));
    },

    async dispose(): Promise<void> {
      if (active?.demo) await closeDemo(active.demo);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
