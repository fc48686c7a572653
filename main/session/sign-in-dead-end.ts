import type { SignInEnd } from '../../common/sign-in-end';

/** A page the sign-in window reached and cannot get past. */
export type DeadEnd = Extract<SignInEnd, 'refused-in-window' | 'email-link'>;

/**
 * Google's refusals: the OAuth error page ("Error 403: disallowed_useragent",
 * /signin/oauth/error and its /v2) and "This browser or app may not be secure"
 * (/signin/rejected, /v3/signin/rejected). Whatever the error, that page
 * leads nowhere in this window.
 */
const GOOGLE_REFUSAL = /^(?:\/v\d+)?\/signin\/(?:oauth\/error|rejected)(?:\/|$)/;

/**
 * The "check your email" notices an email sign-in shows once the link is
 * sent (NextAuth's /verify-request, and the common names for it): the link
 * opens in the system browser, whose session the window never sees.
 */
const EMAIL_NOTICE = new Set(['verify-request', 'check-email', 'check-your-email']);

/**
 * Whether `url`, a page the sign-in window arrived at, ends the sign-in
 * without a session. Only the sign-in site's own pages count as its email
 * notice; only Google's accounts site as Google's refusal.
 */
export function deadEndOf(url: string, signIn: URL): DeadEnd | null {
  let page: URL;
  try {
    page = new URL(url);
  } catch {
    return null;
  }
  if (page.origin === 'https://accounts.google.com' && GOOGLE_REFUSAL.test(page.pathname))
    return 'refused-in-window';
  if (page.origin !== signIn.origin) return null;
  const last = page.pathname.split('/').filter(Boolean).at(-1)?.toLowerCase();
  return last !== undefined && EMAIL_NOTICE.has(last) ? 'email-link' : null;
}
