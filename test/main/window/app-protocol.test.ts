import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RENDERER_CSP } from '../../../main/window/csp';
import { APP_INDEX_URL, resolveAppRequest } from '../../../main/window/app-protocol';
import { respondToAppRequest } from '../../../main/window/app-protocol-response';
import { useTempDirs } from '../../helpers/temp-dir';

const ROOT = join(sep, 'srv', 'out', 'renderer');

describe('resolveAppRequest', () => {
  it('serves index.html for the bare origin and for /', () => {
    for (const url of ['app://bundle', 'app://bundle/', APP_INDEX_URL, 'app://bundle/?x=1#top']) {
      expect(resolveAppRequest(url, ROOT)).toEqual({
        filePath: join(ROOT, 'index.html'),
        mimeType: 'text/html; charset=utf-8',
      });
    }
  });

  it('maps bundle files with their type, ignoring query and fragment', () => {
    expect(resolveAppRequest('app://bundle/assets/index-Ab12.js?v=3#x', ROOT)).toEqual({
      filePath: join(ROOT, 'assets', 'index-Ab12.js'),
      mimeType: 'text/javascript; charset=utf-8',
    });
    expect(resolveAppRequest('app://bundle/assets/index.css', ROOT)?.mimeType).toMatch(
      /^text\/css/,
    );
    expect(resolveAppRequest('app://bundle/assets/logo.svg', ROOT)?.mimeType).toBe('image/svg+xml');
    expect(resolveAppRequest('app://bundle/assets/my%20file.png', ROOT)?.filePath).toBe(
      join(ROOT, 'assets', 'my file.png'),
    );
  });

  it.each([
    ['another host', 'app://other/index.html'],
    ['an upper-case host', 'app://BUNDLE/index.html'],
    ['credentials', 'app://user:pw@bundle/index.html'],
    ['a port', 'app://bundle:8080/index.html'],
    ['another scheme', 'file:///srv/out/renderer/index.html'],
    ['https', 'https://bundle/index.html'],
    ['dot-dot', 'app://bundle/../../etc/passwd'],
    ['dot-dot in the middle', 'app://bundle/assets/../index.html'],
    ['a single dot', 'app://bundle/./index.html'],
    ['encoded dot-dot', 'app://bundle/%2e%2e/%2e%2e/etc/passwd'],
    ['mixed-case encoded dot-dot', 'app://bundle/%2E%2e/secret.json'],
    ['half-encoded dot-dot', 'app://bundle/.%2e/secret.json'],
    ['encoded slash', 'app://bundle/assets%2f..%2f..%2fetc%2fpasswd'],
    ['backslash', 'app://bundle/..\\..\\etc\\passwd'],
    ['encoded backslash', 'app://bundle/..%5c..%5cwindows%5cwin.ini'],
    ['an absolute path', 'app://bundle//etc/passwd.txt'],
    ['a drive path', 'app://bundle/C:%5cWindows%5cwin.ini'],
    ['a drive path with slash', 'app://bundle/C:/Windows/win.ini'],
    ['a NUL byte', 'app://bundle/index.html%00.png'],
    ['a raw NUL byte', 'app://bundle/index.html\0.png'],
    ['a control character', 'app://bundle/index%0a.html'],
    ['malformed encoding', 'app://bundle/%E0%A4%A.js'],
    ['a directory', 'app://bundle/assets/'],
    ['an unknown file type', 'app://bundle/keys.pem'],
    ['no extension', 'app://bundle/LICENSE'],
    ['an overlong URL', `app://bundle/${'a/'.repeat(2000)}x.js`],
    ['not a URL', 'index.html'],
  ])('refuses %s', (_why, url) => {
    expect(resolveAppRequest(url, ROOT)).toBeNull();
  });

  const segment = fc.oneof(
    fc.constantFrom('..', '.', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%2f', '%5c', '\\', '%00', ''),
    fc.constantFrom('C:', '~', 'etc', 'assets', 'index.html', 'a.js', 'passwd'),
    fc.string({ maxLength: 8 }),
  );

  it('never resolves outside the root, whatever the path (property)', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 8 }),
        fc.string({ maxLength: 6 }),
        (parts, tail) => {
          const url = `app://bundle/${parts.join('/')}${tail}`;
          const resolved = resolveAppRequest(url, ROOT);
          if (resolved === null) return;
          const rel = relative(ROOT, resolved.filePath);
          expect(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)).toBe(false);
          expect(resolved.filePath.includes('\0')).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses any path with a dot-dot segment, encoded or not (property)', () => {
    const dotDot = fc.constantFrom('..', '%2e%2e', '%2E%2e', '.%2E', '%2e.');
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/), { maxLength: 4 }),
        dotDot,
        fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/), { maxLength: 4 }),
        (before, dots, after) => {
          const url = `app://bundle/${[...before, dots, ...after, 'x.js'].join('/')}`;
          expect(resolveAppRequest(url, ROOT)).toBeNull();
        },
      ),
    );
  });
});

describe('respondToAppRequest, on real files', () => {
  const tempDir = useTempDirs('task-tray-bundle-');

  async function bundle() {
    const parent = await tempDir();
    const root = join(parent, 'renderer');
    await mkdir(join(root, 'assets'), { recursive: true });
    await writeFile(join(root, 'index.html'), '<!doctype html><title>Task Tray</title>');
    await writeFile(join(root, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(join(parent, 'secret.json'), '{"apiKey":"comp_outside"}');
    return { parent, root };
  }

  it('answers the page with its type and the CSP header', async () => {
    const { root } = await bundle();
    const response = await respondToAppRequest({ url: APP_INDEX_URL, method: 'GET' }, root);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>Task Tray</title>');
  });

  it('answers HEAD without a body', async () => {
    const { root } = await bundle();
    const response = await respondToAppRequest(
      { url: 'app://bundle/assets/app.js', method: 'HEAD' },
      root,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('is a 404, still with the CSP, for a missing file or a folder', async () => {
    const { root } = await bundle();
    for (const url of ['app://bundle/assets/missing.js', 'app://bundle/assets']) {
      const response = await respondToAppRequest({ url, method: 'GET' }, root);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    }
  });

  it('does not read a file outside the bundle, by traversal or through a planted symlink', async () => {
    const { parent, root } = await bundle();
    await symlink(join(parent, 'secret.json'), join(root, 'assets', 'linked.json'));
    for (const url of [
      'app://bundle/../secret.json',
      'app://bundle/%2e%2e/secret.json',
      'app://bundle/assets/linked.json',
    ]) {
      const response = await respondToAppRequest({ url, method: 'GET' }, root);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('comp_outside');
    }
  });

  it('refuses anything but GET and HEAD', async () => {
    const { root } = await bundle();
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await respondToAppRequest({ url: APP_INDEX_URL, method }, root);
      expect(response.status).toBe(405);
    }
  });
});
