import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openExternalSafely } from '../../../main/external/open-external';
import { MAX_EXTERNAL_URL_LENGTH, safeExternalUrl } from '../../../main/external/safe-external-url';
import { failure, unwrap } from '../../helpers/result';

describe('safeExternalUrl', () => {
  it.each([
    ['https://app.example.com/org_1/vendors/vnd_1?taskItemId=tski_1#task-items'],
    ['http://example.com:3000/'],
    ['  https://example.com/  '],
    // Public addresses and names that only look local.
    ['https://8.8.8.8/'],
    ['https://172.32.0.1/'],
    ['https://[2001:db8::1]/'],
    ['https://[64:ff9b::8.8.8.8]/'],
    ['https://[::ffff:8.8.8.8]/'],
    ['https://localhost.example.com/'],
    ['https://10.example.com/'],
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

  // A hostile page, service answer or pasted link must not aim the person's browser (and its
  // cookies) at a router's admin page or a dev server behind the firewall.
  it.each([
    'http://localhost:8080/admin',
    'https://LOCALHOST./',
    'http://dev.localhost/',
    'http://127.0.0.1/',
    'http://127.8.9.10:3000/',
    'http://0x7f.1/',
    'http://2130706433/',
    'http://0.0.0.0:8080/',
    'http://[::1]/',
    'http://[::]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::127.0.0.1]/',
  ])('refuses %s: this computer', (text) => {
    const error = failure(safeExternalUrl(text));
    expect(error.kind).toBe('bad_input');
    expect(error.message).toMatch(/this computer/);
  });

  it.each([
    'http://10.0.0.1/',
    'https://10.255.255.255/x',
    'http://172.16.0.1/',
    'http://172.31.255.254/',
    'http://192.168.1.1/cgi-bin/reboot',
    'http://192.168.0.1./',
    'http://169.254.169.254/latest/meta-data/',
    'http://0xa9fea9fe/',
    'http://[fc00::1]/',
    'http://[fd12:3456:789a::1]/',
    'http://[fe80::1]/',
    'http://[febf::1]/',
    'http://[::ffff:192.168.1.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[::ffff:0:10.0.0.1]/',
    'http://[64:ff9b::192.168.0.1]/',
  ])('refuses %s: the local network', (text) => {
    const error = failure(safeExternalUrl(text));
    expect(error.kind).toBe('bad_input');
    expect(error.message).toMatch(/local network/);
  });

  it('refuses every spelling of every local IPv4 address (property)', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const local = fc.oneof(
      fc.tuple(fc.constantFrom(0, 10, 127), octet, octet, octet),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
      fc.tuple(fc.constantFrom(192), fc.constant(168), octet, octet),
      fc.tuple(fc.constantFrom(169), fc.constant(254), octet, octet),
    );
    const hex = (n: number) => n.toString(16);
    const spellings = (o: readonly number[]) => {
      const n = o.reduce((acc, x) => acc * 256 + x, 0);
      return [
        o.join('.'),
        String(n),
        `0x${hex(n)}`,
        o.map((x) => `0x${hex(x)}`).join('.'),
        `${o[0]}.${(o[1]! << 16) + (o[2]! << 8) + o[3]!}`,
        `[::ffff:${o.join('.')}]`,
        `[::ffff:${hex((o[0]! << 8) + o[1]!)}:${hex((o[2]! << 8) + o[3]!)}]`,
      ];
    };
    fc.assert(
      fc.property(local, fc.constantFrom('http', 'https'), (octets, scheme) => {
        for (const host of spellings(octets)) {
          const result = safeExternalUrl(`${scheme}://${host}/`);
          expect(result.ok, host).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
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
    for (const text of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'calculator:',
      'x',
      'http://192.168.1.1/',
      'http://localhost:3000/',
    ]) {
      expect(failure(await openExternalSafely(shell, text)).kind).toBe('bad_input');
    }
    expect(opened).toEqual([]);
  });

  it('resolves the name first: one that leads to this computer or the local network is not opened (issue 34)', async () => {
    const { shell, opened } = recordingShell();
    // What DNS answers for these names (nip.io answers with the address in the name).
    const dns: Record<string, string[]> = {
      '127.0.0.1.nip.io': ['127.0.0.1'],
      'router.example.net': ['203.0.113.9', '192.168.1.1'],
      'printer.corp.example': ['::1'],
      'mapped.example': ['::ffff:127.0.0.1'],
      'zoned.example': ['fe80::1%eth0'],
      'example.com': ['93.184.215.14'],
    };
    const resolve = async (host: string) => dns[host] ?? [];
    for (const text of [
      'https://127.0.0.1.nip.io/admin',
      'http://router.example.net/',
      'https://printer.corp.example/',
      'https://mapped.example/',
      'https://zoned.example/',
      // mDNS names are the local network by definition.
      'http://nas.local/',
      'http://nas.local./',
    ]) {
      const error = failure(await openExternalSafely(shell, text, resolve));
      expect(error.message).toMatch(/this computer|local network/);
    }
    expect(opened).toEqual([]);
    unwrap(await openExternalSafely(shell, 'https://example.com/', resolve));
    // A name that does not resolve here is the browser's to try: it cannot reach anything local.
    unwrap(await openExternalSafely(shell, 'https://unknown.example/', resolve));
    expect(opened).toEqual(['https://example.com/', 'https://unknown.example/']);
  });

  it('turns a failure to open into an error value without the link in it', async () => {
    const { shell } = recordingShell(true);
    const error = failure(await openExternalSafely(shell, 'https://example.com/?t=abc123'));
    expect(error.kind).toBe('internal');
    expect(error.message).not.toContain('abc123');
  });
});
