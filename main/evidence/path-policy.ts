import { realpath } from 'node:fs/promises';
import { posix, win32 } from 'node:path';
import { fileWords } from './evidence-words';

/**
 * Which paths the popup may ask main to read and upload. A dropped file is
 * a local file the person chose; the popup has no reason to name anything
 * else, and a page taken over must not make main send the app's own files
 * (settings, the outbox, other accounts' evidence) or reach a network share
 * (on Windows, opening `\\host\share` hands the host the user's NTLM hash).
 * Paths main finds itself (the clipboard's) do not come through here.
 */

type Platform = NodeJS.Platform;
const pathOf = (platform: Platform) => (platform === 'win32' ? win32 : posix);

/** Why a path named by the popup is not read; null when it may be. Pure. */
export function pathProblem(path: string, platform: Platform): string | null {
  const p = pathOf(platform);
  const name = p.basename(path) || path;
  // `\\server\share`, `\\?\…`, `\\.\…` (and the same with forward slashes): not a plain local file.
  if (platform === 'win32' && /^[\\/]{2}/.test(path)) return fileWords.notLocal(name);
  if (!p.isAbsolute(path)) return fileWords.notLocal(name);
  return null;
}

/** Whether `child` is `folder` or inside it. Pure. */
export function isInside(child: string, folder: string, platform: Platform): boolean {
  const p = pathOf(platform);
  const rel = p.relative(folder, child);
  return rel === '' || (!rel.startsWith('..') && !p.isAbsolute(rel));
}

const real = (path: string): Promise<string> => realpath(path).catch(() => path);

/**
 * The popup's paths sorted: those main may read, and the rest refused in
 * words. A link is judged by what it names; the app's own folders
 * (`privateDirs`, the user-data folder) are never read from.
 */
export async function screenPaths(
  paths: readonly string[],
  privateDirs: readonly string[],
  platform: Platform = process.platform,
): Promise<{ allowed: string[]; refused: { name: string; message: string }[] }> {
  const allowed: string[] = [];
  const refused: { name: string; message: string }[] = [];
  const own = await Promise.all(privateDirs.map(real));
  for (const path of paths) {
    const name = pathOf(platform).basename(path) || path;
    const problem = pathProblem(path, platform);
    if (problem) {
      refused.push({ name, message: problem });
      continue;
    }
    const target = await real(path);
    if (own.some((dir) => isInside(target, dir, platform) || isInside(path, dir, platform))) {
      refused.push({ name, message: fileWords.appOwn(name) });
      continue;
    }
    allowed.push(path);
  }
  return { allowed, refused };
}
