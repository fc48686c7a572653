import { extname, isAbsolute, join, relative, sep } from 'node:path';
import type { CustomScheme } from 'electron';

/**
 * The renderer is served from app://bundle/…, not file:// and not a remote
 * URL (docs/ARCHITECTURE.md, invariant 2): a custom standard scheme gives the page a real origin of
 * its own, so 'self' in the CSP means "our bundle" and nothing else on disk.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'bundle';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/**
 * standard: real origin and relative URLs; secure: treated like https (no
 * mixed-content downgrade). Deliberately NOT: bypassCSP, fetch API (the page
 * never fetches), CORS, service workers, streaming, extensions.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: {
    standard: true,
    secure: true,
    bypassCSP: false,
    supportFetchAPI: false,
    corsEnabled: false,
    allowServiceWorkers: false,
    stream: false,
    codeCache: true,
    allowExtensions: false,
  },
};

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

/** Longer than any file the build emits; refuses megabyte URLs before any work. */
const MAX_URL_LENGTH = 2048;

export interface AppFile {
  readonly filePath: string;
  readonly mimeType: string;
}

/**
 * Maps an app:// URL to a file under rootDir, or null when the URL is not one
 * we serve. Chromium already normalizes dot segments in standard-scheme URLs,
 * so this is the second line of defence: any request that even tries to leave
 * the bundle (.. or its encodings, backslashes, absolute or drive paths, NUL
 * bytes) is refused rather than cleaned up.
 */
export function resolveAppRequest(url: string, rootDir: string): AppFile | null {
  if (url.length > MAX_URL_LENGTH || !url.startsWith(`${APP_SCHEME}://`)) return null;

  // Split the raw text rather than using URL: its parser silently resolves
  // "/a/../b", and a request that tries that is refused, not rewritten.
  const afterScheme = url.slice(APP_SCHEME.length + 3);
  const authorityEnd = afterScheme.search(/[/?#]/);
  const authority = authorityEnd === -1 ? afterScheme : afterScheme.slice(0, authorityEnd);
  if (authority !== APP_HOST) return null; // also refuses user:pass@ and :port
  const rest = authorityEnd === -1 ? '' : afterScheme.slice(authorityEnd);
  const rawPath = rest.split(/[?#]/, 1)[0] ?? '';

  const relPath = rawPath === '' || rawPath === '/' ? 'index.html' : rawPath.slice(1);
  const segments: string[] = [];
  for (const raw of relPath.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null; // malformed percent-encoding
    }
    if (
      segment === '' ||
      segment === '.' ||
      segment === '..' ||
      // Separators, drive colons, NUL and other control characters: never part of a bundle file name.
      // eslint-disable-next-line no-control-regex
      /[/\\:\u0000-\u001f\u007f]/.test(segment)
    ) {
      return null;
    }
    segments.push(segment);
  }

  const filePath = join(rootDir, ...segments);
  const within = relative(rootDir, filePath);
  if (within === '..' || within.startsWith(`..${sep}`) || isAbsolute(within)) return null;
  const mimeType = MIME_TYPES[extname(filePath).toLowerCase()];
  // Unknown extensions are not served: the build emits none, and guessing a type is how sniffing bugs start.
  if (!mimeType) return null;
  return { filePath, mimeType };
}
