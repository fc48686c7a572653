import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import { writeFileAtomic } from '../storage/atomic-file';
import { describeFsError, fsErrorCode, readAgainAdvice } from '../storage/fs-error';
import { moveAside } from '../storage/move-aside';
import type { Unusable } from '../storage/move-aside';
import type { OutboxEntry } from './outbox-entry';
import { parseOutbox, serializeOutbox } from './outbox-format';

export interface OutboxLoad {
  readonly entries: OutboxEntry[];
  /** Why (part of) the file on disk was not used, in words for the person; null when all is well. */
  readonly problem: AppError | null;
}

/** Where waiting changes are kept between runs. */
export interface OutboxStore {
  load(): Promise<OutboxLoad>;
  /** Replaces the whole file, atomically and fsynced: after a crash it holds this list or the one before. */
  save(entries: readonly OutboxEntry[]): Promise<Result<null>>;
}

export interface OutboxFileOptions {
  readonly filePath: string;
  /** Names a moved-aside file. */
  readonly now?: () => Date;
  /** Applied to what is written (secret-guard.ts): no run of a secret reaches the file. */
  readonly redact?: <T>(value: T) => T;
}

const changes = (n: number): string => (n === 1 ? '1 change' : `${n} changes`);

/**
 * The outbox in the user-data folder. A damaged file is moved aside (its
 * bytes kept for whoever wants to look), the entries that still read as
 * whole and valid are written to a fresh file and replayed, and the person
 * is told how many were recovered and how many were not.
 */
export function createOutboxFile(opts: OutboxFileOptions): OutboxStore {
  const { filePath } = opts;
  const now = opts.now ?? (() => new Date());
  /** A file that could not be read nor moved aside: never written over, so nothing in it is lost. */
  let stuck: AppError | null = null;

  const moveAsideNow = (kind: Unusable) => moveAside(filePath, kind, now());

  /** The folder was there at the last write: not made again before each one (a wait fewer per change). */
  let folderMade = false;

  const save = async (entries: readonly OutboxEntry[]): Promise<Result<null>> => {
    if (stuck) return err(stuck);
    const text = serializeOutbox(opts.redact ? opts.redact(entries) : entries);
    if (folderMade) {
      const written = await writeFileAtomic(filePath, text, { mode: 0o600 });
      if (written.ok) return written;
      // The folder may have been removed since: make it again, and try once more below.
      folderMade = false;
    }
    try {
      await mkdir(dirname(filePath), { recursive: true, mode: 0o700 });
    } catch (e) {
      return err(
        appError(
          'storage',
          `Could not keep the change on disk, so it was not sent: the folder ${dirname(filePath)} cannot be created (${describeFsError(e)}).`,
        ),
      );
    }
    const written = await writeFileAtomic(filePath, text, { mode: 0o600 });
    folderMade = written.ok;
    return written.ok
      ? written
      : err(
          appError(
            'storage',
            `Could not keep the change on disk, so it was not sent. ${written.error.message}`,
          ),
        );
  };

  const unusable = async (
    kind: 'corrupt' | 'future' | 'unreadable',
    why: string,
    salvaged: OutboxEntry[],
    lost: number,
  ): Promise<OutboxLoad> => {
    const moved = await moveAsideNow(kind);
    if (!moved.ok) {
      stuck = appError(
        'storage',
        `${why} It could not be moved aside (${moved.error.message}), so Task Tray will not write over it ` +
          `and cannot keep new changes: move or delete ${filePath}, then restart Task Tray.`,
      );
      return { entries: salvaged, problem: stuck };
    }
    const kept = salvaged.length > 0 ? await save(salvaged) : ok(null);
    const recovered =
      salvaged.length > 0
        ? ` ${changes(salvaged.length)} could be recovered${kept.ok ? ' and will be sent' : ' but not saved again'}.`
        : '';
    const missing =
      lost > 0 ? ` ${changes(lost)} could not be read, and will not be sent from here.` : '';
    return {
      entries: salvaged,
      problem: appError('storage', `${why} It was moved to ${moved.value}.${recovered}${missing}`),
    };
  };

  return {
    save,
    async load() {
      let text: string;
      try {
        text = await readFile(filePath, 'utf8');
      } catch (e) {
        if (['ENOENT', 'ENOTDIR'].includes(fsErrorCode(e))) return { entries: [], problem: null };
        const why = `The file of changes waiting to be sent, ${filePath}, could not be read (${describeFsError(e)}).`;
        const advice = readAgainAdvice(e);
        if (advice !== null) {
          // The changes in it may be fine: left where they are for the next start, never written over.
          stuck = appError(
            'storage',
            `${why} Task Tray left it as it is and cannot keep new changes until it can read it. ${advice}`,
          );
          return { entries: [], problem: stuck };
        }
        return unusable('unreadable', why, [], 0);
      }
      const reading = parseOutbox(text);
      if (reading.kind === 'ok') return { entries: reading.entries, problem: null };
      if (reading.kind === 'future')
        return unusable(
          'future',
          `The file of changes waiting to be sent, ${filePath}, was written by a newer Task Tray (version ${reading.version}): this version does not send its changes; that version can.`,
          [],
          0,
        );
      return unusable(
        'corrupt',
        `The file of changes waiting to be sent, ${filePath}, was damaged.`,
        reading.entries,
        reading.lost,
      );
    },
  };
}
