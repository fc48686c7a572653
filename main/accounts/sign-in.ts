import type { ConnectApiKeyInput } from '../../common/ipc';
import { err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { Logger } from '../log/logger';
import { parseBaseUrl } from '../service/client';
import type { ServiceClient } from '../service/client';
import { isMissingPermission } from '../service/error-mapping';
import { wrongOrganization } from '../service/response-parsing';
import { demoDidNotStart, refusedSignIn, webSignInUnavailable } from './account-words';
import { clientFor } from './credential';
import type { Credential, ServiceReach, SignedIn } from './credential';
import type { SecretKind } from './watched-secrets';

/**
 * The three ways in: an API key, a web session from the browser, the demo.
 * Each asks the service who the credential is and yields it with the
 * organization that answered, or why not; none keeps anything.
 */

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

/** The demo signed in: its organization, and the service to close once it is no longer shown. */
export interface DemoSignedIn extends SignedIn {
  readonly demo: DemoService;
}

/**
 * Watches a secret from before it is sent, for as long as whoever asked
 * decides (watched-secrets.ts, tryOut); `refused` redacts the refusal with it.
 */
export type TryOut = (
  secret: string,
  kind: SecretKind,
) => { refused(error: AppError): Result<never> };

/** Without a trailing slash, as profiles keep it. */
const trimmed = (url: URL): string => url.href.replace(/\/+$/, '');

/**
 * Whether the key may change tasks, asked before it is kept: the real service
 * answers its task list 403 without the four task scopes, the same ones an
 * update needs (SERVICE.md), and checks them before the query (no entity
 * here, so a key with them gets a 400 and nothing is read). A service without
 * the route (404), or any other answer, proves nothing: the key is kept and
 * a missing scope shows on the first change.
 */
async function taskScopesProblem(client: ServiceClient): Promise<AppError | null> {
  const probe = await client.read('/v1/task-management');
  return !probe.ok && isMissingPermission(probe.error) ? probe.error : null;
}

export async function signInWithApiKey(
  reach: ServiceReach,
  input: ConnectApiKeyInput,
  tryOut: TryOut,
): Promise<Result<SignedIn>> {
  const url = parseBaseUrl(input.baseUrl);
  if (!url.ok) return url;
  const credential: Credential = {
    baseUrl: trimmed(url.value),
    authKind: 'api-key',
    organizationId: input.organizationId || null,
    secret: input.apiKey,
  };
  // Watched from before it is sent: a refusal may quote it.
  const attempt = tryOut(input.apiKey, 'api-key');
  const client = clientFor(reach, credential);
  const org = await client.getOrganization();
  if (!org.ok) {
    // Refused with an organization id: the key may be fine and the id wrong. Ask once without it.
    const asked = credential.organizationId;
    if (asked && org.error.kind === 'unauthorized') {
      const own = await clientFor(reach, { ...credential, organizationId: null }).getOrganization();
      if (own.ok) return attempt.refused(wrongOrganization(own.value, asked));
    }
    return attempt.refused(refusedSignIn(org.error, 'key'));
  }
  const scopes = await taskScopesProblem(client);
  if (scopes) return attempt.refused(scopes);
  return ok({ credential, organization: org.value });
}

export interface WebSignIn {
  /** Where the service is, and where its web app signs in. */
  readonly settings: { get(): { readonly serviceUrl: string; readonly signInUrl: string } };
  /** The browser window where the person signs in; absent where there is none. */
  readonly signInWithBrowser?: (
    signInUrl: string,
    serviceUrl: string,
  ) => Promise<Result<SessionGrant>>;
}

export async function signInWithSession(
  web: ServiceReach & WebSignIn,
  tryOut: TryOut,
): Promise<Result<SignedIn>> {
  if (!web.signInWithBrowser) return err(webSignInUnavailable());
  const { serviceUrl, signInUrl } = web.settings.get();
  const url = parseBaseUrl(serviceUrl);
  if (!url.ok) return url;
  const grant = await web.signInWithBrowser(signInUrl, url.value.href);
  if (!grant.ok) return grant;
  const { cookie, organizationId } = grant.value;
  const credential: Credential = {
    baseUrl: trimmed(url.value),
    authKind: 'session',
    organizationId,
    secret: cookie,
  };
  const attempt = tryOut(cookie, 'session');
  const org = await clientFor(web, credential).getOrganization();
  if (!org.ok) return attempt.refused(refusedSignIn(org.error, 'session'));
  return ok({ credential, organization: org.value });
}

export interface DemoStart {
  readonly log: Logger;
  readonly startDemoService: () => Promise<DemoService>;
}

/** Starts the reference service and signs in to it; closes it again if that fails. */
export async function startDemo(deps: ServiceReach & DemoStart): Promise<Result<DemoSignedIn>> {
  let demo: DemoService;
  try {
    demo = await deps.startDemoService();
  } catch (e) {
    deps.log.error('demo service did not start', e);
    return err(demoDidNotStart());
  }
  const credential: Credential = {
    baseUrl: demo.baseUrl,
    authKind: 'api-key',
    organizationId: null,
    secret: demo.apiKey,
  };
  const org = await clientFor(deps, credential).getOrganization();
  if (!org.ok) {
    await demo.close();
    return org;
  }
  return ok({ credential, organization: org.value, demo });
}
