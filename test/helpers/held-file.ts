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
