import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../../../main/ipc/trusted-sender';

describe('isTrustedSender', () => {
  it('trusts our own bundled renderer', () => {
    expect(isTrustedSender('app://bundle/index.html')).toBe(true);
    expect(isTrustedSender('app://bundle/index.html#/settings')).toBe(true);
  });

  it.each([
    undefined,
    null,
    '',
    'not a url',
    'https://evil.example/',
    'file:///etc/passwd',
    'app://elsewhere/index.html',
    'http://localhost:5173/',
    'about:blank',
    'devtools://devtools/bundled/inspector.html',
  ])('refuses %s', (url) => {
    expect(isTrustedSender(url)).toBe(false);
  });

  it('trusts the dev server only when one is configured, and only its origin', () => {
    const dev = { devServerUrl: 'http://localhost:5173' };
    expect(isTrustedSender('http://localhost:5173/index.html', dev)).toBe(true);
    expect(isTrustedSender('http://localhost:5174/index.html', dev)).toBe(false);
    expect(isTrustedSender('http://localhost:5173.evil.example/', dev)).toBe(false);
  });
});
