import { mkdir, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import { deepFreeze } from '../../common/deep-freeze';
import { salvageMessage, salvageSettings } from './salvage';
import type { Salvaged } from './salvage';
import { writeFileAtomic } from '../storage/atomic-file';
import { describeFsError, fsErrorCode, readAgainAdvice } from '../storage/fs-error';
import { shortcutProblem } from '../../common/shortcut';
import { oneAtATime } from '../../common/one-at-a-time';
import { moveAside } from '../storage/move-aside';
import type { Unusable } from '../storage/move-aside';
import {
  defaultSettings,
  describeSettingsIssues,
  parseSettings,
  SETTINGS_VERSION,
  SettingsSchema,
} from './schema';
import type { Settings } from './schema';

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
}

/**
 * An older build took shortcuts this one refuses (Shift+E, Ctrl+C): such a
 * shortcut gives way to the default rather than costing the whole file.
 */
const withoutRefusedShortcut = (raw: unknown): unknown => {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const { shortcut, ...rest } = raw as { shortcut?: unknown };
  return typeof shortcut === 'string' && shortcutProblem(shortcut) !== null ? rest : raw;
};

export function createSettingsStore(opts: SettingsStoreOptions): SettingsStore {
  const { filePath } = opts;
  const now = opts.now ?? (() => new Date());

  let current: Settings | null = null;
  /** The folder was there at the last write. */
  let folderMade = false;
  /** Pins that came out of a parse, frozen: an update that keeps them does not parse them again. */
  const parsedPins = new WeakSet<object>();
  /** Frozen, and its pins remembered as parsed. */
  const settle = (s: Settings): Settings => {
    deepFreeze(s);
    for (const pin of s.pinned) parsedPins.add(pin);
    return s;
  };
  /** A file that could not be used and could not be moved aside either: never overwrite it. */
  let stuck: { kind: Unusable; why: string; salvaged?: Salvaged } | null = null;
  /**
   * A file left where it is on purpose (it could not be read, not for what
   * it holds): why, and what to do so that the next start reads it. Nothing
   * is saved over it in this run.
   */
  let leftAlone: { why: string; advice: string } | null = null;
  /** Every load and update runs after the previous one: the file has one writer at a time. */
  const serialize = oneAtATime();

  const moveAsideNow = (kind: Unusable) => moveAside(filePath, kind, now());
  /** Compact: indentation grows with nesting, and the file is rewritten on every change. */
  const fileText = (s: Settings): string => `${JSON.stringify(opts.redact ? opts.redact(s) : s)}\n`;

  const quarantine = async (
    kind: Unusable,
    why: string,
    salvaged?: Salvaged,
  ): Promise<SettingsLoad> => {
    const moved = await moveAsideNow(kind);
    // What could be read of it, if anything, else defaults: in memory even when it is stuck.
    const settings = salvaged ? settle(salvaged.settings) : deepFreeze(defaultSettings());
    current = settings;
    const keptSaid = salvaged ? ` ${salvageMessage(salvaged)}` : '';
    if (moved.ok && salvaged) {
      stuck = null;
      // Written back at once, so the next start reads it, not defaults. Should that fail, the
      // file goes back where it was, as it was: the next start reads and salvages it again.
      const written = await writeFileAtomic(filePath, fileText(settings), { mode: 0o600 });
      if (!written.ok) {
        const back = await rename(moved.value, filePath).then(
          () => true,
          () => false,
        );
        // Back in place, it is not saved over either: the next update tries the move and the
        // write-back again first, as for a file that could not be moved aside.
        if (back) stuck = { kind, why, salvaged };
        return {
          settings,
          problem: appError(
            'storage',
            `${why}${keptSaid} It could not be saved again (${written.error.message}); ` +
              (back
                ? `${filePath} was left as it was, and will be read the same way next time.`
                : `the file as it was is at ${moved.value}.`),
          ),
        };
      }
      return {
        settings,
        problem: appError('storage', `${why} It was moved to ${moved.value}.${keptSaid}`),
      };
    }
    if (moved.ok) {
      stuck = null;
      return {
        settings,
        problem: appError(
          'storage',
          `${why} It was moved to ${moved.value}, and Task Tray started with default settings.`,
        ),
      };
    }
    stuck = { kind, why, ...(salvaged ? { salvaged } : {}) };
    return {
      settings,
      problem: appError(
        'storage',
        `${why} It could not be moved aside (${moved.error.message}), so Task Tray uses ` +
          `${salvaged ? 'what it could read of it' : 'default settings'} and will not save over it: ` +
          `move or delete ${filePath} to save settings again.${keptSaid}`,
      ),
    };
  };

  /**
   * The file is there but could not be read now (a permission, a lock held
   * by another program): what it holds may be fine, so it stays where it is,
   * for the next start to read once that is mended. Until then the settings
   * are the defaults, in memory only.
   */
  const leaveAlone = (why: string, advice: string): SettingsLoad => {
    leftAlone = { why, advice };
    current = deepFreeze(defaultSettings());
    return {
      settings: current,
      problem: appError(
        'storage',
        `${why} Task Tray left it as it is and uses default settings until it can read it; ` +
          `nothing is saved over it. ${advice}`,
      ),
    };
  };

  const loadNow = async (): Promise<SettingsLoad> => {
    leftAlone = null;
    let bytes: Buffer;
    try {
      bytes = await readFile(filePath);
    } catch (e) {
      // No file yet; ENOTDIR: not even its folder (a file stands where it would be) — the save will say so.
      if (['ENOENT', 'ENOTDIR'].includes(fsErrorCode(e))) {
        stuck = null;
        current = deepFreeze(defaultSettings());
        return { settings: current, problem: null };
      }
      const why = `The settings file ${filePath} could not be read (${describeFsError(e)}).`;
      const advice = readAgainAdvice(e);
      if (advice !== null) return leaveAlone(why, advice);
      return quarantine('unreadable', why);
    }

    let raw: unknown;
    try {
      // Strip a byte-order mark: a person may have edited the file with a Windows editor.
      raw = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      // JSON.parse's own message quotes the file's text: it is not repeated here.
      return quarantine('corrupt', `The settings file ${filePath} is not valid JSON.`);
    }

    const version =
      raw && typeof raw === 'object' ? (raw as { version?: unknown }).version : undefined;
    if (typeof version === 'number' && version > SETTINGS_VERSION)
      return quarantine(
        'future',
        `The settings file ${filePath} was written by a newer Task Tray (settings version ${version}; ` +
          `this one reads version ${SETTINGS_VERSION}).`,
      );

    const parsed = SettingsSchema.safeParse(withoutRefusedShortcut(raw));
    if (!parsed.success)
      return quarantine(
        'corrupt',
        `The settings file ${filePath} has settings this version cannot use (${describeSettingsIssues(parsed.error)}).`,
        // The whole file, its refused shortcut too: one the salvage drops is then said.
        salvageSettings(raw) ?? undefined,
      );

    stuck = null;
    current = settle(parsed.data);
    return { settings: current, problem: null };
  };

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
    return ok(settle(parsed.data));
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
    if (leftAlone)
      return all(
        appError(
          'storage',
          `Settings not saved: ${leftAlone.why} Task Tray saves nothing over it until it can read it. ${leftAlone.advice}`,
        ),
      );
    if (stuck) {
      const retried = await quarantine(stuck.kind, stuck.why, stuck.salvaged);
      if (retried.problem && stuck) return all(retried.problem);
    }
    let state = current ?? deepFreeze(defaultSettings());
    const results = changes.map((change) => {
      const applied = applyChange(state, change);
      if (applied.ok) state = applied.value;
      return applied;
    });
    if (!results.some((r) => r.ok)) return results;

    const text = fileText(state);
    // The folder was there at the last write: not made again before each one. Should it have
    // been removed since, the write fails, and the folder is made and the write tried once more.
    let written = folderMade ? await writeFileAtomic(filePath, text, { mode: 0o600 }) : null;
    if (!written?.ok) {
      folderMade = false;
      try {
        await mkdir(dirname(filePath), { recursive: true, mode: 0o700 });
      } catch (e) {
        return all(
          appError(
            'storage',
            `Settings not saved: could not create ${dirname(filePath)} (${describeFsError(e)}).`,
          ),
        );
      }
      written = await writeFileAtomic(filePath, text, { mode: 0o600 });
      folderMade = written.ok;
    }
    if (!written.ok)
      return all(
        appError('storage', `Settings not saved. ${written.error.message} Nothing changed.`),
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
