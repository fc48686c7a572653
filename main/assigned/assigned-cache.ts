import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { TaskSchema } from '../../common/task';
import type { Task } from '../../common/task';
import { writeFileAtomic } from '../storage/atomic-file';
import { settleDurableFile } from '../storage/durable-file';
import { startLoading } from '../storage/durable-file-state';
import type { Reading } from '../storage/durable-file-state';
import { MEMBER_ID_PATTERN } from '../../common/task-values';
import { BOUNDS } from '../../common/bounds';
import { deepFreeze } from '../lib/deep-freeze';

/**
 * What "assigned to me" showed last, per profile, so the view opens at once
 * on the next start and refreshes behind. Cache, not truth: a file that does
 * not read as this shape (corrupt, older, from a newer build) is dropped and
 * the list built again; it never stops the app. Written through the secret
 * guard like settings, and bounded like every answer, in total too
 * (docs/ARCHITECTURE.md, invariant 8).
 */

export const ASSIGNED_FILE = 'assigned.json';
const VERSION = 1;
const MAX_PROFILES = 20;
/**
 * The whole file: a few profiles' lists. Past it, the lists of the profiles
 * shown longest ago are left out; a larger file is none (an older build's).
 */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;

const EntrySchema = z.object({
  profileId: z.string().min(1).max(256),
  memberId: z.string().regex(MEMBER_ID_PATTERN),
  builtAt: z.iso.datetime(),
  note: z.string().max(2_000).nullable(),
  tasks: z.array(TaskSchema).max(BOUNDS.assignedShown),
  more: z.number().int().min(0).default(0),
});
export type AssignedEntry = z.output<typeof EntrySchema>;

const FileSchema = z.object({
  version: z.literal(VERSION),
  entries: z.array(EntrySchema).max(MAX_PROFILES),
});

const UNUSABLE =
  'The kept list of tasks assigned to you could not be read; it is being built again.';

function readAssignedFile(bytes: Buffer): Reading<AssignedEntry[], never> {
  let parsed: z.ZodSafeParseResult<z.output<typeof FileSchema>>;
  try {
    parsed = FileSchema.safeParse(JSON.parse(bytes.toString('utf8')));
  } catch {
    parsed = FileSchema.safeParse(null);
  }
  return parsed.success
    ? { kind: 'usable', value: parsed.data.entries }
    : { kind: 'unusable', unusable: 'corrupt', why: UNUSABLE, salvaged: null };
}

export interface AssignedCache {
  /** The entry for this profile and member, or null (none yet, or the file was unusable). */
  get(profileId: string, memberId: string): AssignedEntry | null;
  put(entry: {
    profileId: string;
    memberId: string;
    note: string | null;
    tasks: readonly Task[];
    more: number;
  }): Promise<void>;
  forget(profileId: string): Promise<void>;
  load(): Promise<void>;
}

export function createAssignedCache(opts: {
  readonly filePath: string;
  readonly redact?: <T>(value: T) => T;
  readonly now?: () => Date;
  readonly onProblem?: (message: string) => void;
}): AssignedCache {
  let entries: AssignedEntry[] = [];
  const now = opts.now ?? (() => new Date());

  const save = async () => {
    let text = '';
    for (let n = entries.length; n > 0; n--) {
      const file = { version: VERSION, entries: entries.slice(0, n) };
      text = JSON.stringify(opts.redact ? opts.redact(file) : file);
      if (Buffer.byteLength(text) <= MAX_FILE_BYTES) break;
    }
    await mkdir(dirname(opts.filePath), { recursive: true, mode: 0o700 }).catch(() => undefined);
    const written = await writeFileAtomic(opts.filePath, text, { mode: 0o600 });
    if (!written.ok) opts.onProblem?.(written.error.message);
  };

  return {
    async load() {
      const state = await settleDurableFile(
        {
          filePath: opts.filePath,
          now,
          policy: { disposable: true },
          parse: readAssignedFile,
          maxBytes: MAX_FILE_BYTES,
        },
        startLoading(),
      );
      // Frozen once: the secret guard walks a list it found clean no more (every event, answer).
      entries = deepFreeze(state.kind === 'read' ? (state.value ?? []) : []);
      if (state.kind === 'removed') opts.onProblem?.(state.why);
    },
    get: (profileId, memberId) =>
      entries.find((e) => e.profileId === profileId && e.memberId === memberId) ?? null,
    async put({ profileId, memberId, note, tasks, more }) {
      const entry: AssignedEntry = deepFreeze({
        profileId,
        memberId,
        builtAt: now().toISOString(),
        note,
        tasks: tasks.slice(0, BOUNDS.assignedShown),
        more: more + Math.max(0, tasks.length - BOUNDS.assignedShown),
      });
      entries = [entry, ...entries.filter((e) => e.profileId !== profileId)].slice(0, MAX_PROFILES);
      await save();
    },
    async forget(profileId) {
      if (!entries.some((e) => e.profileId === profileId)) return;
      entries = entries.filter((e) => e.profileId !== profileId);
      await save();
    },
  };
}
