/**
 * Runs the steps of durable-file-state.ts on the disk: the thin part that
 * reads, moves, writes back, puts back and removes.
 */
import { constants } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import type { Result } from '../../common/result';
import { nextDurableFileState, stepOf } from './durable-file-state';
import type {
  DurableFileEvent,
  DurableFilePolicy,
  DurableFileState,
  Reading,
} from './durable-file-state';
import { NOT_A_FILE } from './fs-error';
import { keepLastGoodCopy } from './last-good-copy';
import { moveAside } from './move-aside';

export interface DurableFile<V, S> {
  readonly filePath: string;
  /** The clock that names a moved-aside file. */
  readonly now: () => Date;
  readonly policy: DurableFilePolicy;
  /** What the bytes mean; never throws. */
  readonly parse: (bytes: Buffer) => Reading<V, S>;
  /** Writes what was salvaged to a fresh file at filePath. */
  readonly writeBack?: (salvaged: S) => Promise<Result<null>>;
  /** Larger than this, the file is not read: it counts as unusable (a cache's older build). */
  readonly maxBytes?: number;
  /** The running release: a usable file's bytes are kept for it (last-good-copy.ts). */
  readonly lastGoodRelease?: string;
}

/** A FIFO, a socket or a device where the file should be: said with this code (fs-error.ts). */
const notAFile = (isDirectory: boolean): Error =>
  Object.assign(new Error('not a regular file'), { code: isDirectory ? 'EISDIR' : NOT_A_FILE });

/**
 * The file's bytes, or how many there are when over `maxBytes`. Opened
 * without blocking and looked at before it is read: a FIFO in its place
 * would otherwise hold the start until something writes to it.
 */
async function readRegularFile(
  filePath: string,
  maxBytes: number,
): Promise<Buffer | { tooLarge: number }> {
  // O_NONBLOCK is POSIX's (0 elsewhere): a regular file reads the same with it.
  const handle = await open(filePath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw notAFile(info.isDirectory());
    if (info.size > maxBytes) return { tooLarge: info.size };
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

async function run<V, S>(
  file: DurableFile<V, S>,
  state: DurableFileState<V, S>,
): Promise<DurableFileEvent<V, S> | null> {
  const { filePath } = file;
  const step = stepOf(state);
  switch (step?.do) {
    case undefined:
      return null;
    case 'read': {
      let bytes: Buffer | { tooLarge: number };
      try {
        bytes = await readRegularFile(filePath, file.maxBytes ?? Infinity);
      } catch (error) {
        return { type: 'read-failed', error };
      }
      if (!Buffer.isBuffer(bytes))
        return {
          type: 'read',
          reading: {
            kind: 'unusable',
            unusable: 'corrupt',
            why: `${filePath} is ${bytes.tooLarge} bytes, more than it ever holds.`,
            salvaged: null,
          },
        };
      const reading = file.parse(bytes);
      if (reading.kind === 'usable' && file.lastGoodRelease)
        await keepLastGoodCopy(filePath, file.lastGoodRelease, bytes);
      return { type: 'read', reading };
    }
    case 'move-aside': {
      const moved = await moveAside(filePath, step.unusable, file.now());
      return moved.ok
        ? { type: 'moved', to: moved.value }
        : { type: 'move-failed', reason: moved.error.message };
    }
    case 'write-back': {
      if (!file.writeBack) throw new Error(`Nothing writes back what was salvaged of ${filePath}.`);
      const written = await file.writeBack(step.salvaged);
      return written.ok
        ? { type: 'written' }
        : { type: 'write-failed', reason: written.error.message };
    }
    case 'put-back':
      return rename(step.from, filePath).then(
        () => ({ type: 'put-back' }),
        () => ({ type: 'put-back-failed' }),
      );
    case 'remove':
      // A disposable file that cannot be removed is written over at the next save.
      await unlink(filePath).catch(() => undefined);
      return { type: 'removed' };
  }
}

/** Runs the steps from `state` until the load settles; answers the settled state. */
export async function settleDurableFile<V, S>(
  file: DurableFile<V, S>,
  state: DurableFileState<V, S>,
): Promise<DurableFileState<V, S>> {
  for (;;) {
    const event = await run(file, state);
    if (event === null) return state;
    state = nextDurableFileState(state, event, file.policy);
  }
}
