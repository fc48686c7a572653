import { appError } from '../../common/result';
import type { AppError } from '../../common/result';

/** A sign-in was refused: say it in words about the key or the session, not about HTTP. */
export function refusedSignIn(e: AppError, what: 'key' | 'session'): AppError {
  if (e.kind !== 'unauthorized') return e;
  return {
    ...e,
    message:
      what === 'key'
        ? 'The service rejected this API key. Check you copied all of it and that it has not been revoked.'
        : 'The web session was not accepted. Sign in again in the window that opens.',
  };
}

/** keytar reports a locked Linux keyring as "no entry": say both, so nobody re-enters a key they still have. */
export const missingSecret = (label: string): AppError =>
  appError(
    'not_connected',
    `The key for ${label} was not found in the system keychain. If your keyring is locked, unlock it and restart Task Tray; otherwise connect again.`,
  );

/** Asked for by id after another window or the tray removed it. */
export const noSuchAccount = (): AppError =>
  appError('bad_input', 'That account is no longer on this computer.');

export const emptyName = (): AppError => appError('bad_input', 'A name cannot be empty.');

export const webSignInUnavailable = (): AppError =>
  appError('not_connected', 'Signing in with the web app is not available here.');

export const demoDidNotStart = (): AppError =>
  appError('internal', 'The demo could not start on this computer. Try again.');

export const keyNotDeleted = (why: string): AppError =>
  appError(
    'keychain_unavailable',
    `Removed, but the key could not be deleted from the system keychain: ${why}`,
  );
