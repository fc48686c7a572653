import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { localAddressKind } from './local-address';
import type { LocalAddressKind } from './local-address';

/** Longer than any real page link; a paste of a novel is refused before parsing. */
export const MAX_EXTERNAL_URL_LENGTH = 2048;

const refuse = (message: string) => err(appError('bad_input', message));

/**
 * Decides whether text may be handed to the system browser (docs/ARCHITECTURE.md, invariant 4).
 * Parsed with URL, http(s) only, no user name or password (they are how a
 * link disguises its real host), and the value returned is the parser's own
 * serialization, so what we open is exactly what we checked. Never to this
 * computer or the local network by address (see local-address.ts).
 */
export function safeExternalUrl(text: string): Result<string> {
  const trimmed = text.trim();
  if (trimmed === '') return refuse('There is no link to open.');
  if (trimmed.length > MAX_EXTERNAL_URL_LENGTH) return refuse('That link is too long to open.');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return refuse('That is not a web address, so it was not opened.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    // The scheme is safe to echo (letters only); the rest of the link is not repeated.
    return refuse(`Only http and https links are opened, not "${url.protocol}" links.`);
  }
  if (url.username !== '' || url.password !== '') {
    return refuse('Links with a user name or password in them are not opened.');
  }
  if (url.hostname === '') return refuse('That link has no host, so it was not opened.');
  const local = localAddressKind(url.hostname);
  return local ? refuseLocal(local) : ok(url.href);
}

/** Why a link that leads to this computer or the local network was not opened. */
export function refuseLocal(kind: LocalAddressKind): Result<never> {
  return kind === 'this computer'
    ? refuse(
        'Links to this computer (localhost) are not opened: a page could use them to reach programs running here.',
      )
    : refuse(
        'Links to a local network address are not opened: a page could use them to reach devices behind your firewall.',
      );
}
