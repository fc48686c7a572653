import { access, rename } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { describeFsError } from './fs-error';

/** Why a file on disk could not be used; also the word in its moved-aside name. */
export type Unusable = 'corrupt' | 'future' | 'unreadable';

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

/** `settings.json` → `settings.corrupt-2026-01-31T09-15-00-000Z.json`; colons are not allowed on Windows. */
export function asideName(filePath: string, kind: Unusable, at: Date, attempt = 0): string {
  const ext = extname(filePath) || '.json';
  const stem = basename(filePath, extname(filePath));
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const again = attempt > 0 ? `-${attempt + 1}` : '';
  return join(dirname(filePath), `${stem}.${kind}-${stamp}${again}${ext}`);
}

/**
 * Moves a file that cannot be used to a free `<name>.<kind>-<time>.json`
 * beside it, bytes untouched, so nothing in it is lost; answers where it went.
 */
export async function moveAside(
  filePath: string,
  kind: Unusable,
  at: Date,
): Promise<Result<string>> {
  try {
    let target = asideName(filePath, kind, at);
    for (let attempt = 1; await exists(target); attempt++)
      target = asideName(filePath, kind, at, attempt);
    await rename(filePath, target);
    return ok(target);
  } catch (e) {
    return err(appError('storage', describeFsError(e)));
  }
}
