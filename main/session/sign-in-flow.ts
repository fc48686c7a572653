import { err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { SignInEnd } from '../../common/sign-in-end';
import type { SessionGrant } from '../accounts/sign-in';
import { pageUnreachable } from './load-failure';
import { deadEndOf } from './sign-in-dead-end';
import { checkSignInUrl, signInWindowOpenDecision, signInWindowTitle } from './sign-in-address';
import { organizationIdFromUrl, pickSessionCookie } from './session-grant';
import type { CookieLike } from './session-grant';
import { SIGN_IN_PATIENCE_MS, signInEnded } from './sign-in-words';

/**
 * The sign-in window as the flow needs it. sign-in-window.ts builds it from a
 * BrowserWindow and its in-memory session; tests build it from plain objects.
 */
export interface SignInWindow {
  load(url: string): Promise<void>;
  show(): void;
  focus(): void;
  close(): void;
  isClosed(): boolean;
  /** Every page the window arrives at: loads, redirects' ends, in-page (client-side) routes. */
  onPage(listener: (url: string) => void): void;
  onReadyToShow(listener: () => void): void;
  onClosed(listener: () => void): void;
  /** Replaces what window.open does: the window never opens another one, whatever is answered. */
  onWindowOpen(listener: (url: string) => void): void;
  /** The cookies the window's session would send to url. */
  cookiesFor(url: string): Promise<readonly CookieLike[]>;
  clearSession(): Promise<void>;
}

export interface SignInDeps<W extends SignInWindow> {
  /** A new, hidden window with this title, in a session of its own. */
  readonly openWindow: (title: string) => W;
  /** The system browser, through openExternalSafely. */
  readonly openExternal: (url: string) => void;
  /** Runs `then` after `ms` unless cancelled; setTimeout's by default. */
  readonly after?: (ms: number, then: () => void) => () => void;
}

const afterTimeout = (ms: number, then: () => void): (() => void) => {
  const timer = setTimeout(then, ms);
  return () => clearTimeout(timer);
};

export interface SignInInProgress<W extends SignInWindow> {
  readonly window: W;
  /** The sign-in site's origin, e.g. https://app.trycomp.ai. */
  readonly origin: string;
}

export interface SignIn<W extends SignInWindow> {
  /** Opens the web app's sign-in page; resolves with the session once an organization's page loads. */
  start(signInUrl: string, serviceUrl: string): Promise<Result<SessionGrant>>;
  /** The sign-in under way, if any (the client-certificate handler asks). */
  current(): SignInInProgress<W> | null;
}

/**
 * "Sign in with the web app": a separate window on the web app's sign-in page.
 * When a page under /org_…/ loads, the person is signed in and has chosen an
 * organization: take the session cookie the browser would send to the
 * service, and close the window.
 */
export function createSignIn<W extends SignInWindow>(deps: SignInDeps<W>): SignIn<W> {
  // One sign-in at a time: both would share the partition, and the first to finish would clear the
  // other's cookies. A second request brings the open window forward and shares its outcome.
  let inProgress: (SignInInProgress<W> & { outcome: Promise<Result<SessionGrant>> }) | null = null;

  return {
    current: () => inProgress,
    start: (signInUrl, serviceUrl) => {
      if (inProgress) {
        if (!inProgress.window.isClosed()) inProgress.window.focus();
        return inProgress.outcome;
      }
      const address = checkSignInUrl(signInUrl);
      if (!address.ok) return Promise.resolve(address);
      const signIn = address.value;
      const win = deps.openWindow(signInWindowTitle(signIn));
      const outcome = waitForSignIn(deps, win, signIn, serviceUrl).finally(() => {
        inProgress = null;
      });
      inProgress = { window: win, origin: signIn.origin, outcome };
      return outcome;
    },
  };
}

function waitForSignIn(
  deps: SignInDeps<SignInWindow>,
  win: SignInWindow,
  signIn: URL,
  serviceUrl: string,
): Promise<Result<SessionGrant>> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Result<SessionGrant>) => {
      if (settled) return;
      settled = true;
      stopWaiting();
      resolve(result);
      if (!win.isClosed()) win.close();
      void win.clearSession();
    };
    const end = (why: SignInEnd) => finish(err(signInEnded(why)));
    // A window left open with no session helps nobody: after a long wait, say so and offer a key.
    const stopWaiting = (deps.after ?? afterTimeout)(SIGN_IN_PATIENCE_MS, () => end('too-long'));
    const check = async (url: string) => {
      const deadEnd = deadEndOf(url, signIn);
      if (deadEnd) return end(deadEnd);
      const organizationId = organizationIdFromUrl(url, signIn.href);
      if (!organizationId) return;
      const cookie = pickSessionCookie(await win.cookiesFor(serviceUrl));
      if (cookie) finish(ok({ cookie, organizationId }));
      else end('no-session');
    };
    win.onPage((url) => void check(url));
    win.onWindowOpen((url) => {
      const { externalUrl } = signInWindowOpenDecision(url, signIn);
      if (externalUrl !== null) deps.openExternal(externalUrl); // eng-disable OPEN_EXTERNAL_JS_CHECK -- externalUrl passed safeExternalUrl() and is the sign-in site's own origin
    });
    win.onClosed(() => end('closed'));
    win.onReadyToShow(() => win.show());
    win.load(signIn.href).catch((error: unknown) => {
      if (!pageUnreachable(error)) return; // the page moved on by itself: keep waiting
      end('unreachable');
    });
  });
}
