import {
  copyFile,
  mkdir,
  open,
  readFile,
  readdir,
  rename,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { COMPLIANCE_TASK_ID_PATTERN } from '../../common/compliance-task';
import {
  MAX_EVIDENCE_BYTES,
  MAX_EVIDENCE_DESCRIPTION,
  MAX_EVIDENCE_NAME,
} from '../../common/evidence';
import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import { removeLeftoverTempFiles, writeFileAtomic } from '../storage/atomic-file';
import { describeFsError, fsErrorCode } from '../storage/fs-error';

/**
 * The evidence waiting to upload, on disk: a folder in the app's data folder
 * holding a private copy of each file (`<id>.bin`) and the list of them
 * (`queue.json`, written atomically and fsynced). A file is copied and
 * fsynced before the list names it, and the list is written before an
 * attach answers "queued": the person may delete or edit the original at once.
 */

export const EVIDENCE_FOLDER = 'evidence';
const LIST_FILE = 'queue.json';
const COPY = /^([0-9a-f-]{36})\.bin$/;

const QueuedFileSchema = z.strictObject({
  id: z.uuid(),
  profileId: z.string().min(1).max(256),
  taskId: z.string().regex(COMPLIANCE_TASK_ID_PATTERN),
  name: z.string().min(1).max(MAX_EVIDENCE_NAME),
  mime: z.string().min(3).max(200),
  size: z.number().int().min(1).max(MAX_EVIDENCE_BYTES),
  description: z.string().max(MAX_EVIDENCE_DESCRIPTION).optional(),
  /** With an API key: the member who attached it (their user id is looked up when it is sent). */
  memberId: z.string().max(200).optional(),
  addedAt: z.string().max(64),
});
export type QueuedFile = z.infer<typeof QueuedFileSchema>;

const ListSchema = z.strictObject({
  version: z.literal(1),
  files: z.array(QueuedFileSchema).max(10_000),
});

export interface EvidenceStore {
  readonly folder: string;
  copyPath(id: string): string;
  /**
   * The list as the last run left it. Files whose copy is gone come back as
   * `lost`; copies the list does not name (a crash between copy and list)
   * are removed. An unreadable list is moved aside, never written over.
   */
  load(): Promise<{ files: QueuedFile[]; lost: QueuedFile[]; problem: AppError | null }>;
  /** Copies `source` to `<id>.bin`, fsynced; its size as copied. */
  copyIn(source: string, id: string): Promise<Result<number>>;
  /** Writes bytes made here (a capture of the screen) to `<id>.bin`, fsynced, as copyIn does a file. */
  writeIn(bytes: Uint8Array, id: string): Promise<Result<number>>;
  save(files: readonly QueuedFile[]): Promise<Result<null>>;
  /** Removes a copy; one already gone is fine. */
  drop(id: string): Promise<void>;
}

export function createEvidenceStore(
  userDataDir: string,
  /** The secret guard (invariant 1): the list is one of main's files, and passes it as every file does. */
  redact: <T>(value: T) => T = (v) => v,
): EvidenceStore {
  const folder = join(userDataDir, EVIDENCE_FOLDER);
  const listPath = join(folder, LIST_FILE);
  const copyPath = (id: string) => join(folder, `${id}.bin`);
  const drop = (id: string) => unlink(copyPath(id)).catch(() => undefined);

  const readList = async (): Promise<Result<QueuedFile[]>> => {
    let text: string;
    try {
      text = await readFile(listPath, 'utf8');
    } catch (e) {
      return fsErrorCode(e) === 'ENOENT'
        ? ok([])
        : err(
            appError(
              'internal',
              `The evidence waiting to upload could not be read (${describeFsError(e)}).`,
            ),
          );
    }
    try {
      const parsed = ListSchema.safeParse(JSON.parse(text));
      if (parsed.success) return ok(parsed.data.files);
    } catch {
      // Not JSON: moved aside below.
    }
    await rename(listPath, `${listPath}.unreadable-${Date.now()}`).catch(() => undefined);
    return err(
      appError(
        'internal',
        'The list of evidence waiting to upload was damaged; it was moved aside.',
      ),
    );
  };

  /** Writes `<id>.part`, fsyncs it, then names it `<id>.bin`: a crash leaves a .part, removed at the next load. */
  const placeIn = async (
    id: string,
    write: (part: string) => Promise<void>,
  ): Promise<Result<number>> => {
    const part = join(folder, `${id}.part`);
    try {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await write(part);
      const handle = await open(part, 'r+');
      let size: number;
      try {
        await handle.chmod(0o600).catch(() => undefined);
        await handle.sync();
        size = (await handle.stat()).size;
      } finally {
        await handle.close();
      }
      await rename(part, copyPath(id));
      return ok(size);
    } catch (e) {
      await unlink(part).catch(() => undefined);
      return err(appError('internal', describeFsError(e)));
    }
  };

  return {
    folder,
    copyPath,
    async load() {
      await removeLeftoverTempFiles(listPath);
      const list = await readList();
      const listed = list.ok ? list.value : [];
      let names: string[] = [];
      try {
        names = await readdir(folder);
      } catch {
        // No folder yet: nothing was ever queued.
      }
      const present = new Set(names.map((n) => COPY.exec(n)?.[1]).filter((id) => id !== undefined));
      // A damaged list keeps its copies: the next release may read what this one could not.
      if (list.ok)
        for (const n of names)
          if (n.endsWith('.part') || (COPY.test(n) && !listed.some((f) => `${f.id}.bin` === n)))
            await unlink(join(folder, n)).catch(() => undefined);
      return {
        files: listed.filter((f) => present.has(f.id)),
        lost: listed.filter((f) => !present.has(f.id)),
        problem: list.ok ? null : list.error,
      };
    },
    copyIn: (source, id) => placeIn(id, (part) => copyFile(source, part)),
    writeIn: (bytes, id) => placeIn(id, (part) => writeFile(part, bytes, { flag: 'wx' })),
    save: (files) =>
      writeFileAtomic(listPath, `${JSON.stringify(redact({ version: 1, files }), null, 1)}\n`),
    drop,
  };
}
