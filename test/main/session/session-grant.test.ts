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
});
