import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openExternalSafely } from '../../../main/external/open-external';
import { MAX_EXTERNAL_URL_LENGTH, safeExternalUrl } from '../../../main/external/safe-external-url';
import { failure, unwrap } from '../../helpers/result';

describe('safeExternalUrl', () => {
  it.each([
    ['https://app.example.com/org_1/vendors/vnd_1?taskItemId=tski_1#task-items'],
    ['http://127.0.0.1:3000/'],
    ['  https://example.com/  '],
  ])('accepts the web link %s', (text) => {
    expect(unwrap(safeExternalUrl(text))).toBe(new URL(text.trim()).href);
  });

  it('returns the parsed form, so the browser gets exactly what was checked', () => {
    expect(unwrap(safeExternalUrl('HTTPS://EXAMPLE.com/a b'))).toBe('https://example.com/a%20b');
    expect(unwrap(safeExternalUrl('https://bücher.example/'))).toBe(
      'https://xn--bcher-kva.example/',
    );
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript with a hidden newline', 'java\nscript:alert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['a Windows share', 'file://server/share/x.exe'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['an OS handler', 'ms-settings:privacy'],
    ['our own scheme', 'app://bundle/index.html'],
    ['smb:', 'smb://host/share'],
    ['mailto:', 'mailto:a@example.com'],
  ])('refuses %s links', (_why, text) => {
    const error = failure(safeExternalUrl(text));
    expect(error.kind).toBe('bad_input');
    expect(error.message).toMatch(/Only http and https links are opened/);
  });

  it('refuses credentials in the link (a disguise for the real host)', () => {
    for (const text of ['https://user:pw@example.com/', 'https://google.com@evil.example/']) {
      expect(failure(safeExternalUrl(text)).message).toMatch(/user name or password/);
    }
  });

  it('refuses empty text, non-URLs and overlong links, each with its own reason', () => {
    expect(failure(safeExternalUrl('   ')).message).toMatch(/no link/);
    expect(failure(safeExternalUrl('tski_abc')).message).toMatch(/not a web address/);
    expect(failure(safeExternalUrl('example.com/page')).message).toMatch(/not a web address/);
    const long = `https://example.com/${'a'.repeat(MAX_EXTERNAL_URL_LENGTH)}`;
    expect(failure(safeExternalUrl(long)).message).toMatch(/too long/);
  });

  it('does not repeat the link in its messages (it may carry a token)', () => {
    const text = 'ftp://example.com/?token=s3cr3t-value';
    expect(failure(safeExternalUrl(text)).message).not.toContain('s3cr3t');
  });

  it('only ever returns http(s) links without credentials (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: true }), fc.string()), (text) => {
        const result = safeExternalUrl(text);
        if (!result.ok) return;
        const url = new URL(result.value);
        expect(['http:', 'https:']).toContain(url.protocol);
        expect(url.username + url.password).toBe('');
      }),
    );
  });
});

describe('openExternalSafely', () => {
  function recordingShell(fail = false) {
    const opened: string[] = [];
    return {
      opened,
      shell: {
        openExternal: async (url: string) => {
          opened.push(url);
          if (fail) throw new Error(`no handler for ${url}`);
        },
      },
    };
  }

  it('opens a checked web link', async () => {
    const { shell, opened } = recordingShell();
    expect(await openExternalSafely(shell, 'https://Example.com/x')).toEqual({
      ok: true,
      value: null,
    });
    expect(opened).toEqual(['https://example.com/x']);
  });

  it('never hands anything else to the OS', async () => {
    const { shell, opened } = recordingShell();
    for (const text of ['file:///etc/passwd', 'javascript:alert(1)', 'calculator:', 'x']) {
      expect(failure(await openExternalSafely(shell, text)).kind).toBe('bad_input');
    }
    expect(opened).toEqual([]);
  });

  it('turns a failure to open into an error value without the link in it', async () => {
    const { shell } = recordingShell(true);
    const error = failure(await openExternalSafely(shell, 'https://example.com/?t=abc123'));
    expect(error.kind).toBe('internal');
    expect(error.message).not.toContain('abc123');
  });
});
