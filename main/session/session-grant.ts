/** The web app's better-auth session cookie: `__Secure-` in production (https), plain in development. */
export const SESSION_COOKIE_NAMES = [
  '__Secure-better-auth.session_token',
  'better-auth.session_token',
] as const;

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
  for (const name of SESSION_COOKIE_NAMES) {
    const found = cookies.find((c) => c.name === name && c.value.length > 0);
    if (found) return `${found.name}=${found.value}`;
  }
  return null;
}
