import { z } from 'zod';
import { COMPLIANCE_BOUNDS, ComplianceTaskSchema } from '../../common/compliance-task';
import type { ComplianceTask } from '../../common/compliance-task';
import { createCacheFile } from '../storage/cache-file';
import type { CacheFile } from '../storage/cache-file';
import { MAX_ETAG_LENGTH } from '../service/conditional-memory';

/**
 * Each profile's compliance tasks as last read, in `compliance.json`, so My
 * work shows them at once on the next start and reads again behind: a cache
 * file (storage/cache-file.ts), each task bounded by its schema, and in total.
 */

export const COMPLIANCE_FILE = 'compliance.json';
const VERSION = 1;
export const MAX_PROFILES = 20;
/**
 * The whole file: the profiles read most recently first; past it, the rest
 * are left out. A larger file is none (not this build's).
 */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

const EntrySchema = z.object({
  profileId: z.string().min(1).max(256),
  readAt: z.number().int().min(0),
  approvalEnabled: z.boolean().nullable(),
  /** The list's ETag: the first read after a start may be answered 304. */
  etag: z.string().max(MAX_ETAG_LENGTH).nullable(),
  tasks: z.array(ComplianceTaskSchema).max(COMPLIANCE_BOUNDS.tasks),
});
export type ComplianceEntry = z.output<typeof EntrySchema>;

export const UNUSABLE_WORDS =
  'The kept list of compliance tasks could not be read; it is read again from the service.';

export type ComplianceFile = CacheFile<ComplianceEntry>;

export const createComplianceFile = (opts: {
  readonly filePath: string;
  readonly redact?: <T>(value: T) => T;
  readonly now?: () => Date;
  readonly onProblem?: (message: string) => void;
}): ComplianceFile =>
  createCacheFile({
    ...opts,
    version: VERSION,
    entry: EntrySchema,
    maxEntries: MAX_PROFILES,
    maxBytes: MAX_FILE_BYTES,
    unusable: UNUSABLE_WORDS,
  });

/** Tasks as kept: at most COMPLIANCE_BOUNDS.tasks, each already bounded by its schema. */
export const keptTasks = (tasks: readonly ComplianceTask[]): ComplianceTask[] =>
  tasks.slice(0, COMPLIANCE_BOUNDS.tasks);
