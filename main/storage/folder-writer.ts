import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import { writeFileAtomic } from './atomic-file';
import { describeFsError } from './fs-error';

/** Why a save failed: its folder could not be made (`reason` in words), or the write itself. */
export type SaveFailure =
  | { readonly failed: 'folder'; readonly folder: string; readonly reason: string }
  | { readonly failed: 'write'; readonly error: AppError };

/**
 * Saves `filePath` atomically and private (0o600), in a folder made private
 * (0o700) when it is not there. The folder is made before the first save,
 * not before each one (a wait fewer per change); should it have been
 * removed since, the save fails, and the folder is made and the save tried
 * once more.
 */
export function createFolderWriter(
  filePath: string,
): (data: string) => Promise<Result<null, SaveFailure>> {
  const folder = dirname(filePath);
  /** The folder was there at the last save. */
  let folderMade = false;
  return async (data) => {
    if (folderMade) {
      const written = await writeFileAtomic(filePath, data, { mode: 0o600 });
      if (written.ok) return written;
      folderMade = false;
    }
    try {
      await mkdir(folder, { recursive: true, mode: 0o700 });
    } catch (e) {
      return err({ failed: 'folder', folder, reason: describeFsError(e) });
    }
    const written = await writeFileAtomic(filePath, data, { mode: 0o600 });
    folderMade = written.ok;
    return written.ok ? ok(null) : err({ failed: 'write', error: written.error });
  };
}
