import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { COMPLIANCE_BOUNDS, ComplianceTaskSchema } from '../../common/compliance-task';
import type { ComplianceTask } from '../../common/compliance-task';
import { deepFreeze } from '../lib/deep-freeze';
import { writeFileAtomic } from '../storage/atomic-file';
import { settleDurableFile } from '../storage/durable-file';
import { startLoading } from '../storage/durable-file-state';
import type { Reading } from '../storage/durable-file-state';
import { MAX_ETAG_LENGTH } from '../service/conditional-memory';

/**
 * Each profile's compliance tasks as last read, in `compliance.json`, so My
 * work shows them at once on the next start and reads again behind. A cache,
 * not truth: a file that does not read as this shape is moved aside and the
 * list read again (a cache is removed, not moved aside); it never stops the app nor touches another file. Written
 * through the secret guard and bounded, in total too (docs/ARCHITECTURE.md,
 * invariants 1 and 8).
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

const FileSchema = z.object({
  version: z.literal(VERSION),
  entries: z.array(EntrySchema).max(MAX_PROFILES),
});

export const UNUSABLE_WORDS =
  'The kept list of compliance tasks could not be read; it is read again from the service.';

function readComplianceFile(bytes: Buffer): Reading<ComplianceEntry[], never> {
  let parsed: z.ZodSafeParseResult<z.output<typeof FileSchema>>;
  try {
    parsed = FileSchema.safeParse(JSON.parse(bytes.toString('utf8')));
  } catch {
    parsed = FileSchema.safeParse(null);
  }
  return parsed.success
    ? { kind: 'usable', value: parsed.data.entries }
    : { kind: 'unusable', unusable: 'corrupt', why: UNUSABLE_WORDS, salvaged: null };
}

export interface ComplianceFile {
  /** What the file holds, frozen; [] when there is none or it could not be used (said through onProblem). */
  load(): Promise<readonly ComplianceEntry[]>;
  /** Writes these entries (most recent first), as many as fit. */
  save(entries: readonly ComplianceEntry[]): Promise<void>;
}

export function createComplianceFile(opts: {
  readonly filePath: string;
  readonly redact?: <T>(value: T) => T;
  readonly now?: () => Date;
  readonly onProblem?: (message: string) => void;
}): ComplianceFile {
  const now = opts.now ?? (() => new Date());
  return {
    async load() {
      const state = await settleDurableFile(
        {
          filePath: opts.filePath,
          now,
          policy: { disposable: true },
          parse: readComplianceFile,
          maxBytes: MAX_FILE_BYTES,
        },
        startLoading(),
      );
      if (state.kind === 'removed' || state.kind === 'left-alone') opts.onProblem?.(state.why);
      return deepFreeze(state.kind === 'read' ? (state.value ?? []) : []);
    },
    async save(entries) {
      let text = '';
      for (let n = Math.min(entries.length, MAX_PROFILES); n >= 0; n--) {
        const file = { version: VERSION, entries: entries.slice(0, n) };
        text = JSON.stringify(opts.redact ? opts.redact(file) : file);
        if (Buffer.byteLength(text) <= MAX_FILE_BYTES) break;
      }
      await mkdir(dirname(opts.filePath), { recursive: true, mode: 0o700 }).catch(() => undefined);
      const written = await writeFileAtomic(opts.filePath, text, { mode: 0o600 });
      if (!written.ok) opts.onProblem?.(written.error.message);
    },
  };
}

/** Tasks as kept: at most COMPLIANCE_BOUNDS.tasks, each already bounded by its schema. */
export const keptTasks = (tasks: readonly ComplianceTask[]): ComplianceTask[] =>
  tasks.slice(0, COMPLIANCE_BOUNDS.tasks);
