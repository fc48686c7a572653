/**
 * Why a web sign-in ended without a session. Main decides it (main/session/);
 * the popup says it in plain words and offers the API key instead
 * (renderer/lib/sign-in-fallback.ts).
 */
export const SIGN_IN_ENDS = [
  /** The person closed the sign-in window. */
  'closed',
  /** The sign-in page did not load. */
  'unreachable',
  /** A page the window cannot get past: Google refuses embedded windows ("disallowed_useragent"). */
  'refused-in-window',
  /** The web app sent a link by email: it opens in the system browser, never in the window. */
  'email-link',
  /** No session after a long wait. */
  'too-long',
  /** Signed in, but no session cookie covers the service's address. */
  'no-session',
] as const;
export type SignInEnd = (typeof SIGN_IN_ENDS)[number];
