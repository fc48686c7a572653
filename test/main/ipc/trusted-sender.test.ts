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
    // Our scheme and host, but not the page main loaded.
    'app://evil@bundle/index.html',
    'app://evil:pw@bundle/index.html',
    'app://bundle:8080/index.html',
    'app://bundle/other.html',
    'app://bundle/assets/evil.html',
    'app://bundle/',
    'app://bundle/index.html?x=1',
    'app://bundle.evil/index.html',
  ])('refuses %s', (url) => {
    expect(isTrustedSender(url)).toBe(false);
  });
});
