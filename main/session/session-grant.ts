/**
 * better-auth names its session cookie `<prefix>.session_token`, and adds
 * `__Secure-` when the web app runs on https. The service's deployments use
 * three prefixes (apps/api auth.server.ts, `cookiePrefix`): `better-auth` in
 * production (and self-hosted with a cookie domain), `staging` on staging, and
 * `local` on a self-hosted server without a cookie domain.
 */
const DEPLOYMENT_PREFIXES = ['better-auth', 'staging', 'local'] as const;

/** The known names, most likely first: for each prefix, the https form before the plain one. */
export const SESSION_COOKIE_NAMES: readonly string[] = DEPLOYMENT_PREFIXES.flatMap((prefix) => [
  `__Secure-${prefix}.session_token`,
  `${prefix}.session_token`,
]);

/**
 * A fork configured with a prefix of its own still names the cookie this way;
 * taken only when no known name is there. (`.session_data` is better-auth's
 * cookie cache, not a session.)
 */
const ANY_SESSION_COOKIE = /^(?:__Secure-|__Host-)?[\w.-]+\.session_token$/;

/**
 * After sign-in the web app's pages live under /org_…/: that is the
 * organization the person chose. Only a page of the web app itself counts
 * (same origin as the sign-in page), not an identity provider's page on the way.
 */
export function organizationIdFromUrl(url: string, signInUrl: string): string | null {
  let page: URL;
  let app: URL;
  try {
    page = new URL(url);
    app = new URL(signInUrl);
  } catch {
    return null;
  }
  if (page.origin !== app.origin) return null;
  return /\/(org_[A-Za-z0-9]+)(?:\/|$)/.exec(page.pathname)?.[1] ?? null;
}

export interface CookieLike {
  readonly name: string;
  readonly value: string;
}

/**
 * From the cookies the browser would send to the service's URL, the session
 * cookie as a request header value ("name=value"), or null when there is none.
 */
export function pickSessionCookie(cookies: readonly CookieLike[]): string | null {
  const present = cookies.filter((c) => c.value.length > 0);
  for (const name of SESSION_COOKIE_NAMES) {
    const found = present.find((c) => c.name === name);
    if (found) return `${found.name}=${found.value}`;
  }
  const other = present.filter((c) => ANY_SESSION_COOKIE.test(c.name));
  const found = other.find((c) => c.name.startsWith('__Secure-')) ?? other[0];
  return found ? `${found.name}=${found.value}` : null;
}
