import { describe, expect, it } from 'vitest';
import { pageUnreachable } from '../../../main/session/load-failure';

/** A loadURL rejection as Electron builds it (lib/browser/api/web-contents.ts). */
function loadError(code: string, errno: number, url = 'https://app.example.com/auth'): Error {
  return Object.assign(new Error(`${code} (${errno}) loading '${url}'`), { code, errno, url });
}

describe('a rejected load of the sign-in page', () => {
  it('keeps the window when the page redirected itself while loading (ERR_ABORTED)', () => {
    expect(pageUnreachable(loadError('ERR_ABORTED', -3))).toBe(false);
  });

  it('says the page could not be reached for a real network failure', () => {
    for (const [code, errno] of [
      ['ERR_NAME_NOT_RESOLVED', -105],
      ['ERR_CONNECTION_REFUSED', -102],
      ['ERR_INTERNET_DISCONNECTED', -106],
      ['ERR_CERT_AUTHORITY_INVALID', -202],
    ] as const) {
      expect({ code, unreachable: pageUnreachable(loadError(code, errno)) }).toEqual({
        code,
        unreachable: true,
      });
    }
  });

  it('treats anything else it cannot read as unreachable, so the person is never left waiting', () => {
    expect(pageUnreachable(new Error('boom'))).toBe(true);
    expect(pageUnreachable(undefined)).toBe(true);
    expect(pageUnreachable('ERR_ABORTED')).toBe(true);
  });
});
