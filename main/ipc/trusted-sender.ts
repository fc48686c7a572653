/** The renderer is served from app://bundle/ (see main/window/app-protocol.ts). */
export const APP_ORIGIN = 'app://bundle';

/**
 * Only our own renderer's top frame may call main. `devServerUrl` is the
 * electron-vite dev server, allowed only in an unpackaged dev run.
 */
export function isTrustedSender(
  frameUrl: string | undefined | null,
  opts: { devServerUrl?: string | undefined } = {},
): boolean {
  if (!frameUrl) return false;
  let url: URL;
  try {
    url = new URL(frameUrl);
  } catch {
    return false;
  }
  if (url.protocol === 'app:' && url.host === 'bundle') return true;
  if (opts.devServerUrl) {
    try {
      return url.origin === new URL(opts.devServerUrl).origin;
    } catch {
      return false;
    }
  }
  return false;
}
