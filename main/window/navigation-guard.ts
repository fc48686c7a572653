import type { App, WebContents } from 'electron';
import { safeExternalUrl } from '../external/safe-external-url';
import { APP_HOST, APP_SCHEME } from './app-protocol';

/**
 * Where a window's pages may go.
 * - app: the popup. Only its own app://bundle origin; anything else is an
 *   injected link or script trying to leave the bundle.
 * - web: the sign-in window. The web app's sign-in may pass through identity
 *   providers we cannot list, so any https page; plain http only on loopback
 *   (a local web app in development). Never app:, file:, data:, javascript:
 *   or an OS scheme handler.
 */
export type NavigationPolicy =
  { readonly kind: 'app' } | { readonly kind: 'web'; readonly allowLoopbackHttp: boolean };

export const APP_NAVIGATION: NavigationPolicy = { kind: 'app' };
export const SIGN_IN_NAVIGATION: NavigationPolicy = { kind: 'web', allowLoopbackHttp: true };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const parse = (url: string): URL | null => {
  try {
    return new URL(url);
  } catch {
    return null;
  }
};

/** Pure: may a frame of a window under this policy navigate to url? */
export function mayNavigate(url: string, policy: NavigationPolicy): boolean {
  const target = parse(url);
  if (!target || target.username !== '' || target.password !== '') return false;
  if (policy.kind === 'app') {
    return target.protocol === `${APP_SCHEME}:` && target.host === APP_HOST;
  }
  if (target.protocol === 'https:') return target.hostname !== '';
  return (
    target.protocol === 'http:' && policy.allowLoopbackHttp && LOOPBACK_HOSTS.has(target.hostname)
  );
}

/**
 * Pure: what window.open / target=_blank / middle-click does. No window of
 * ours ever opens another one; a web link goes to the system browser instead,
 * anything else is dropped.
 */
export function windowOpenDecision(url: string): { readonly externalUrl: string | null } {
  const safe = safeExternalUrl(url);
  return { externalUrl: safe.ok ? safe.value : null };
}

export interface ContentsPolicy {
  readonly navigation: NavigationPolicy;
  /** Opens a checked http(s) URL in the system browser (openExternalSafely bound to shell). */
  readonly openExternal: (url: string) => void;
}

/** The part of WebContents the guard uses; real WebContents fit it (tsc checks the adapter below). */
export type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'> & {
  readonly session: Pick<
    WebContents['session'],
    'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
  >;
};

/**
 * Adapter: applies docs/ARCHITECTURE.md invariant 2's runtime half to one webContents. Navigation
 * (main frame, sub-frames, server redirects) outside the policy is
 * prevented; new windows are denied; <webview> is refused; every permission
 * the page could ask for (camera, notifications, clipboard, HID, …) is denied
 * on its session, and checks answer "no" so the page does not even see them.
 */
export function hardenWebContents(contents: GuardedContents, policy: ContentsPolicy): void {
  const guard = (details: { url: string; preventDefault(): void }) => {
    if (!mayNavigate(details.url, policy.navigation)) details.preventDefault();
  };
  contents.on('will-navigate', (details) => guard(details));
  contents.on('will-frame-navigate', (details) => guard(details));
  contents.on('will-redirect', (details) => guard(details));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const { externalUrl } = windowOpenDecision(url);
    if (externalUrl !== null) policy.openExternal(externalUrl); // eng-disable OPEN_EXTERNAL_JS_CHECK -- externalUrl passed safeExternalUrl(): parsed, http(s) only
    return { action: 'deny' };
  });
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  );
  contents.session.setPermissionCheckHandler(() => false);
  contents.session.setDevicePermissionHandler(() => false);
}

/**
 * Adapter: hardens every webContents the app ever creates (the popup, the
 * sign-in window, any created by a library), before it loads anything.
 * policyFor picks the navigation policy per contents, e.g. by session.
 */
export function hardenAllWebContents(
  app: Pick<App, 'on'>,
  policyFor: (contents: WebContents) => ContentsPolicy,
): void {
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, policyFor(contents)),
  );
}
