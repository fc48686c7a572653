import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

/**
 * Runs `run` while the file at `filePath` cannot be read, as when another
 * program holds it (a backup, an antivirus scan, a sync tool on Windows):
 * every fs.promises.readFile of it fails with EBUSY. Other files read as usual.
 */
export async function whileFileHeld<T>(filePath: string, run: () => Promise<T>): Promise<T> {
  const promises = fs.promises as { readFile: typeof fs.promises.readFile };
  const realRead = promises.readFile;
  const busy = Object.assign(new Error('EBUSY: resource busy or locked'), { code: 'EBUSY' });
  promises.readFile = ((path: string, ...rest: []) =>
    String(path) === filePath
      ? Promise.reject(busy)
      : realRead(path, ...rest)) as typeof promises.readFile;
  syncBuiltinESMExports();
  try {
    return await run();
  } finally {
    promises.readFile = realRead;
    syncBuiltinESMExports();
  }
}

/**
 * Runs `run` while no new file can be written in `dir`, as on a full disk:
 * every fs.promises.open of a path in it for writing a new file ('wx', as
 * the app's atomic writes do) fails with ENOSPC. Reads work as usual.
 */
export async function whileWritesFail<T>(dir: string, run: () => Promise<T>): Promise<T> {
  const promises = fs.promises as { open: typeof fs.promises.open };
  const realOpen = promises.open;
  const full = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
  promises.open = ((path: string, flags?: string, ...rest: []) =>
    String(path).startsWith(dir) && flags === 'wx'
      ? Promise.reject(full)
      : realOpen(path, flags, ...rest)) as typeof promises.open;
  syncBuiltinESMExports();
  try {
    return await run();
  } finally {
    promises.open = realOpen;
    syncBuiltinESMExports();
  }
}
