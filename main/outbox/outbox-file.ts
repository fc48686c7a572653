import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import { settleDurableFile } from '../storage/durable-file';
import type { DurableFile } from '../storage/durable-file';
import { readOf, savesRefused, startLoading } from '../storage/durable-file-state';
import type { DurableFileState, Reading } from '../storage/durable-file-state';
import { createFolderWriter } from '../storage/folder-writer';
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
  /** The app's version: the file as this release first read it is kept beside it (last-good-copy.ts). */
  readonly release?: string;
}

/** What could be read of a damaged file: its whole entries, and how many were not. */
interface Salvage {
  readonly entries: OutboxEntry[];
  readonly lost: number;
}

type OutboxFileState = DurableFileState<OutboxEntry[], Salvage>;

const changes = (n: number): string => (n === 1 ? '1 change' : `${n} changes`);

const waitingFile = (filePath: string) => `The file of changes waiting to be sent, ${filePath},`;

function readOutboxFile(filePath: string, bytes: Buffer): Reading<OutboxEntry[], Salvage> {
  const reading = parseOutbox(bytes.toString('utf8'));
  if (reading.kind === 'ok') return { kind: 'usable', value: reading.entries };
  if (reading.kind === 'future')
    return {
      kind: 'unusable',
      unusable: 'future',
      why: `${waitingFile(filePath)} was written by a newer Task Tray (version ${reading.version}): this version does not send its changes; that version can.`,
      salvaged: null,
    };
  return {
    kind: 'unusable',
    unusable: 'corrupt',
    why: `${waitingFile(filePath)} was damaged.`,
    salvaged: { entries: reading.entries, lost: reading.lost },
  };
}

/** What the person reads about a settled load; null when the file was used as it was (or missing). */
function outboxLoadProblem(filePath: string, state: OutboxFileState): AppError | null {
  switch (state.kind) {
    case 'left-alone':
      // The changes in it may be fine: left where they are for the next start, never written over.
      return appError(
        'storage',
        `${state.why} Task Tray left it as it is and cannot keep new changes until it can read it. ${state.advice}`,
      );
    case 'stuck':
      return appError(
        'storage',
        `${state.why} It could not be moved aside (${state.moveError}), so Task Tray will not write over it ` +
          `and cannot keep new changes: move or delete ${filePath}, then restart Task Tray.`,
      );
    case 'moved': {
      const { entries, lost } = state.salvaged ?? { entries: [], lost: 0 };
      const recovered =
        entries.length > 0
          ? ` ${changes(entries.length)} could be recovered${state.writeError === null ? ' and will be sent' : ' but not saved again'}.`
          : '';
      const missing =
        lost > 0 ? ` ${changes(lost)} could not be read, and will not be sent from here.` : '';
      return appError('storage', `${state.why} It was moved to ${state.to}.${recovered}${missing}`);
    }
    default:
      return null;
  }
}

/**
 * The outbox in the user-data folder. A damaged file is moved aside (its
 * bytes kept for whoever wants to look), the entries that still read as
 * whole and valid are written to a fresh file and replayed, and the person
 * is told how many were recovered and how many were not.
 */
export function createOutboxFile(opts: OutboxFileOptions): OutboxStore {
  const { filePath } = opts;
  const now = opts.now ?? (() => new Date());
  /** Why nothing is saved: the file was left alone, or could not be moved aside; it is never written over. */
  let refusal: AppError | null = null;

  const write = createFolderWriter(filePath);

  const save = async (entries: readonly OutboxEntry[]): Promise<Result<null>> => {
    if (refusal) return err(refusal);
    const written = await write(serializeOutbox(opts.redact ? opts.redact(entries) : entries));
    if (written.ok) return written;
    const why = written.error;
    return err(
      appError(
        'storage',
        why.failed === 'folder'
          ? `Could not keep the change on disk, so it was not sent: the folder ${why.folder} cannot be created (${why.reason}).`
          : `Could not keep the change on disk, so it was not sent. ${why.error.message}`,
      ),
    );
  };

  const file: DurableFile<OutboxEntry[], Salvage> = {
    filePath,
    now,
    policy: { unreadable: (reason) => `${waitingFile(filePath)} could not be read (${reason}).` },
    parse: (bytes) => readOutboxFile(filePath, bytes),
    lastGoodRelease: opts.release,
    writeBack: ({ entries }) => (entries.length > 0 ? save(entries) : Promise.resolve(ok(null))),
  };

  return {
    save,
    async load() {
      refusal = null;
      const state = await settleDurableFile(file, startLoading());
      const problem = outboxLoadProblem(filePath, state);
      if (savesRefused(state)) refusal = problem;
      const read = readOf(state);
      const entries = read === null ? [] : 'value' in read ? read.value : read.salvaged.entries;
      return { entries, problem };
    },
  };
}
