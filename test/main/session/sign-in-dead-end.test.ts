import { describe, expect, it } from 'vitest';
import { deadEndOf } from '../../../main/session/sign-in-dead-end';

const SIGN_IN = new URL('https://app.example.com/auth');

describe('pages the sign-in window cannot get past', () => {
  it.each([
    'https://accounts.google.com/signin/oauth/error?authError=Cg9kaXNhbGxvd2VkX3VzZXJhZ2VudA',
    'https://accounts.google.com/signin/oauth/error/v2?authError=x',
    'https://accounts.google.com/v3/signin/rejected?continue=x',
    'https://accounts.google.com/signin/rejected',
  ])('Google refuses the window at %s', (url) => {
    expect(deadEndOf(url, SIGN_IN)).toBe('refused-in-window');
  });

  it.each([
    'https://app.example.com/auth/verify-request?provider=email',
    'https://app.example.com/check-email',
    'https://app.example.com/auth/Check-Your-Email/',
  ])('the sign-in site sent an email link at %s', (url) => {
    expect(deadEndOf(url, SIGN_IN)).toBe('email-link');
  });

  it.each([
    // Pages on the way to a session.
    'https://accounts.google.com/o/oauth2/v2/auth?client_id=x',
    'https://accounts.google.com/signin/v2/identifier',
    'https://github.com/login/oauth/authorize?client_id=x',
    'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    'https://app.example.com/auth',
    'https://app.example.com/org_abc/frameworks',
    // Look-alikes: another site's notice, or Google's path elsewhere.
    'https://evil.example/verify-request',
    'https://accounts.google.com.evil.example/signin/oauth/error',
    'http://accounts.google.com/signin/oauth/error',
    'not a url',
  ])('keeps waiting at %s', (url) => {
    expect(deadEndOf(url, SIGN_IN)).toBeNull();
  });

  it('knows a local sign-in site’s own notice', () => {
    const local = new URL('http://localhost:3000/auth');
    expect(deadEndOf('http://localhost:3000/verify-request', local)).toBe('email-link');
  });
});
