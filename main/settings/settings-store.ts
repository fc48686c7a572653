import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import { deepFreeze } from '../lib/deep-freeze';
import { oneAtATime } from '../lib/one-at-a-time';
import { writeFileAtomic } from '../storage/atomic-file';
import { settleDurableFile } from '../storage/durable-file';
import type { DurableFile } from '../storage/durable-file';
import {
  nextDurableFileState,
  readOf,
  savesRefused,
  startLoading,
} from '../storage/durable-file-state';
import { createFolderWriter } from '../storage/folder-writer';
import type { Salvaged } from './salvage';
import { defaultSettings, describeSettingsIssues, parseSettings } from './schema';
import type { Settings } from './schema';
import {
  leftAloneRefusal,
  readSettingsFile,
  settingsFilePolicy,
  settingsLoadProblem,
} from './settings-file';
import type { SettingsFileState } from './settings-file';
import { NO_UNKNOWN_FIELDS, withUnknownFields } from './unknown-fields';
import type { UnknownFields } from './unknown-fields';

export type { Settings } from './schema';

export interface SettingsLoad {
  readonly settings: Settings;
  /** Why the file on disk was not used (kind 'storage'), or null. */
  readonly problem: AppError | null;
}

export interface SettingsStore {
  /**
   * Reads the file. Missing → defaults. Unusable → moved aside, what could be
   * read of it (else defaults), and a problem saying so. Not readable now (a
   * permission, a lock) → left where it is, defaults, and a problem saying so.
   */
  load(): Promise<SettingsLoad>;
  /** The current settings (deeply frozen). Only after load() has finished. */
  get(): Settings;
  /**
   * Applies a change to a copy of the current settings (its top level and
   * lists; the profiles and pins in them are frozen and shared, so a change
   * builds new ones instead of editing them), validates it, and
   * writes it atomically. Calls run one after another, each on the result of
   * the one before. On any failure the file and the current settings stay as they were.
   */
  update(change: (s: Settings) => Settings): Promise<Result<Settings>>;
}

export interface SettingsStoreOptions {
  readonly filePath: string;
  /** The clock used to name a moved-aside file. */
  readonly now?: () => Date;
  /** Applied to what is written (secret-guard.ts): no run of a secret reaches the file. */
  readonly redact?: <T>(value: T) => T;
  /** The app's version: the file as this release first read it is kept beside it (last-good-copy.ts). */
  readonly release?: string;
}

