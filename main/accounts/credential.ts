import type { Organization } from '../../common/organization';
import { createServiceClient } from '../service/client';
import { createComplianceClient } from '../service/compliance-client';
import type { ComplianceClient } from '../service/compliance-client';
import type { ServiceAuth, ServiceClient } from '../service/client';
import type { SecretKind } from './watched-secrets';

/**
 * A secret that signs in to one service, and the organization it was sent
 * for: what a sign-in proves and a profile keeps (its secret in the keychain,
 * the rest in settings).
 */
export interface Credential {
  readonly baseUrl: string;
  readonly authKind: SecretKind;
  /** The organization asked for; null when the key's own is meant. */
  readonly organizationId: string | null;
  readonly secret: string;
}

/** What a sign-in yields: a credential the service accepted, and the organization it answered with. */
export interface SignedIn {
  readonly credential: Credential;
  readonly organization: Organization;
}

/** How the service is reached: the app's fetch and how long a call may take. */
export interface ServiceReach {
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
}

/** A session always names its organization; a key names one only when one was asked for. */
export const authFor = (c: Credential): ServiceAuth =>
  c.authKind === 'session'
    ? { kind: 'session', cookie: c.secret, organizationId: c.organizationId ?? '' }
    : {
        kind: 'api-key',
        apiKey: c.secret,
        ...(c.organizationId ? { organizationId: c.organizationId } : {}),
      };

/** A client that sends this credential; it holds nothing else, so one per use is the same as one kept. */
export const clientFor = (reach: ServiceReach, c: Credential): ServiceClient =>
  createServiceClient({
    baseUrl: c.baseUrl,
    auth: authFor(c),
    fetch: reach.fetch,
    timeoutMs: reach.timeoutMs,
  });

/** The compliance task routes' client for the same credential (service/compliance-client.ts). */
export const complianceClientFor = (reach: ServiceReach, c: Credential): ComplianceClient =>
  createComplianceClient({
    baseUrl: c.baseUrl,
    auth: authFor(c),
    fetch: reach.fetch,
    timeoutMs: reach.timeoutMs,
  });
