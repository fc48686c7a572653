import { lstat, readFile } from 'node:fs/promises';
import { withSecurityHeaders } from './csp';
import { resolveAppRequest } from './app-protocol';

export interface AppRequest {
  readonly url: string;
  readonly method: string;
}

const plain = (status: number, text: string): Response =>
  new Response(text, {
    status,
    headers: withSecurityHeaders({ 'Content-Type': 'text/plain; charset=utf-8' }),
  });

/**
 * Answers one app:// request from the built renderer in rootDir. Node-only
 * (fs + the global Response), so it is tested on real files; the Electron
 * adapter only hands it to protocol.handle.
 */
export async function respondToAppRequest(request: AppRequest, rootDir: string): Promise<Response> {
  // The bundle is read-only: nothing to POST to, nothing to PUT.
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return plain(405, 'Method not allowed');
  const file = resolveAppRequest(request.url, rootDir);
  if (!file) return plain(404, 'Not found');
  try {
    // lstat, not stat: a symlink planted in the bundle folder could point anywhere.
    const info = await lstat(file.filePath);
    if (!info.isFile()) return plain(404, 'Not found');
    const body = request.method === 'HEAD' ? null : await readFile(file.filePath);
    return new Response(body, {
      status: 200,
      headers: withSecurityHeaders({
        'Content-Type': file.mimeType,
        // The files change with every build and are read from local disk: no point caching.
        'Cache-Control': 'no-store',
      }),
    });
  } catch {
    return plain(404, 'Not found');
  }
}
