import { APP_HOST, APP_SCHEME } from '../window/app-protocol';

/**
 * Only our own renderer, served from app://bundle/ (main/window/app-protocol.ts),
 * may call main. There is no dev-server exception: `npm start` builds and
 * serves the bundle the same way a packaged app does.
 */
export function isTrustedSender(frameUrl: string | undefined | null): boolean {
  if (!frameUrl) return false;
  try {
    const url = new URL(frameUrl);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
  } catch {
    return false;
  }
}
