/** The web app's better-auth session cookie: `__Secure-` in production (https), plain in development. */
export const SESSION_COOKIE_NAMES = [
  '__Secure-better-auth.session_token',
  'better-auth.session_token',
] as const;

/** After sign-in the web app's pages live under /org_…/: that is the organization the person chose. */
export function organizationIdFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  return /\/(org_[A-Za-z0-9]+)(?:\/|$)/.exec(path)?.[1] ?? null;
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
