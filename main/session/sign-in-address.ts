import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { safeExternalUrl } from '../external/safe-external-url';
import { isLoopbackHost } from '../service/base-url';

const MAX_URL_LENGTH = 2048;

const bad = (message: string): Result<URL> => err(appError('bad_input', message));

/**
 * The sign-in page's address, checked when it is used rather than trusted from
 * settings.json (which anyone who can write the file can change): the person
 * types a password into this page and its session ends up in the keychain, so
 * the same rule as for the service's address — https, plain http only to this
 * computer, no user name or password in it. A query or fragment may stay (a
 * web app's sign-in page can need one).
 */
export function checkSignInUrl(text: string): Result<URL> {
  const raw = text.trim();
  if (raw === '') return bad('There is no sign-in address. Set it in Settings.');
  if (raw.length > MAX_URL_LENGTH) return bad('The sign-in address is too long.');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return bad('The sign-in address in Settings is not a web address.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return bad('The sign-in address must start with https://.');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return bad(
      'The sign-in address must use https://: plain http would send your password unencrypted. ' +
        'http:// is allowed only for this computer (localhost).',
    );
  }
  if (url.username !== '' || url.password !== '') {
    return bad('Leave the user name and password out of the sign-in address.');
  }
  return ok(url);
}

/**
 * The window's title names the site the person is signing in to, scheme
 * included (an IDN host shows in its xn-- form, as the parser has it), so a
 * sign-in page elsewhere than expected is visible before a password is typed.
 */
export const signInWindowTitle = (signIn: URL): string => `Sign in to ${signIn.origin} — Task Tray`;

/**
 * What window.open / target=_blank does in the sign-in window: a link of the
 * sign-in site itself goes to the system browser (through the same checks as
 * every external link); a link elsewhere — which a page reached on the way
 * could use to send the browser anywhere — is dropped.
 */
export function signInWindowOpenDecision(
  target: string,
  signIn: URL,
): { readonly externalUrl: string | null } {
  const safe = safeExternalUrl(target);
  if (!safe.ok) return { externalUrl: null };
  return { externalUrl: new URL(safe.value).origin === signIn.origin ? safe.value : null };
}
