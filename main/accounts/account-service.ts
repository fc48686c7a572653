import type { ConnectApiKeyInput } from '../../common/ipc';
import type { Organization } from '../../common/organization';
import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { AccountStatus, ProfileView } from '../../common/views';
import type { Logger } from '../log/logger';
import type { SecretStore } from '../secrets/secret-store';
import type { Settings, SettingsStore } from '../settings/settings-store';
import { createServiceClient, parseBaseUrl } from '../service/client';
import { cookieValues } from '../service/request-validation';
import { wrongOrganization } from '../service/response-parsing';
import { isMissingPermission } from '../service/error-mapping';
import type { ServiceAuth, ServiceClient } from '../service/client';
import { identityOf, newFingerprintKey, profileIdFor } from './profile-id';
import { secretHint } from './secret-hint';

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

/** How many secrets of this run the guard keeps watching after they are no longer in use. */
const REMEMBERED_SECRETS = 8;

export function createAccountService(deps: AccountDeps) {
  let active: ActiveAccount | null = null;
  let problem: AppError | null = null;
  /**
   * Every secret this run has held or been given, newest last: a key replaced
   * by another (or pasted and refused) may still be quoted by an answer or an
   * error from before, and must stay out of what main writes and sends.
   */
  const seen: string[] = [];
  const remember = (secret: string, kind: 'api-key' | 'session'): void => {
    for (const part of kind === 'session' ? cookieValues(secret) : [secret.trim()]) {
      const at = seen.indexOf(part);
      if (at !== -1) seen.splice(at, 1);
      seen.push(part);
    }
    if (seen.length > REMEMBERED_SECRETS) seen.splice(0, seen.length - REMEMBERED_SECRETS);
  };

  const clientFor = (baseUrl: string, auth: ServiceAuth): ServiceClient =>
    createServiceClient({ baseUrl, auth, fetch: deps.fetch, timeoutMs: deps.timeoutMs });

  const stopDemo = async (): Promise<void> => {
    const demo = active?.demo;
    if (demo)
      await demo
        .close()
        .catch((e: unknown) => deps.log.warn('demo service did not stop cleanly', e));
  };

  /** Saves the secret first, then the profile; undoes the secret if the profile cannot be saved. */
  async function adopt(
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
      await deps.secrets.delete(id);
      return saved;
    }
    await stopDemo();
    active = { profile: viewOf(profile, secret), secret, client, demo: null };
    problem = null;
    return ok({ account: active, organization });
  }

  return {
    active: (): ActiveAccount | null => active,

    status(): AccountStatus {
      return active
        ? { state: 'connected', profile: active.profile, problem }
        : { state: 'signed-out', problem };
    },

    /** The secrets the guard watches (secret-guard.ts): the values only, never a cookie's name. */
    secretsInUse: (): readonly string[] => seen,

    setProblem(p: AppError | null): void {
      problem = p;
    },

    /** On start: the saved active profile, with its secret from the keychain. */
    async restore(): Promise<void> {
      const s = deps.settings.get();
      const profile = s.profiles.find((p) => p.id === s.activeProfileId);
      if (!profile) return;
      const secret = await deps.secrets.get(profile.id);
      if (!secret.ok) {
        problem = secret.error;
        return;
      }
      if (secret.value === null) {
        problem = appError(
          'not_connected',
          // keytar reports a locked Linux keyring as "no entry": say both, so nobody re-enters a key they still have.
          `The key for ${profile.label} was not found in the system keychain. If your keyring is locked, unlock it and restart Task Tray; otherwise connect again.`,
        );
        return;
      }
      remember(secret.value, profile.authKind);
      active = {
        profile: viewOf(profile, secret.value),
        secret: secret.value,
        client: clientFor(profile.baseUrl, authFor(profile, secret.value)),
        demo: null,
      };
    },

    async connectApiKey(input: ConnectApiKeyInput): Promise<Result<Connected>> {
      const url = parseBaseUrl(input.baseUrl);
      if (!url.ok) return url;
      const baseUrl = url.value.href.replace(/\/+$/, '');
      const organizationId = input.organizationId || null;
      // Watched from before it is sent: a refusal may quote it.
      remember(input.apiKey, 'api-key');
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
          if (own.ok) return err(wrongOrganization(own.value, organizationId));
        }
        return err(connectError(org.error, 'key'));
      }
      const scopes = await taskScopesProblem(client);
      if (scopes) return err(scopes);
      const label = org.value.name?.trim() || org.value.id;
      return adopt(
        { label, baseUrl, authKind: 'api-key', organizationId },
        input.apiKey,
        client,
        org.value,
      );
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
      remember(cookie, 'session');
      const client = clientFor(baseUrl, authFor({ authKind: 'session', organizationId }, cookie));
      const org = await client.getOrganization();
      if (!org.ok) return err(connectError(org.error, 'session'));
      const label = org.value.name?.trim() || org.value.id;
      return adopt(
        { label, baseUrl, authKind: 'session', organizationId },
        cookie,
        client,
        org.value,
      );
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
      await stopDemo();
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
      active = { profile: viewOf(profile, demo.apiKey, true), secret: demo.apiKey, client, demo };
      problem = null;
      return ok({ account: active, organization: org.value });
    },

    async signOut(): Promise<Result<null>> {
      const current = active;
      if (!current) return ok(null);
      await stopDemo();
      active = null;
      problem = null;
      if (current.demo) return ok(null);
      const removed = await deps.secrets.delete(current.profile.id);
      // Pins and waiting changes stay under the profile id: the same key (or person) connecting again finds them.
      const saved = await deps.settings.update((s) => ({
        ...s,
        profiles: s.profiles.filter((p) => p.id !== current.profile.id),
        activeProfileId: null,
      }));
      if (!removed.ok) {
        problem = appError(
          'keychain_unavailable',
          `Signed out, but the key could not be removed from the system keychain: ${removed.error.message}`,
        );
      }
      return saved.ok ? ok(null) : saved;
    },

    async dispose(): Promise<void> {
      await stopDemo();
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
