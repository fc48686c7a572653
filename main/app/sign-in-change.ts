import { isLoopbackHost } from '../service/base-url';
import { DEFAULT_SIGN_IN_URL } from '../settings/schema';
import type { Confirmation } from './core-options';

/**
 * The person types their password into the sign-in page, so the popup alone
 * may not point it at another site: a page that was taken over could. Main
 * asks the person itself (the confirm port) before a sign-in address whose
 * site is neither the service's own web app, nor the one already saved, nor
 * this computer is kept. Null: nothing to ask.
 */
export function signInAddressQuestion(next: string, saved: string): Confirmation | null {
  const to = new URL(next);
  const known = [DEFAULT_SIGN_IN_URL, saved].map((u) => URL.canParse(u) && new URL(u).origin);
  if (known.includes(to.origin) || isLoopbackHost(to.hostname)) return null;
  return {
    message: `Sign in at ${to.origin} from now on?`,
    detail:
      'Task Tray will open this site when you sign in with your web session, and you will ' +
      'type your password there. Say yes only if your organization told you to use it.',
    confirm: 'Use this address',
  };
}

export const SIGN_IN_NOT_CHANGED =
  'The sign-in address was not changed: you did not confirm the new site.';
