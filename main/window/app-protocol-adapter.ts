import { protocol } from 'electron';
import type { CustomScheme } from 'electron';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES } from './app-protocol';
import { respondToAppRequest } from './app-protocol-response';

/**
 * Call once, before app 'ready'. Electron keeps only the last call's list, so
 * any other privileged scheme must be passed here rather than registered apart.
 */
export function registerAppScheme(otherSchemes: readonly CustomScheme[] = []): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES, ...otherSchemes]);
}

/**
 * Call after 'ready': serves app://bundle/… from rootDir (the built renderer,
 * out/renderer) on the default session, with the CSP header; anything else
 * is a 404. Other sessions (the sign-in partition) do not get the scheme.
 */
export function serveAppBundle(rootDir: string): void {
  protocol.handle(APP_SCHEME, (request) =>
    respondToAppRequest({ url: request.url, method: request.method }, rootDir),
  );
}
