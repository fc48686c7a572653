import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

type FsCall = (...args: unknown[]) => Promise<unknown>;

/**
 * Runs `run` while fs.promises[method] fails with `error` for the calls
 * `fails` picks; every other call goes through as usual. Restored after,
 * whatever `run` does.
 */
async function whileFailing<T>(
  method: 'readFile' | 'open',
  fails: (args: unknown[]) => boolean,
  error: Error,
  run: () => Promise<T>,
): Promise<T> {
  const promises = fs.promises as unknown as Record<typeof method, FsCall>;
  const real = promises[method];
  promises[method] = (...args) => (fails(args) ? Promise.reject(error) : real(...args));
  syncBuiltinESMExports();
  try {
    return await run();
  } finally {
    promises[method] = real;
    syncBuiltinESMExports();
  }
}

const fsError = (code: string, text: string): Error =>
  Object.assign(new Error(`${code}: ${text}`), { code });

/**
 * Runs `run` while the file at `filePath` cannot be read, as when another
 * program holds it (a backup, an antivirus scan, a sync tool on Windows):
 * every fs.promises.open of it (how durable files are read) fails with
 * EBUSY. Other files read as usual.
 */
export const whileFileHeld = <T>(filePath: string, run: () => Promise<T>): Promise<T> =>
  whileFailing(
    'open',
    ([path]) => String(path) === filePath,
    fsError('EBUSY', 'resource busy or locked'),
    run,
  );

/**
 * Runs `run` while no new file can be written in `dir`, as on a full disk:
 * every fs.promises.open of a path in it for writing a new file ('wx', as
 * the app's atomic writes do) fails with ENOSPC. Reads work as usual.
 */
export const whileWritesFail = <T>(dir: string, run: () => Promise<T>): Promise<T> =>
  whileFailing(
    'open',
    ([path, flags]) => String(path).startsWith(dir) && flags === 'wx',
    fsError('ENOSPC', 'no space left on device'),
    run,
  );
