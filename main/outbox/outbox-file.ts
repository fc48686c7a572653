import { constants } from 'node:fs';
import { mkdir, open, readFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import { describeFsError, fsErrorCode, syncFolder, writeFileAtomic } from '../settings/atomic-file';
import { moveAside } from '../settings/move-aside';
import type { Unusable } from '../settings/move-aside';
import type { OutboxEntry } from './outbox-entry';
import { outboxText, parseOutbox } from './outbox-format';
import { heldLine, journalRecords, parseJournal, replayJournal } from './outbox-journal';
import type { HeldLine, JournalRecord } from './outbox-journal';

export interface OutboxLoad {
  readonly entries: OutboxEntry[];
  /** Why (part of) the file on disk was not used, in words for the person; null when all is well. */
  readonly problem: AppError | null;
}

/** Where waiting changes are kept between runs. */
export interface OutboxStore {
  load(): Promise<OutboxLoad>;
  /** Keeps this list, flushed to disk: after a crash it reads back as this list or the one before. */
  save(entries: readonly OutboxEntry[]): Promise<Result<null>>;
  /** For quitting: the list written whole, nothing left open. */
  close?(): Promise<void>;
}

export interface OutboxFileOptions {
  readonly filePath: string;
  /** Names a moved-aside file. */
  readonly now?: () => Date;
  readonly platform?: NodeJS.Platform;
}

/** The journal beside the file: `outbox.json` → `outbox.log`. */
export const journalPathOf = (filePath: string): string => filePath.replace(/(\.json)?$/i, '.log');

/** Past this the journal is folded into the file: it is read, and replayed, at every start. */
export const JOURNAL_LIMIT_BYTES = 1024 * 1024;

const changes = (n: number): string => (n === 1 ? '1 change' : `${n} changes`);
const lines = (n: number): string => (n === 1 ? '1 line' : `${n} lines`);

/** How the file read: its entries, or why it could not be used. */
type FileReading =
  | { readonly kind: 'ok'; readonly entries: OutboxEntry[]; readonly exists: boolean }
  /** Moved aside: these entries were recovered from it; the problem is said once they are written again. */
  | {
      readonly kind: 'moved';
      readonly entries: OutboxEntry[];
      readonly problem: (kept: boolean) => AppError;
    }
  /** Could not be moved aside: never written over. */
  | { readonly kind: 'stuck'; readonly entries: OutboxEntry[]; readonly problem: AppError };

/**
 * The outbox in the user-data folder: a file with the whole list (written
 * atomically, as the settings are) and a journal beside it of what changed
 * since (see outbox-journal.ts). A change waits for one append and one flush
 * of the journal before it is sent, not for a new file to be written,
 * flushed, renamed and its folder flushed. The journal is folded into the
 * file when the list empties, when it grows large, at start and at quit.
 *
 * A damaged file or journal is moved aside (its bytes kept for whoever wants
 * to look), the entries that still read as whole and valid are written to a
 * fresh file and replayed, and the person is told how many were recovered
 * and how many were not.
 */
export function createOutboxFile(opts: OutboxFileOptions): OutboxStore {
  const { filePath } = opts;
  const journalPath = journalPathOf(filePath);
  const now = opts.now ?? (() => new Date());
  const platform = opts.platform ?? process.platform;
  /** A file that could not be read nor moved aside: never written over, so nothing in it is lost. */
  let stuck: AppError | null = null;

  /** What the file and the journal hold together, line by line. */
  let held: HeldLine[] = [];
  /** The file exists and holds no entry. */
  let fileEmpty = false;
  let journal: FileHandle | null = null;
  /** The journal's length: records are written from here on. */
  let journalBytes = 0;
  /**
   * The journal may hold more than `journalBytes` or than `held` says (not
   * read yet, or a failed write could not be taken back): the next save
   * writes the list whole and empties the journal.
   */
  let journalUnknown = true;
  /** The folder was there at the last write: not made again before each one. */
  let folderMade = false;

  const notKept = (why: string): Result<never> =>
    err(appError('storage', `Could not keep the change on disk, so it was not sent. ${why}`));

  const makeFolder = async (): Promise<Result<null>> => {
    if (folderMade) return ok(null);
    try {
      await mkdir(dirname(filePath), { recursive: true, mode: 0o700 });
      folderMade = true;
      return ok(null);
    } catch (e) {
      return err(
        appError(
          'storage',
          `Could not keep the change on disk, so it was not sent: the folder ${dirname(filePath)} cannot be created (${describeFsError(e)}).`,
        ),
      );
    }
  };

  /** Writes the whole list to the file, atomically; the journal is left as it is. */
  const writeWhole = async (list: readonly HeldLine[]): Promise<Result<null>> => {
    const text = outboxText(list.map((h) => h.line));
    if (folderMade) {
      const written = await writeFileAtomic(filePath, text, { mode: 0o600, platform });
      if (written.ok) return written;
      // The folder may have been removed since: make it again, and try once more below.
      folderMade = false;
    }
    const folder = await makeFolder();
    if (!folder.ok) return folder;
    const written = await writeFileAtomic(filePath, text, { mode: 0o600, platform });
    if (!written.ok) folderMade = false;
    return written.ok ? written : notKept(written.error.message);
  };

  const dropJournal = async (): Promise<void> => {
    const handle = journal;
    journal = null;
    journalBytes = 0;
    journalUnknown = true;
    await handle?.close().catch(() => undefined);
  };

  /** The journal, opened once (and made, with its name flushed to the folder, if missing). */
  const openJournal = async (create: boolean): Promise<FileHandle | null> => {
    if (journal) return journal;
    let handle: FileHandle;
    try {
      // Read-write, not append: written at an offset, so it can also be cut back (Windows
      // refuses to truncate a file opened for appending).
      handle = await open(journalPath, constants.O_RDWR | (create ? constants.O_CREAT : 0), 0o600);
    } catch (e) {
      if (!create && fsErrorCode(e) === 'ENOENT') return null;
      throw e;
    }
    try {
      if (platform !== 'win32') await handle.chmod(0o600);
      journalBytes = (await handle.stat()).size;
      if (create) await syncFolder(dirname(journalPath), platform);
    } catch (e) {
      await handle.close().catch(() => undefined);
      throw e;
    }
    journal = handle;
    return handle;
  };

  /** Empties the journal, flushed. Nothing to do when there is none. */
  const emptyJournal = async (): Promise<Result<null>> => {
    try {
      const handle = await openJournal(false);
      if (handle && (journalBytes > 0 || journalUnknown)) {
        await handle.truncate(0);
        await handle.datasync();
      }
      journalBytes = 0;
      journalUnknown = false;
      return ok(null);
    } catch (e) {
      await dropJournal();
      return notKept(`${journalPath} could not be emptied (${describeFsError(e)}).`);
    }
  };

  /**
   * Appends records and flushes them. 'gone': the journal was removed while
   * open (its folder deleted): what was written went nowhere.
   */
  const append = async (records: readonly string[]): Promise<Result<null> | 'gone'> => {
    const folder = await makeFolder();
    if (!folder.ok) return folder;
    let handle: FileHandle;
    try {
      handle = (await openJournal(true)) as FileHandle;
    } catch (e) {
      if (fsErrorCode(e) === 'ENOENT') return 'gone';
      return notKept(`${journalPath} could not be opened (${describeFsError(e)}).`);
    }
    const data = Buffer.from(`${records.join('\n')}\n`);
    try {
      // Whether it is still linked is asked alongside the write, not after it.
      const [, stats] = await Promise.all([
        handle.write(data, 0, data.length, journalBytes),
        handle.stat(),
      ]);
      if (stats.nlink === 0) {
        await dropJournal();
        return 'gone';
      }
      await handle.datasync();
    } catch (e) {
      // Take back what may have been written; if that fails too, the next save starts over.
      await handle.truncate(journalBytes).catch(() => void (journalUnknown = true));
      return notKept(`${journalPath} could not be written (${describeFsError(e)}).`);
    }
    journalBytes += data.length;
    return ok(null);
  };

  /**
   * Writes `next` whole with an empty journal. When the journal holds
   * records, the file takes in what they say first (file and journal then
   * read the same as before, whether or not the journal is emptied), so
   * that no moment on disk pairs the new file with the old journal.
   */
  const fold = async (next: HeldLine[]): Promise<Result<null>> => {
    if (journalBytes > 0 || journalUnknown) {
      const base = await writeWhole(held);
      if (!base.ok) return base;
      fileEmpty = held.length === 0;
      const emptied = await emptyJournal();
      if (!emptied.ok) return emptied;
    }
    if (!(fileEmpty && next.length === 0)) {
      const written = await writeWhole(next);
      if (!written.ok) return written;
    }
    held = next;
    fileEmpty = next.length === 0;
    return ok(null);
  };

  /** Loaded or written to: only then is there anything of this run to fold in at quit. */
  let used = false;

  const save = async (entries: readonly OutboxEntry[]): Promise<Result<null>> => {
    if (stuck) return err(stuck);
    used = true;
    const next = entries.map(heldLine);
    if (next.length === 0) {
      // Nothing waits: an empty file, then an empty journal. Should the app stop in between, the
      // journal replayed on the empty file gives back only changes that were sent: sent again,
      // they set the same values.
      if (!fileEmpty) {
        const written = await writeWhole([]);
        if (!written.ok) return written;
        fileEmpty = true;
      }
      const emptied = await emptyJournal();
      if (!emptied.ok) return emptied;
      held = [];
      return ok(null);
    }
    const records = journalUnknown ? null : journalRecords(held, next);
    if (records && records.length === 0) {
      held = next;
      return ok(null);
    }
    const size = records?.reduce((n, r) => n + r.length + 1, 0) ?? 0;
    if (records && journalBytes + size <= JOURNAL_LIMIT_BYTES) {
      const appended = await append(records);
      if (appended !== 'gone') {
        if (appended.ok) held = next;
        return appended;
      }
      folderMade = false;
    }
    return fold(next);
  };

  const moveAsideNow = (path: string, kind: Unusable) => moveAside(path, kind, now());

  /** A file that cannot be used: moved aside, or, when that fails too, left alone for good. */
  const unusable = async (
    kind: Unusable,
    why: string,
    salvaged: OutboxEntry[],
    lost: number,
  ): Promise<FileReading> => {
    const moved = await moveAsideNow(filePath, kind);
    if (!moved.ok) {
      stuck = appError(
        'storage',
        `${why} It could not be moved aside (${moved.error.message}), so Task Tray will not write over it ` +
          `and cannot keep new changes: move or delete ${filePath}, then restart Task Tray.`,
      );
      return { kind: 'stuck', entries: salvaged, problem: stuck };
    }
    return {
      kind: 'moved',
      entries: salvaged,
      problem: (kept) => {
        const recovered =
          salvaged.length > 0
            ? ` ${changes(salvaged.length)} could be recovered${kept ? ' and will be sent' : ' but not saved again'}.`
            : '';
        const missing = lost > 0 ? ` ${changes(lost)} could not be read.` : '';
        return appError('storage', `${why} It was moved to ${moved.value}.${recovered}${missing}`);
      },
    };
  };

  const readTheFile = async (): Promise<FileReading> => {
    let text: string;
    try {
      text = await readFile(filePath, 'utf8');
    } catch (e) {
      if (['ENOENT', 'ENOTDIR'].includes(fsErrorCode(e)))
        return { kind: 'ok', entries: [], exists: false };
      return unusable(
        'unreadable',
        `The file of changes waiting to be sent, ${filePath}, could not be read (${describeFsError(e)}).`,
        [],
        0,
      );
    }
    const reading = parseOutbox(text);
    if (reading.kind === 'ok') return { kind: 'ok', entries: reading.entries, exists: true };
    if (reading.kind === 'future')
      return unusable(
        'future',
        `The file of changes waiting to be sent, ${filePath}, was written by a newer Task Tray (version ${reading.version}).`,
        [],
        0,
      );
    return unusable(
      'corrupt',
      `The file of changes waiting to be sent, ${filePath}, was damaged.`,
      reading.entries,
      reading.lost,
    );
  };

  /** The journal's records, and how it is damaged, if it is. */
  const readTheJournal = async (): Promise<{
    records: JournalRecord[];
    bytes: number;
    damage: { kind: Unusable; why: string } | null;
  }> => {
    let text: string;
    try {
      text = await readFile(journalPath, 'utf8');
    } catch (e) {
      if (['ENOENT', 'ENOTDIR'].includes(fsErrorCode(e)))
        return { records: [], bytes: 0, damage: null };
      const why = `The journal of changes waiting to be sent, ${journalPath}, could not be read (${describeFsError(e)}).`;
      return { records: [], bytes: 0, damage: { kind: 'unreadable', why } };
    }
    const reading = parseJournal(text);
    const bytes = Buffer.byteLength(text);
    if (reading.lost === 0) return { records: reading.records, bytes, damage: null };
    const why = `The journal of changes waiting to be sent, ${journalPath}, was damaged: ${lines(reading.lost)} of it could not be read.`;
    return { records: reading.records, bytes, damage: { kind: 'corrupt', why } };
  };

  /** A damaged journal moved aside (its bytes kept); when it cannot be, nothing is written any more. */
  const journalAside = async (damage: { kind: Unusable; why: string }): Promise<AppError> => {
    const moved = await moveAsideNow(journalPath, damage.kind);
    if (moved.ok)
      return appError(
        'storage',
        `${damage.why} It was moved to ${moved.value}; what could be read will be sent.`,
      );
    stuck = appError(
      'storage',
      `${damage.why} It could not be moved aside (${moved.error.message}), so Task Tray will not write over it ` +
        `and cannot keep new changes: move or delete ${journalPath}, then restart Task Tray.`,
    );
    return stuck;
  };

  return {
    save,

    async load() {
      used = true;
      const file = await readTheFile();
      const read = await readTheJournal();
      const entries = replayJournal(file.entries, read.records);
      held = entries.map(heldLine);
      fileEmpty = file.kind === 'ok' && file.exists && file.entries.length === 0;
      journalBytes = read.bytes;
      journalUnknown = false;

      const journalProblem = read.damage ? await journalAside(read.damage) : null;
      // Moved aside: there is no journal left to empty.
      if (read.damage) journalBytes = 0;
      // A file or journal that could be neither read nor moved aside (stuck is set): nothing is written.
      if (stuck) return { entries, problem: stuck };

      // Written whole when the journal holds anything (folded in, then emptied) or the file was
      // recovered: from here on the journal only says what changes in this run.
      let kept = true;
      if (read.bytes > 0 || file.kind === 'moved') {
        // A file still there (not moved aside) with entries must not outlive the journal that ended them.
        const fileHolds = file.kind === 'ok' && file.entries.length > 0;
        const written = entries.length > 0 || fileHolds ? await writeWhole(held) : ok(null);
        if (written.ok) {
          if (entries.length > 0 || fileHolds) fileEmpty = entries.length === 0;
          kept = (await emptyJournal()).ok;
        } else {
          kept = false;
          journalUnknown = true;
        }
      }
      const problems = [file.kind === 'moved' ? file.problem(kept) : null, journalProblem].filter(
        (p): p is AppError => p !== null,
      );
      const problem =
        problems.length === 0
          ? null
          : problems.length === 1
            ? (problems[0] as AppError)
            : appError('storage', problems.map((p) => p.message).join(' '));
      return { entries, problem };
    },

    async close() {
      if (used && !stuck && (journalBytes > 0 || journalUnknown)) {
        const written = await writeWhole(held);
        if (written.ok) {
          fileEmpty = held.length === 0;
          await emptyJournal();
        }
      }
      used = false;
      await dropJournal();
    },
  };
}
