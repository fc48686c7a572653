import { appError } from '../../common/result';
import type { AppError } from '../../common/result';
import type { SignInEnd } from '../../common/sign-in-end';

/** How long the sign-in window waits for a session before it gives up. */
export const SIGN_IN_PATIENCE_MS = 10 * 60_000;

/** What the person reads when a web sign-in ends without a session; `signInEnded` names why. */
export function signInEnded(why: SignInEnd): AppError {
  const [kind, message] = WORDS[why];
  return appError(kind, message, { signInEnded: why });
}

const WORDS: Readonly<Record<SignInEnd, readonly [AppError['kind'], string]>> = {
  closed: ['not_connected', 'The sign-in window was closed before sign-in finished.'],
  unreachable: [
    'network',
    'The sign-in page could not be reached. Check your connection and the sign-in URL in Settings.',
  ],
  'refused-in-window': [
    'not_connected',
    'Google does not allow signing in inside an app window, so the sign-in window was closed.',
  ],
  'email-link': [
    'not_connected',
    'The web app sent you a sign-in link by email. That link opens in your browser, never in the sign-in window, so it cannot connect Task Tray.',
  ],
  'too-long': [
    'timeout',
    `No sign-in finished within ${SIGN_IN_PATIENCE_MS / 60_000} minutes, so the sign-in window was closed.`,
  ],
  'no-session': [
    'not_connected',
    'Signed in, but the web app gave no session for the service address in Settings. Check the service URL, or connect with an API key.',
  ],
};
