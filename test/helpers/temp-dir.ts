import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/** A fresh, empty folder under the OS temp folder. */
export const createTempDir = (prefix = 'task-tray-test-'): Promise<string> =>
  mkdtemp(join(tmpdir(), prefix));

/**
 * Removes a temp folder even when a test left parts of it read-only
 * (a non-root owner cannot delete entries of a 0o555 folder).
 */
export async function removeTempDir(dir: string): Promise<void> {
  const reopen = async (path: string): Promise<void> => {
    const s = await stat(path).catch(() => null);
    if (!s?.isDirectory()) return;
    await chmod(path, 0o700).catch(() => undefined);
    for (const name of await readdir(path).catch(() => [])) await reopen(join(path, name));
  };
  await reopen(dir);
  await rm(dir, { recursive: true, force: true });
}

/**
 * For a test file: returns a function that makes a temp folder, and removes
 * every folder it made after each test.
 */
export function useTempDirs(prefix?: string): () => Promise<string> {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map(removeTempDir));
  });
  return async () => {
    const dir = await createTempDir(prefix);
    made.push(dir);
    return dir;
  };
}

/** Every regular file under a folder, recursively, as absolute paths. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/**
 * The files under a folder whose bytes contain the needle, in UTF-8 or UTF-16LE
 * (how a secret could land on disk through Node or through a native library).
 */
export async function filesContaining(dir: string, needle: string): Promise<string[]> {
  const forms = [Buffer.from(needle, 'utf8'), Buffer.from(needle, 'utf16le')];
  const hits: string[] = [];
  for (const path of await listFiles(dir)) {
    const bytes = await readFile(path).catch(() => null);
    if (bytes && forms.some((f) => bytes.includes(f))) hits.push(path);
  }
  return hits;
}
