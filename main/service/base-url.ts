import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';

/**
 * The service's base URL as the person typed it, checked: the API key travels
 * to it, so plain http is allowed only to this computer, and nothing that
 * would change where a request goes (credentials, query, fragment) is kept.
 * A path prefix is kept: `https://host/api` + `/v1/organization`.
 */

const MAX_URL_LENGTH = 2048;

/** 127.0.0.0/8, localhost and [::1]: traffic that never leaves the machine. */
export const isLoopbackHost = (hostname: string): boolean =>
  hostname === 'localhost' ||
  hostname === '[::1]' ||
  /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

const bad = (message: string): Result<URL> => err(appError('bad_input', message));

export const parseBaseUrl = (text: unknown): Result<URL> => {
  if (typeof text !== 'string' || text.trim() === '') {
    return bad('Enter the service address, like https://api.example.com.');
  }
  const raw = text.trim();
  if (raw.length > MAX_URL_LENGTH) return bad('That address is too long to be a service URL.');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return bad('That is not a web address. It should look like https://api.example.com.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return bad('The service address must start with https://.');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return bad(
      'Use https:// for the service: plain http would send your key unencrypted. ' +
        'http:// is allowed only for this computer (localhost).',
    );
  }
  if (url.username !== '' || url.password !== '') {
    return bad('Leave the user name and password out of the address: the key is entered apart.');
  }
  // Checked on the text too: "https://host/?" parses to an empty query but is not what was meant.
  if (url.search !== '' || url.hash !== '' || /[?#]/.test(raw)) {
    return bad(
      'Leave out the "?…" and "#…" parts: the service address is only scheme, host and path.',
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/v1$/i.test(path)) {
    return bad('Leave "/v1" off the end of the address: the app adds it.');
  }
  return ok(new URL(`${url.origin}${path}`));
};

/** `base` (from parseBaseUrl) + an absolute service path such as "/v1/organization". */
export const serviceUrl = (base: URL, path: string): string =>
  `${base.origin}${base.pathname.replace(/\/+$/, '')}${path}`;
