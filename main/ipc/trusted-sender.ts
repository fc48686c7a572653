import { APP_HOST, APP_INDEX_URL, APP_SCHEME } from '../window/app-protocol';

const INDEX_PATH = new URL(APP_INDEX_URL).pathname;

/**
 * Only our own renderer, the one page served as app://bundle/index.html
 * (main/window/app-protocol.ts), may call main. There is no dev-server
 * exception: `npm start` builds and serves the bundle the same way a
 * packaged app does. Origin and path are compared exactly: a URL with
 * credentials (app://evil@bundle/…) or another file of the bundle is not
 * the page main loaded.
 */
export function isTrustedSender(frameUrl: string | undefined | null): boolean {
  if (!frameUrl) return false;
  try {
    const url = new URL(frameUrl);
    return (
      url.protocol === `${APP_SCHEME}:` &&
      url.username === '' &&
      url.password === '' &&
      url.host === APP_HOST &&
      url.pathname === INDEX_PATH &&
      url.search === ''
    );
  } catch {
    return false;
  }
}
