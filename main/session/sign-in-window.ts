import { BrowserWindow, session as electronSession } from 'electron';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { SessionGrant } from '../accounts/account-service';
import { signInWindowOptions } from '../window/window-options';
import { pageUnreachable } from './load-failure';
import { organizationIdFromUrl, pickSessionCookie } from './session-grant';

// An in-memory partition (no "persist:"): the web session exists only while
// the window is open; the cookie we keep goes to the keychain, nowhere else.
const PARTITION = 'task-tray-sign-in';

/**
 * Electron adapter for "Sign in with the web app": a separate window on the
 * web app's sign-in page. When a page under /org_…/ loads, the person is
 * signed in and has chosen an organization: take the session cookie the
 * browser would send to the service, and close the window.
 */
export function signInWithBrowser(
  signInUrl: string,
  serviceUrl: string,
): Promise<Result<SessionGrant>> {
  // One sign-in at a time: both would share the partition, and the first to finish would clear the
  // other's cookies. A second request brings the open window forward and shares its outcome.
  if (inProgress) {
    if (!inProgress.win.isDestroyed()) inProgress.win.focus();
    return inProgress.outcome;
  }
  const win = new BrowserWindow(signInWindowOptions({ partition: PARTITION })); // eng-disable SANDBOX_JS_CHECK CONTEXT_ISOLATION_JS_CHECK AUXCLICK_JS_CHECK -- options from signInWindowOptions(), proven hardened by window-options.test.ts
  const outcome = waitForSignIn(win, signInUrl, serviceUrl).finally(() => {
    inProgress = null;
  });
  inProgress = { win, outcome };
  return outcome;
}

let inProgress: { win: BrowserWindow; outcome: Promise<Result<SessionGrant>> } | null = null;

function waitForSignIn(
  win: BrowserWindow,
  signInUrl: string,
  serviceUrl: string,
): Promise<Result<SessionGrant>> {
  return new Promise((resolve) => {
    const ses = electronSession.fromPartition(PARTITION);
    let settled = false;
    const finish = (result: Result<SessionGrant>) => {
      if (settled) return;
      settled = true;
      resolve(result);
      if (!win.isDestroyed()) win.close();
      void ses.clearStorageData();
    };
    const check = async (url: string) => {
      const organizationId = organizationIdFromUrl(url, signInUrl);
      if (!organizationId) return;
      const cookie = pickSessionCookie(await ses.cookies.get({ url: serviceUrl }));
      if (cookie) finish(ok({ cookie, organizationId }));
      else {
        finish(
          err(
            appError(
              'not_connected',
              'Signed in, but the web app gave no session for the service address in Settings. Check the service URL, or connect with an API key.',
            ),
          ),
        );
      }
    };
    win.webContents.on('did-navigate', (_e, url) => void check(url));
    win.webContents.on('did-navigate-in-page', (_e, url) => void check(url));
    win.on('closed', () =>
      finish(
        err(appError('not_connected', 'The sign-in window was closed before sign-in finished.')),
      ),
    );
    win.loadURL(signInUrl).catch((error: unknown) => {
      if (!pageUnreachable(error)) return; // the page moved on by itself: keep waiting
      finish(
        err(
          appError(
            'network',
            'The sign-in page could not be reached. Check your connection and the sign-in URL in Settings.',
          ),
        ),
      );
    });
    win.once('ready-to-show', () => win.show());
  });
}
