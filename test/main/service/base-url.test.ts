import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, parseBaseUrl, serviceUrl } from '../../../main/service/base-url';

const href = (text: string): string => {
  const r = parseBaseUrl(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.href;
};
const refusal = (text: unknown): string => {
  const r = parseBaseUrl(text);
  if (r.ok) throw new Error(`expected ${String(text)} to be refused`);
  expect(r.error.kind).toBe('bad_input');
  return r.error.message;
};

describe('parseBaseUrl', () => {
  it('takes https anywhere, trimming spaces and trailing slashes', () => {
    expect(href('  https://api.trycomp.ai/  ')).toBe('https://api.trycomp.ai/');
    expect(href('https://gateway.example.com/api//')).toBe('https://gateway.example.com/api');
    expect(href('https://gateway.example.com:8443/tenants/acme')).toBe(
      'https://gateway.example.com:8443/tenants/acme',
    );
  });

  it('takes plain http only to this computer', () => {
    expect(href('http://127.0.0.1:3333')).toBe('http://127.0.0.1:3333/');
    expect(href('http://127.8.9.10')).toBe('http://127.8.9.10/');
    expect(href('http://localhost:8080/api')).toBe('http://localhost:8080/api');
    expect(href('http://[::1]:9000')).toBe('http://[::1]:9000/');
    expect(refusal('http://api.example.com')).toMatch(/Use https/);
    expect(refusal('http://128.0.0.1')).toMatch(/Use https/);
    expect(refusal('http://localhost.attacker.example')).toMatch(/Use https/);
    expect(refusal('http://[::2]')).toMatch(/Use https/);
  });

  it('refuses what would change where a request goes', () => {
    expect(refusal('https://me:secret@api.example.com')).toMatch(/user name and password/);
    expect(refusal('https://api.example.com/?tenant=1')).toMatch(/"\?…"/);
    expect(refusal('https://api.example.com/?')).toMatch(/"\?…"/);
    expect(refusal('https://api.example.com/#v1')).toMatch(/"#…"/);
    expect(refusal('ftp://api.example.com')).toMatch(/https:\/\//);
    expect(refusal('javascript:alert(1)')).toMatch(/https:\/\//);
  });

  it('refuses a base URL ending in /v1, which the app adds itself', () => {
    expect(refusal('https://api.trycomp.ai/v1')).toMatch(/Leave "\/v1" off/);
    expect(refusal('https://api.trycomp.ai/v1/')).toMatch(/Leave "\/v1" off/);
  });

  it('says what is wrong with empty, non-text and non-URL input', () => {
    expect(refusal('')).toMatch(/Enter the service address/);
    expect(refusal(undefined)).toMatch(/Enter the service address/);
    expect(refusal(42)).toMatch(/Enter the service address/);
    expect(refusal('api.trycomp.ai')).toMatch(/not a web address/);
    expect(refusal(`https://a.example/${'x'.repeat(3000)}`)).toMatch(/too long/);
  });

  it('never throws, and whatever it accepts is https or loopback http without credentials or query', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.anything(),
        ),
        (text) => {
          const r = parseBaseUrl(text);
          if (!r.ok) return;
          const u = r.value;
          expect(
            u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname)),
          ).toBe(true);
          expect(u.username + u.password + u.search + u.hash).toBe('');
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('serviceUrl', () => {
  it('puts the service path after any prefix, with exactly one slash', () => {
    const at = (base: string, path: string) => {
      const r = parseBaseUrl(base);
      if (!r.ok) throw new Error(r.error.message);
      return serviceUrl(r.value, path);
    };
    expect(at('https://host/api', '/v1/organization')).toBe('https://host/api/v1/organization');
    expect(at('https://host/api/', '/v1/organization')).toBe('https://host/api/v1/organization');
    expect(at('https://host', '/v1/task-management/tski_1')).toBe(
      'https://host/v1/task-management/tski_1',
    );
  });
});