export function createSettingsStore(opts: SettingsStoreOptions): SettingsStore {
  const { filePath } = opts;
  const now = opts.now ?? (() => new Date());

  let current: Settings | null = null;
  const save = createFolderWriter(filePath);
  /** Pins that came out of a parse, frozen: an update that keeps them does not parse them again. */
  const parsedPins = new WeakSet<object>();
  /** Frozen, and its pins remembered as parsed. */
  const freezeAsParsed = (s: Settings): Settings => {
    deepFreeze(s);
    for (const pin of s.pinned) parsedPins.add(pin);
    return s;
  };
  /** Where the last load of the file settled: whether anything may be saved over it. */
  let fileState: SettingsFileState = startLoading();
  /** Every load and update runs after the previous one: the file has one writer at a time. */
  const serialize = oneAtATime();

  /** Fields of a newer build's, kept from the last load that used the file (unknown-fields.ts). */
  let unknown: UnknownFields = NO_UNKNOWN_FIELDS;
  /** Compact: indentation grows with nesting, and the file is rewritten on every change. */
  const fileText = (s: Settings): string => {
    const all = withUnknownFields(s, unknown);
    return `${JSON.stringify(opts.redact ? opts.redact(all) : all)}\n`;
  };

  const file: DurableFile<Settings, Salvaged> = {
    filePath,
    now,
    policy: settingsFilePolicy(filePath),
    lastGoodRelease: opts.release,
    parse: (bytes) => {
      unknown = NO_UNKNOWN_FIELDS;
      return readSettingsFile(filePath, bytes, (kept) => (unknown = kept));
    },
    // Written back at once, so the next start reads it, not defaults.
    writeBack: (salvaged) =>
      writeFileAtomic(filePath, fileText(salvaged.settings), { mode: 0o600 }),
  };

  /**
   * Settles the file from `from`, and takes what could be read of it (else
   * the defaults, in memory only) as the current settings.
   */
  const settleFrom = async (from: SettingsFileState): Promise<SettingsLoad> => {
    fileState = await settleDurableFile(file, from);
    const read = readOf(fileState);
    current = freezeAsParsed(
      read === null ? defaultSettings() : 'value' in read ? read.value : read.salvaged.settings,
    );
    return { settings: current, problem: settingsLoadProblem(filePath, fileState) };
  };
  const loadNow = () => settleFrom(startLoading());

  /** The result of applying one change to `before`: the new settings, or why it was refused. */
  const applyChange = (before: Settings, change: (s: Settings) => Settings): Result<Settings> => {
    let next: Settings;
    try {
      // A copy of the top level and its lists: a change that edits them in place cannot touch
      // the current settings, and one that edits a profile or a pin in place throws (they are
      // frozen), which is refused below. The pins themselves are shared, not copied: a change
      // of a few pins out of hundreds does not copy, nor below parse again, the rest.
      next = change({ ...before, profiles: [...before.profiles], pinned: [...before.pinned] });
    } catch {
      // The exception's text is not passed on: it comes from arbitrary code and could quote anything.
      return err(
        appError('internal', 'A settings change failed before it was saved. Nothing changed.'),
      );
    }
    const parsed = parseSettings(next, parsedPins);
    if (!parsed.success)
      return err(
        appError('bad_input', `Settings not saved: ${describeSettingsIssues(parsed.error)}.`),
      );
    return ok(freezeAsParsed(parsed.data));
  };

  /**
   * Applies changes in order, each to the result of the one before (a refused
   * one is skipped), and writes the last state once: one fsync for all of
   * them. If the write fails, none of them took effect.
   */
  const updateNow = async (
    changes: readonly ((s: Settings) => Settings)[],
  ): Promise<Result<Settings>[]> => {
    const all = (e: AppError) => changes.map(() => err(e));
    if (current === null) await loadNow();
    const refused = leftAloneRefusal(fileState);
    if (refused) return all(refused);
    if (savesRefused(fileState)) {
      // Not saved over: moving it aside (and writing back what was read of it) is tried again first.
      const retried = await settleFrom(
        nextDurableFileState(fileState, { type: 'retry' }, file.policy),
      );
      if (retried.problem && savesRefused(fileState)) return all(retried.problem);
    }
    let state = current ?? deepFreeze(defaultSettings());
    const results = changes.map((change) => {
      const applied = applyChange(state, change);
      if (applied.ok) state = applied.value;
      return applied;
    });
    if (!results.some((r) => r.ok)) return results;

    const saved = await save(fileText(state));
    if (!saved.ok)
      return all(
        appError(
          'storage',
          saved.error.failed === 'folder'
            ? `Settings not saved: could not create ${saved.error.folder} (${saved.error.reason}).`
            : `Settings not saved. ${saved.error.error.message} Nothing changed.`,
        ),
      );

    current = state;
    return results;
  };

  /**
   * Updates that arrive while the file is busy wait together and are written
   * as one: a hundred answers landing at once cost one write, not a hundred.
   */
  let waiting: { change: (s: Settings) => Settings; done: (r: Result<Settings>) => void }[] | null =
    null;
  const update = (change: (s: Settings) => Settings): Promise<Result<Settings>> =>
    new Promise((done) => {
      if (waiting) {
        waiting.push({ change, done });
        return;
      }
      const batch = [{ change, done }];
      waiting = batch;
      void serialize(async () => {
        // From here on, new updates wait for the next write: they must see this one.
        waiting = null;
        let results: Result<Settings>[];
        try {
          results = await updateNow(batch.map((b) => b.change));
        } catch {
          results = batch.map(() =>
            err(appError('internal', 'Settings could not be saved. Nothing changed.')),
          );
        }
        batch.forEach((b, i) => b.done(results[i] ?? err(appError('internal', 'Not saved.'))));
      });
    });

  return {
    load: () => serialize(loadNow),
    get(): Settings {
      if (current === null)
        throw new Error('Settings are read before load() finished: call and await load() first.');
      return current;
    },
    update,
  };
}
