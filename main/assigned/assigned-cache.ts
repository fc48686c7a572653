import { z } from 'zod';
import { TaskSchema } from '../../common/task';
import type { Task } from '../../common/task';
import { createCacheFile } from '../storage/cache-file';
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

const UNUSABLE =
  'The kept list of tasks assigned to you could not be read; it is being built again.';

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
  let entries: readonly AssignedEntry[] = [];
  const now = opts.now ?? (() => new Date());
  const file = createCacheFile({
    ...opts,
    version: VERSION,
    entry: EntrySchema,
    maxEntries: MAX_PROFILES,
    maxBytes: MAX_FILE_BYTES,
    unusable: UNUSABLE,
  });
  const save = () => file.save(entries);

  return {
    async load() {
      entries = await file.load();
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
