import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../storage/atomic-file';
import { settleDurableFile } from '../storage/durable-file';
import { startLoading } from '../storage/durable-file-state';
import type { Reading } from '../storage/durable-file-state';

/**
 * Which reminders were shown, per profile, so each is shown once across
 * restarts. Only keys (task id, kind, review date): no title, nothing the
 * service said. A file that does not read is dropped: at worst a reminder
 * of today shows again, never the app stopping.
 */

export const REMINDERS_FILE = 'reminders.json';
const VERSION = 1;
/** Three per task of a large organization's, for a few profiles. */
const MAX_KEYS = 10_000;
const MAX_FILE_BYTES = 2 * 1024 * 1024;

const FileSchema = z.object({
  version: z.literal(VERSION),
  fired: z
    .array(z.object({ profileId: z.string().min(1).max(256), key: z.string().min(1).max(256) }))
    .max(MAX_KEYS),
});

function readRemindersFile(bytes: Buffer): Reading<{ profileId: string; key: string }[], never> {
  let parsed: z.ZodSafeParseResult<z.output<typeof FileSchema>>;
  try {
    parsed = FileSchema.safeParse(JSON.parse(bytes.toString('utf8')));
  } catch {
    parsed = FileSchema.safeParse(null);
  }
  return parsed.success
    ? { kind: 'usable', value: parsed.data.fired }
    : {
        kind: 'unusable',
        unusable: 'corrupt',
        why: 'The list of reminders already shown could not be read; it starts again.',
        salvaged: null,
      };
}

export function createReminderStore(opts: {
  readonly filePath: string;
  readonly now: () => Date;
  readonly onProblem?: (message: string) => void;
}) {
  const fired = new Map<string, Set<string>>();
  const save = async () => {
    const all = [...fired].flatMap(([profileId, keys]) =>
      [...keys].map((key) => ({ profileId, key })),
    );
    const text = JSON.stringify({ version: VERSION, fired: all.slice(-MAX_KEYS) });
    await mkdir(dirname(opts.filePath), { recursive: true, mode: 0o700 }).catch(() => undefined);
    const written = await writeFileAtomic(opts.filePath, text, { mode: 0o600 });
    if (!written.ok) opts.onProblem?.(written.error.message);
  };
  return {
    async load(): Promise<void> {
      const state = await settleDurableFile(
        {
          filePath: opts.filePath,
          now: opts.now,
          policy: { disposable: true },
          parse: readRemindersFile,
          maxBytes: MAX_FILE_BYTES,
        },
        startLoading(),
      );
      fired.clear();
      for (const { profileId, key } of state.kind === 'read' ? (state.value ?? []) : [])
        fired.set(profileId, (fired.get(profileId) ?? new Set()).add(key));
      if (state.kind === 'removed') opts.onProblem?.(state.why);
    },
    firedFor: (profileId: string): ReadonlySet<string> => fired.get(profileId) ?? new Set(),
    /**
     * These were shown, and only `live` keys of the profile are kept beside
     * them (a task gone or rescheduled leaves its keys behind).
     */
    async mark(
      profileId: string,
      keys: readonly string[],
      live: ReadonlySet<string>,
    ): Promise<void> {
      const before = fired.get(profileId) ?? new Set<string>();
      const next = new Set([...before].filter((k) => live.has(k)));
      for (const k of keys) next.add(k);
      if (next.size === before.size && [...next].every((k) => before.has(k))) return;
      fired.set(profileId, next);
      await save();
    },
    async forget(profileId: string): Promise<void> {
      if (fired.delete(profileId)) await save();
    },
  };
}
export type ReminderStore = ReturnType<typeof createReminderStore>;
