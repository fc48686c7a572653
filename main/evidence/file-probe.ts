import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { describeFsError, fsErrorCode } from '../storage/fs-error';
import type { FileProbe } from './file-check';

/** How much of a file's start the type is told from (the service scans 8 KB of text). */
export const HEAD_BYTES = 8192;

/**
 * Looks at a path without deciding anything (file-check.ts decides): what is
 * there, its size and its first bytes. A link is followed to what it names;
 * a FIFO is never opened, so nothing here waits on one.
 */
export async function probeFile(path: string, name = basename(path)): Promise<FileProbe> {
  try {
    const s = await stat(path);
    if (s.isDirectory()) return { kind: 'folder', name };
    if (!s.isFile()) return { kind: 'other', name };
    const handle = await open(path, 'r');
    try {
      const head = Buffer.alloc(Math.min(HEAD_BYTES, s.size));
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      return { kind: 'file', name, size: s.size, head: head.subarray(0, bytesRead) };
    } finally {
      await handle.close();
    }
  } catch (e) {
    const code = fsErrorCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing', name };
    if (code === 'EISDIR') return { kind: 'folder', name };
    return { kind: 'unreadable', name, why: describeFsError(e) };
  }
}
