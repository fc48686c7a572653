import type { AppError } from '../../common/result';
import type { SignInEnd } from '../../common/sign-in-end';

export interface SignInFallback {
  /** What happened, in a line. */
  readonly title: string;
  /** What still works; the popup offers "Connect with an API key instead" beside it. */
  readonly hint: string;
}

const INSTEAD = 'or connect with an API key instead.';
const OTHER_SIGN_IN = `Sign in with GitHub or Microsoft where the web app offers them, ${INSTEAD}`;

const FALLBACKS: Readonly<Record<SignInEnd, SignInFallback>> = {
  closed: {
    title: 'The sign-in window was closed',
    hint: `If it could not sign you in, use GitHub or Microsoft where the web app offers them, ${INSTEAD}`,
  },
  unreachable: {
    title: 'The sign-in page did not open',
    hint: `Check the web app address under “Web sign-in addresses”, ${INSTEAD}`,
  },
  'refused-in-window': { title: 'Google sign-in does not work here', hint: OTHER_SIGN_IN },
  'email-link': { title: 'Email sign-in does not work here', hint: OTHER_SIGN_IN },
  'too-long': { title: 'Sign-in took too long', hint: `Try again, ${INSTEAD}` },
  'no-session': {
    title: 'Signed in, but Task Tray got no session',
    hint: `Check the service address under “Web sign-in addresses”, ${INSTEAD}`,
  },
};

/**
 * A web sign-in that ended without a session (main says why): the words for
 * it, and so the offer of the API key, which works wherever the service
 * answers. Null for any other failure.
 */
export function signInFallback(error: AppError): SignInFallback | null {
  return error.signInEnded ? FALLBACKS[error.signInEnded] : null;
}
