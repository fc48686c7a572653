import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { deepFreeze } from '../lib/deep-freeze';
import { writeFileAtomic } from './atomic-file';
import { settleDurableFile } from './durable-file';
import { startLoading } from './durable-file-state';
import type { Reading } from './durable-file-state';

/**
 * A cache of entries (one per profile) kept in one JSON file: what was read
 * last, shown at once on the next start. Cache, not truth: a file that does
 * not read as this shape (corrupt, older, from a newer build) is removed and
 * built again, said through `onProblem`; it never stops the app nor touches
 * another file. Written through the secret guard (`redact`) and bounded in
 * total: past `maxBytes` the last entries are left out, and a larger file is
 * none (docs/ARCHITECTURE.md, invariants 1 and 8).
 */
export interface CacheFileOptions<S extends z.ZodType> {
  readonly filePath: string;
  readonly version: number;
  readonly entry: S;
  readonly maxEntries: number;
  readonly maxBytes: number;
  /** Said when the file could not be used. */
  readonly unusable: string;
  readonly redact?: <T>(value: T) => T;
  readonly now?: () => Date;
  readonly onProblem?: (message: string) => void;
}

export interface CacheFile<E> {
  /** The entries kept, frozen; [] when there is no file or it could not be used. */
  load(): Promise<readonly E[]>;
  /** Writes the entries, the first ones first: as many as fit in maxBytes. */
  save(entries: readonly E[]): Promise<void>;
}

export function createCacheFile<S extends z.ZodType>(
  opts: CacheFileOptions<S>,
): CacheFile<z.output<S>> {
  const FileSchema = z.object({
    version: z.literal(opts.version),
    entries: z.array(opts.entry).max(opts.maxEntries),
  });
  const now = opts.now ?? (() => new Date());
  const parse = (bytes: Buffer): Reading<z.output<S>[], never> => {
    let parsed: ReturnType<typeof FileSchema.safeParse>;
    try {
      parsed = FileSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    } catch {
      parsed = FileSchema.safeParse(null);
    }
    return parsed.success
      ? { kind: 'usable', value: parsed.data.entries as z.output<S>[] }
      : { kind: 'unusable', unusable: 'corrupt', why: opts.unusable, salvaged: null };
  };

  return {
    async load() {
      const state = await settleDurableFile(
        {
          filePath: opts.filePath,
          now,
          policy: { disposable: true },
          parse,
          maxBytes: opts.maxBytes,
        },
        startLoading(),
      );
      if (state.kind === 'removed' || state.kind === 'left-alone') opts.onProblem?.(state.why);
      // Frozen once: the secret guard walks a value it found clean no more (every event, answer).
      return deepFreeze(state.kind === 'read' ? (state.value ?? []) : []);
    },
    async save(entries) {
      let text = '';
      for (let n = Math.min(entries.length, opts.maxEntries); n >= 0; n--) {
        const file = { version: opts.version, entries: entries.slice(0, n) };
        text = JSON.stringify(opts.redact ? opts.redact(file) : file);
        if (Buffer.byteLength(text) <= opts.maxBytes) break;
      }
      await mkdir(dirname(opts.filePath), { recursive: true, mode: 0o700 }).catch(() => undefined);
      const written = await writeFileAtomic(opts.filePath, text, { mode: 0o600 });
      if (!written.ok) opts.onProblem?.(written.error.message);
    },
  };
}
