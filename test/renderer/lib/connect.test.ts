// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { appError, SERVICE_ERROR_KINDS, APP_ERROR_KINDS } from '../../../common/result';
import { validateConnectForm } from '../../../renderer/lib/connect-form';
import { connectGuidance } from '../../../renderer/lib/connect-guidance';

const good = { baseUrl: 'https://api.example.com', apiKey: 'comp_abc', organizationId: '' };

describe('validateConnectForm', () => {
  it('accepts a complete form, organization id optional', () => {
    expect(validateConnectForm(good)).toEqual({});
    expect(validateConnectForm({ ...good, organizationId: 'org_123abc' })).toEqual({});
  });

  it('names each field that is wrong', () => {
    const e = validateConnectForm({ baseUrl: '', apiKey: '  ', organizationId: 'acme' });
    expect(e.baseUrl).toMatch(/address of the service/);
    expect(e.apiKey).toBe('Enter an API key.');
    expect(e.organizationId).toMatch(/org_/);
  });

  it('refuses what is not a web address', () => {
    expect(validateConnectForm({ ...good, baseUrl: 'api.example.com' }).baseUrl).toMatch(
      /https:\/\//,
    );
    expect(validateConnectForm({ ...good, baseUrl: 'ftp://x.example' }).baseUrl).toMatch(
      /https:\/\//,
    );
  });

  it('puts an http:// address on the address, not the key (plain http only for this computer)', () => {
    const e = validateConnectForm({ ...good, baseUrl: 'http://api.example.com' });
    expect(e.baseUrl).toMatch(/Use https:\/\//);
    expect(e.apiKey).toBeUndefined();
    expect(validateConnectForm({ ...good, baseUrl: 'http://localhost:3333' })).toEqual({});
    expect(validateConnectForm({ ...good, baseUrl: 'http://127.0.0.1:3333' })).toEqual({});
  });
});

describe('connectGuidance', () => {
  it('has advice for every kind of failure', () => {
    for (const kind of [...SERVICE_ERROR_KINDS, ...APP_ERROR_KINDS]) {
      const g = connectGuidance(appError(kind, 'What main said.'));
      expect(g.message).toBe('What main said.');
      expect(g.hint.length).toBeGreaterThan(20);
    }
  });

  it('points at the field at fault', () => {
    expect(connectGuidance(appError('unauthorized', 'Invalid or expired API key')).field).toBe(
      'apiKey',
    );
    expect(connectGuidance(appError('network', 'Could not reach')).field).toBe('baseUrl');
    expect(connectGuidance(appError('bad_response', 'Not JSON')).field).toBe('baseUrl');
    expect(
      connectGuidance(appError('bad_input', 'An organization id looks like "org_…".')).field,
    ).toBe('organizationId');
    // Main's words for an http address mention the key it protects: still the address's fault.
    const http = appError(
      'bad_input',
      'Use https:// for the service: plain http would send your key unencrypted. http:// is allowed only for this computer (localhost).',
    );
    expect(connectGuidance(http).field).toBe('baseUrl');
    // The key works for another organization (the real service answers with the key's own).
    const wrongOrg = appError(
      'forbidden',
      'These credentials belong to the organization Acme (org_a1), not org_b2. Correct the organization id, or leave it empty to use theirs.',
    );
    expect(connectGuidance(wrongOrg).field).toBe('organizationId');
    const scopes = appError(
      'forbidden',
      'The API key lacks the task permissions: every task operation needs all four task scopes, task:create, task:read, task:update, task:delete.',
    );
    expect(connectGuidance(scopes)).toMatchObject({ field: 'apiKey', message: scopes.message });
  });

  it('a title that agrees with the hint: a key the service knew but refused is not "Could not connect"', () => {
    const scopes = connectGuidance(
      appError('forbidden', 'The API key lacks the task permissions: task:update.'),
    );
    expect(scopes.title).toBe('This key may not change tasks');
    expect(scopes.hint).toMatch(/^The service knows this key, but it lacks the scopes/);
    expect(connectGuidance(appError('network', 'Could not reach')).title).toBe('Could not connect');
    expect(connectGuidance(appError('unauthorized', 'Invalid key')).title).toBe(
      'Could not connect',
    );
  });

  it('says how long to wait when rate limited', () => {
    const g = connectGuidance(
      appError('rate_limited', 'Too many requests', { retryAfterMs: 12_300 }),
    );
    expect(g.hint).toBe('Wait 13 s, then try again.');
  });

  it('tells Linux users how to get a keychain', () => {
    expect(connectGuidance(appError('keychain_unavailable', 'No keychain')).hint).toMatch(
      /gnome-keyring or KWallet/,
    );
  });
});
