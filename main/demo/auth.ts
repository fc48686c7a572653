import type { IncomingHttpHeaders } from 'node:http';
import type { DemoResponse } from './responses';
import { errorResponse } from './responses';
import type { DemoStore } from './store';
import type { AuthType } from './wire';

/** The session cookie names better-auth uses (the second over https in production). */
export const SESSION_COOKIE_NAMES = [
  'better-auth.session_token',
  '__Secure-better-auth.session_token',
] as const;

export interface AuthContext {
  readonly organizationId: string;
  readonly authType: AuthType;
  /** An API key's scopes; null for a session, whose member role allows everything here. */
  readonly scopes: readonly string[] | null;
  /** The member a change is attributed to (updatedBy). */
  readonly actorMemberId: string;
  /** A session's user, which the organization answer names as `authenticatedUser`. */
  readonly sessionUserId?: string;
}

export type AuthOutcome =
  | { readonly ok: true; readonly context: AuthContext }
  | { readonly ok: false; readonly response: DemoResponse };

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const v = headers[name];
  const s = Array.isArray(v) ? v.join(', ') : v;
  return s === undefined || s.trim() === '' ? undefined : s.trim();
};

const denied = (message: string): AuthOutcome => ({
  ok: false,
  response: errorResponse(401, message),
});

const sessionTokenFrom = (headers: IncomingHttpHeaders): string | undefined => {
  const authorization = header(headers, 'authorization');
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer;
  const cookie = header(headers, 'cookie');
  if (!cookie) return undefined;
  for (const pair of cookie.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    if ((SESSION_COOKIE_NAMES as readonly string[]).includes(name)) {
      try {
        return decodeURIComponent(pair.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
};

/**
 * The real service's hybrid guard: an X-API-Key decides the organization by
 * itself; otherwise a session (Bearer token or cookie) needs X-Organization-Id
 * naming an organization its user belongs to. Messages are the real ones.
 */
export const authenticate = (headers: IncomingHttpHeaders, store: DemoStore): AuthOutcome => {
  const requestedOrg = header(headers, 'x-organization-id');
  const apiKey = header(headers, 'x-api-key');
  if (apiKey !== undefined) {
    if (!/^comp_[A-Za-z0-9]+$/.test(apiKey)) return denied('Invalid API key format');
    const key = store.apiKey(apiKey);
    if (!key) return denied('Invalid or expired API key');
    // Optional for keys, but it may not point elsewhere than the key's organization.
    if (requestedOrg !== undefined && requestedOrg !== key.organizationId) {
      return denied(`API key does not belong to organization: ${requestedOrg.slice(0, 64)}`);
    }
    return {
      ok: true,
      context: {
        organizationId: key.organizationId,
        authType: 'api-key',
        scopes: key.scopes,
        actorMemberId: key.actorMemberId,
      },
    };
  }

  if (!header(headers, 'authorization') && !header(headers, 'cookie')) {
    return denied(
      'Authentication required: Provide either X-API-Key, Bearer token, or session cookie',
    );
  }
  const token = sessionTokenFrom(headers);
  const session = token === undefined ? undefined : store.session(token);
  if (!session) return denied('Invalid or expired session');
  if (requestedOrg === undefined) {
    return denied(
      'Organization context required: X-Organization-Id header is mandatory for session authentication',
    );
  }
  const membership = store.activeMembership(session.userId, requestedOrg);
  if (!membership) {
    return denied(`User does not have access to organization: ${requestedOrg.slice(0, 64)}`);
  }
  return {
    ok: true,
    context: {
      organizationId: requestedOrg,
      authType: 'session',
      scopes: null,
      actorMemberId: membership.id,
      sessionUserId: session.userId,
    },
  };
};

export const hasScope = (context: AuthContext, scope: string): boolean =>
  context.scopes === null || context.scopes.includes(scope);
