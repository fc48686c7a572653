import { describe, expect, it } from 'vitest';
import { organizationIdFromUrl, pickSessionCookie } from '../../../main/session/session-grant';

const APP = 'https://app.example.com/auth/sign-in';

describe('organizationIdFromUrl', () => {
  it('ignores pages of other sites on the way (an identity provider), whatever their path', () => {
    expect(
      organizationIdFromUrl('https://accounts.idp.example/org_abc123/consent', APP),
    ).toBeNull();
    expect(organizationIdFromUrl('http://app.example.com/org_abc123', APP)).toBeNull();
  });

  it('finds the organization the web app opened after sign-in', () => {
    expect(organizationIdFromUrl('https://app.example.com/org_abc123/frameworks', APP)).toBe(
      'org_abc123',
    );
    expect(organizationIdFromUrl('https://app.example.com/org_abc123', APP)).toBe('org_abc123');
    expect(organizationIdFromUrl('https://app.example.com/prefix/org_Z9/vendors/vnd_1', APP)).toBe(
      'org_Z9',
    );
  });

  it('finds nothing on sign-in, onboarding or foreign pages', () => {
    expect(organizationIdFromUrl('https://app.example.com/auth', APP)).toBeNull();
    expect(organizationIdFromUrl('https://app.example.com/setup?next=/org_abc', APP)).toBeNull();
    expect(organizationIdFromUrl('https://app.example.com/org_/x', APP)).toBeNull();
    expect(organizationIdFromUrl('not a url', APP)).toBeNull();
  });
});

describe('pickSessionCookie', () => {
  it('prefers the production cookie and returns it as a header value', () => {
    const cookies = [
      { name: 'theme', value: 'dark' },
      { name: 'better-auth.session_token', value: 'dev' },
      { name: '__Secure-better-auth.session_token', value: 'prod.sig' },
    ];
    expect(pickSessionCookie(cookies)).toBe('__Secure-better-auth.session_token=prod.sig');
  });

  it('takes the development cookie when it is the only one', () => {
    expect(pickSessionCookie([{ name: 'better-auth.session_token', value: 't' }])).toBe(
      'better-auth.session_token=t',
    );
  });

  it('returns null when there is no session (or an empty one)', () => {
    expect(pickSessionCookie([])).toBeNull();
    expect(pickSessionCookie([{ name: 'better-auth.session_token', value: '' }])).toBeNull();
    expect(pickSessionCookie([{ name: 'session', value: 'x' }])).toBeNull();
  });

  // Issue 12: signing in to staging or a self-hosted server ended in "no session".
  it.each([
    ['__Secure-staging.session_token', 'staging (https)'],
    ['staging.session_token', 'staging over plain http'],
    ['local.session_token', 'self-hosted without a cookie domain'],
    ['__Secure-local.session_token', 'self-hosted without a cookie domain, on https'],
    ['__Secure-acme-grc.session_token', 'a fork with a prefix of its own'],
  ])('picks up %s (%s)', (name) => {
    const cookies = [
      { name: 'theme', value: 'dark' },
      { name: name.replace('session_token', 'session_data'), value: 'cache' },
      { name, value: 'tok.sig' },
    ];
    expect(pickSessionCookie(cookies)).toBe(`${name}=tok.sig`);
  });

  it("prefers a deployment's known cookie to a look-alike, and the https form of each", () => {
    expect(
      pickSessionCookie([
        { name: 'other.session_token', value: 'x' },
        { name: 'local.session_token', value: 'plain' },
        { name: '__Secure-local.session_token', value: 'secure' },
      ]),
    ).toBe('__Secure-local.session_token=secure');
    expect(
      pickSessionCookie([
        { name: 'other.session_token', value: 'x' },
        { name: '__Secure-other.session_token', value: 'y' },
      ]),
    ).toBe('__Secure-other.session_token=y');
  });

  it('takes no cookie that is not a session token', () => {
    for (const name of [
      'session_token',
      '.session_token',
      'staging.session_data',
      'x.session_token.bak',
    ]) {
      expect(pickSessionCookie([{ name, value: 'v' }])).toBeNull();
    }
  });
});
