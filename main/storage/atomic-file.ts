import { randomUUID } from 'node:crypto';
import { open, readdir, rename, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { describeFsError, fsErrorCode } from './fs-error';

export interface AtomicWriteOptions {
  /** Permissions of the new file. Settings and the outbox are private: 0o600. */
  readonly mode?: number;
  readonly platform?: NodeJS.Platform;
}

/** The prefix of every temp file this helper makes, so a folder listing can tell them apart. */
export const TEMP_FILE_MARK = '.tmp-';

/**
 * 48 random bits, as randomBytes(6) gave, from randomUUID: it draws from a
 * pool, where randomBytes asks the system each time (a tenth of a millisecond
 * on an idle machine, on the way of every change). 'wx' refuses a name in use.
 */
const tempPathFor = (path: string): string =>
  join(
    dirname(path),
    `.${basename(path)}${TEMP_FILE_MARK}${randomUUID().replace(/-/g, '').slice(0, 12)}`,
  );

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Removes the temp files writeFileAtomic left beside `path` when the app was
 * killed between creating one and renaming it (they hold a copy of the data,
 * and nothing else would ever remove them). Only at start: a single instance
 * runs (app.requestSingleInstanceLock), so none of them is being written.
 * Returns how many went; what cannot be listed or removed is left as it is.
 */
export async function removeLeftoverTempFiles(path: string): Promise<number> {
  const dir = dirname(path);
  const ours = new RegExp(
    `^\\.${escapeRegExp(basename(path))}${escapeRegExp(TEMP_FILE_MARK)}[0-9a-f]{12}$`,
  );
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((n) => ours.test(n))) {
    await unlink(join(dir, name)).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}

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
 * Opens the folder to make a rename durable: on POSIX the new directory entry
 * is only safe on disk once the folder itself is fsynced. Windows cannot open
 * a folder this way, and some file systems refuse: then there is nothing to
 * sync (the data is written either way), so failures give null.
 */
const openFolder = (dir: string, platform: NodeJS.Platform): Promise<FileHandle | null> =>
  platform === 'win32' ? Promise.resolve(null) : open(dir, 'r').catch(() => null);

const closeQuietly = (handle: FileHandle | null): void =>
  void handle?.close().catch(() => undefined);

/**
 * Replaces `path` with `data` so that a reader, or the file after a crash or
 * power loss, shows either the whole old content or the whole new one, never
 * a mix: write a temp file in the same folder, fsync it, rename it over the
 * target, fsync the folder. The temp file is removed if anything fails.
 *
 * Each step is a wait on the disk, and a change waits for all of them before
 * it is sent: what does not have to come in turn overlaps. The folder is
 * opened while the file is written, and (on POSIX, where an open file can be
 * renamed) the file is closed while it is renamed and the folder closed after
 * the answer; the order that makes it durable (data fsynced, then renamed,
 * then the folder fsynced) stays as it is.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  opts: AtomicWriteOptions = {},
): Promise<Result<null>> {
  const mode = opts.mode ?? 0o600;
  const platform = opts.platform ?? process.platform;
  const temp = tempPathFor(path);
  const folder = openFolder(dirname(path), platform);
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
    } catch (e) {
      await handle.close().catch(() => undefined);
      throw e;
    }
    if (platform === 'win32') {
      // Windows will not rename a file that is still open.
      await handle.close();
      await renameWithRetry(temp, path, platform);
    } else {
      // Its data is on disk (fsynced): whatever close says now cannot undo that.
      const closed = handle.close().catch(() => undefined);
      await renameWithRetry(temp, path, platform);
      await closed;
    }
    created = false;
  } catch (e) {
    closeQuietly(await folder);
    if (created) await unlink(temp).catch(() => undefined);
    return err(appError('storage', `Could not save ${path}: ${describeFsError(e)}.`));
  }
  const dir = await folder;
  await dir?.sync().catch(() => undefined);
  closeQuietly(dir);
  return ok(null);
}
