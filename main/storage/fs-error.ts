/** Why a file operation failed, in words a person can act on. */

/** The code durable-file.ts gives a path that is there but no file (a FIFO, a socket, a device). */
export const NOT_A_FILE = 'ENOTFILE';

/** The Node error code (ENOENT, EACCES, …) of a file-system error, or ''. */
export const fsErrorCode = (e: unknown): string =>
  e && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : '';

/**
 * What the person can do about a file that could not be read, when the
 * reason says nothing about what it holds (access denied, a lock held by
 * another program, a disk that did not answer): such a file may be fine, so
 * it is left where it is for the next start to read. Null when the path is
 * not a file that could be read at all (a folder, a FIFO, a loop of links): that one
 * is moved aside like a damaged file.
 */
export const readAgainAdvice = (e: unknown): string | null => {
  const code = fsErrorCode(e);
  if (code === 'EISDIR' || code === 'ELOOP' || code === NOT_A_FILE) return null;
  if (code === 'EACCES' || code === 'EPERM')
    return 'Make sure your user account can read and write it, then restart Task Tray.';
  if (code === 'EBUSY' || code === 'EAGAIN' || code === 'EDEADLK')
    return 'Let the program that holds it (a backup, antivirus or sync tool, iCloud or OneDrive) finish, then restart Task Tray.';
  return 'Once it can be read again, restart Task Tray.';
};

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
    [NOT_A_FILE]: 'something other than a file is in the way',
    EBUSY: 'the file is in use',
    EAGAIN: 'the file is locked',
    // macOS: a file in iCloud Drive not downloaded yet, or locked.
    EDEADLK: 'the file is locked or not downloaded yet',
    EMFILE: 'too many files are open',
    ENFILE: 'too many files are open',
    EIO: 'the disk could not read it',
    ETIMEDOUT: 'the disk did not answer in time',
    ELOOP: 'a loop of links is in the way',
    // Windows: e.g. a cloud file (OneDrive) its provider could not fetch.
    UNKNOWN: 'the system gave no reason',
    EEXIST: 'a file is in the way',
  };
  return words[code] ? `${words[code]} (${code})` : code || 'unknown error';
};
