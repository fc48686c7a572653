import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';

export interface AtomicWriteOptions {
  /** Permissions of the new file. Settings and the outbox are private: 0o600. */
  readonly mode?: number;
  readonly platform?: NodeJS.Platform;
}

/** The prefix of every temp file this helper makes, so a folder listing can tell them apart. */
export const TEMP_FILE_MARK = '.tmp-';

const tempPathFor = (path: string): string =>
  join(dirname(path), `.${basename(path)}${TEMP_FILE_MARK}${randomBytes(6).toString('hex')}`);

/** The Node error code (ENOENT, EACCES, …) of a file-system error, or ''. */
export const fsErrorCode = (e: unknown): string =>
  e && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : '';

/** Why a file operation failed, in words, with the OS code for whoever reads a bug report. */
export const describeFsError = (e: unknown): string => {
  const code = fsErrorCode(e);
  const words: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'the disk is read-only',
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    ENOENT: 'the folder does not exist',
    ENOTDIR: 'a part of the path is not a folder',
    EISDIR: 'a folder is in the way',
    EBUSY: 'the file is in use',
    EEXIST: 'a file is in the way',
  };
  return words[code] ? `${words[code]} (${code})` : code || 'unknown error';
};

/**
 * On Windows, renaming over a file another process has open (an antivirus
 * scan, a search indexer) fails for a moment; a few short retries ride it out.
 */
const renameWithRetry = async (from: string, to: string, platform: NodeJS.Platform) => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await rename(from, to);
    } catch (e) {
      const transient = ['EPERM', 'EACCES', 'EBUSY'].includes(fsErrorCode(e));
      if (platform !== 'win32' || !transient || attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
    }
  }
};

/**
 * Makes a rename durable: on POSIX the new directory entry is only safe on disk
 * once the folder itself is fsynced. Windows cannot open a folder this way, and
 * some file systems refuse: the data is already written, so failures are ignored.
 */
const syncFolder = async (dir: string, platform: NodeJS.Platform): Promise<void> => {
  if (platform === 'win32') return;
  const handle = await open(dir, 'r').catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close().catch(() => undefined);
};

/**
 * Replaces `path` with `data` so that a reader, or the file after a crash or
 * power loss, shows either the whole old content or the whole new one, never
 * a mix: write a temp file in the same folder, fsync it, rename it over the
 * target, fsync the folder. The temp file is removed if anything fails.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  opts: AtomicWriteOptions = {},
): Promise<Result<null>> {
  const mode = opts.mode ?? 0o600;
  const platform = opts.platform ?? process.platform;
  const temp = tempPathFor(path);
  let created = false;
  try {
    // 'wx': never follow or reuse something already at the temp name.
    const handle = await open(temp, 'wx', mode);
    created = true;
    try {
      await handle.writeFile(data);
      // The umask may have narrowed the mode; a wider one is never wanted, but make sure it is exact.
      if (platform !== 'win32') await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await renameWithRetry(temp, path, platform);
    created = false;
  } catch (e) {
    if (created) await unlink(temp).catch(() => undefined);
    return err(appError('storage', `Could not save ${path}: ${describeFsError(e)}.`));
  }
  await syncFolder(dirname(path), platform);
  return ok(null);
}
