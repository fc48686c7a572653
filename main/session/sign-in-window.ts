import { BrowserWindow, dialog, session as electronSession, shell } from 'electron';
import type { App, Certificate, MessageBoxOptions, WebContents } from 'electron';
import { openExternalSafely } from '../external/open-external';
import { signInWindowOptions } from '../window/window-options';
import { wireClientCertificates } from './client-certificates';
import { createSignIn } from './sign-in-flow';
import type { SignInWindow } from './sign-in-flow';

// An in-memory partition (no "persist:"): the web session exists only while
// the window is open; the cookie we keep goes to the keychain, nowhere else.
const PARTITION = 'task-tray-sign-in';

/** Electron adapter: the sign-in flow's window is a BrowserWindow in the in-memory partition. */
function openSignInWindow(title: string): SignInWindow & { readonly contents: WebContents } {
  const win = new BrowserWindow({ ...signInWindowOptions({ partition: PARTITION }), title }); // eng-disable SANDBOX_JS_CHECK CONTEXT_ISOLATION_JS_CHECK AUXCLICK_JS_CHECK -- options from signInWindowOptions(), proven hardened by window-options.test.ts
  const ses = electronSession.fromPartition(PARTITION);
  const contents = win.webContents;
  // The page's <title> would replace ours: the person keeps seeing which site this is.
  win.on('page-title-updated', (event) => event.preventDefault());
  return {
    contents,
    load: (url) => win.loadURL(url),
    show: () => win.show(),
    focus: () => win.focus(),
    close: () => win.close(),
    isClosed: () => win.isDestroyed(),
    onPage: (listener) => {
      contents.on('did-navigate', (_e, url) => listener(url));
      contents.on('did-navigate-in-page', (_e, url) => listener(url));
    },
    onReadyToShow: (listener) => win.once('ready-to-show', listener),
    onClosed: (listener) => win.on('closed', listener),
    // Replaces the handler hardenAllWebContents set when the contents were created (Electron keeps
    // one per contents): that one sends any web link out; this one only the sign-in site's.
    onWindowOpen: (listener) =>
      contents.setWindowOpenHandler(({ url }) => {
        listener(url);
        return { action: 'deny' };
      }),
    cookiesFor: (url) => ses.cookies.get({ url }),
    clearSession: () => ses.clearStorageData(),
  };
}

const signIn = createSignIn({
  openWindow: openSignInWindow,
  openExternal: (url) => void openExternalSafely(shell, url),
});

export const signInWithBrowser = signIn.start;

/** The sign-in window's contents and the site it signs in to, while one is open. */
export function activeSignIn(): { readonly contents: WebContents; readonly origin: string } | null {
  const active = signIn.current();
  if (!active || active.window.isClosed()) return null;
  return { contents: active.window.contents, origin: active.origin };
}

/** The person's choice of certificate for the sign-in site: the index of a label, or null for none. */
async function askWhichCertificate(
  contents: WebContents,
  host: string,
  labels: readonly string[],
): Promise<number | null> {
  const options: MessageBoxOptions = {
    type: 'question',
    title: 'Certificate requested — Task Tray',
    message: `${host} asks for a certificate to identify you.`,
    detail:
      'Choose one only if your organization signs you in with a certificate. ' +
      'If you are not sure, do not send one.',
    buttons: [...labels, "Don't send one"],
    cancelId: labels.length,
    defaultId: labels.length,
    noLink: true,
  };
  const parent = BrowserWindow.fromWebContents(contents);
  const { response } = parent
    ? await dialog.showMessageBox(parent, options)
    : await dialog.showMessageBox(options);
  return response < labels.length ? response : null;
}

/** Electron adapter: no certificate is ever sent unless the person picks one for the sign-in site. */
export function handleClientCertificates(app: Pick<App, 'on'>): void {
  wireClientCertificates<WebContents, Certificate>(app, {
    activeSignIn,
    ask: askWhichCertificate,
  });
}
