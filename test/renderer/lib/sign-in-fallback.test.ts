import { describe, expect, it } from 'vitest';
import { appError } from '../../../common/result';
import { SIGN_IN_ENDS } from '../../../common/sign-in-end';
import { signInFallback } from '../../../renderer/lib/sign-in-fallback';

describe('a web sign-in that ended without a session', () => {
  it.each(SIGN_IN_ENDS)('says what happened when it ended %s, and offers the API key', (why) => {
    const fallback = signInFallback(
      appError('not_connected', 'Main’s words.', { signInEnded: why }),
    );
    expect(fallback?.title).toMatch(/\S/);
    expect(fallback?.hint).toMatch(/connect with an API key instead\.$/);
  });

  it('names the other ways in where the window cannot sign in at all', () => {
    for (const why of ['refused-in-window', 'email-link'] as const)
      expect(signInFallback(appError('not_connected', 'x', { signInEnded: why }))?.hint).toBe(
        'Sign in with GitHub or Microsoft where the web app offers them, or connect with an API key instead.',
      );
  });

  it('is nothing for any other failure', () => {
    expect(
      signInFallback(appError('unauthorized', 'The service rejected this API key.')),
    ).toBeNull();
    expect(signInFallback(appError('timeout', 'Sign-in took too long.'))).toBeNull();
  });
});
