/**
 * The settings file as the durable-file machine sees it: what its bytes
 * mean, and what the person reads about a load that did not go plainly.
 */
import { appError } from '../../common/result';
import type { AppError } from '../../common/result';
import { shortcutProblem } from '../../common/shortcut';
import type { DurableFilePolicy, DurableFileState, Reading } from '../storage/durable-file-state';
import { salvageMessage, salvageSettings } from './salvage';
import type { Salvaged } from './salvage';
import {
  describeSettingsIssues,
  PinnedTaskSchema,
  ProfileSchema,
  SETTINGS_VERSION,
  SettingsSchema,
} from './schema';
import { splitUnknownFields } from './unknown-fields';
import type { KnownShape, UnknownFields } from './unknown-fields';
import type { Settings } from './schema';

export type SettingsFileState = DurableFileState<Settings, Salvaged>;

export const settingsFilePolicy = (filePath: string): DurableFilePolicy => ({
  unreadable: (reason) => `The settings file ${filePath} could not be read (${reason}).`,
  putBackUnsaved: true,
});

/**
 * An older build took shortcuts this one refuses (Shift+E, Ctrl+C): such a
 * shortcut gives way to the default rather than costing the whole file.
 */
const withoutRefusedShortcut = (raw: unknown): unknown => {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const { shortcut, ...rest } = raw as { shortcut?: unknown };
  return typeof shortcut === 'string' && shortcutProblem(shortcut) !== null ? rest : raw;
};

/** The fields this build knows, from its schema. */
const KNOWN: KnownShape = {
  top: new Set(Object.keys(SettingsSchema.shape)),
  profile: new Set(Object.keys(ProfileSchema.shape)),
  pin: new Set(Object.keys(PinnedTaskSchema.shape)),
};

/**
 * What the bytes of the settings file hold: settings, or why not and what could be kept.
 * Fields this build does not know (a newer build's) do not count against the file; when
 * it is usable, they go to `keepUnknown`, to be written back with every save.
 */
export function readSettingsFile(
  filePath: string,
  bytes: Buffer,
  keepUnknown?: (unknown: UnknownFields) => void,
): Reading<Settings, Salvaged> {
  let raw: unknown;
  try {
    // Strip a byte-order mark: a person may have edited the file with a Windows editor.
    raw = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    // JSON.parse's own message quotes the file's text: it is not repeated here.
    const why = `The settings file ${filePath} is not valid JSON.`;
    return { kind: 'unusable', unusable: 'corrupt', why, salvaged: null };
  }

  const version =
    raw && typeof raw === 'object' ? (raw as { version?: unknown }).version : undefined;
  if (typeof version === 'number' && version > SETTINGS_VERSION)
    return {
      kind: 'unusable',
      unusable: 'future',
      why:
        `The settings file ${filePath} was written by a newer Task Tray (settings version ${version}; ` +
        `this one reads version ${SETTINGS_VERSION}).`,
      salvaged: null,
    };

  const { known, unknown } = splitUnknownFields(raw, KNOWN);
  const parsed = SettingsSchema.safeParse(withoutRefusedShortcut(known));
  if (parsed.success) {
    keepUnknown?.(unknown);
    return { kind: 'usable', value: parsed.data };
  }
  return {
    kind: 'unusable',
    unusable: 'corrupt',
    why: `The settings file ${filePath} has settings this version cannot use (${describeSettingsIssues(parsed.error)}).`,
    // The whole file, its refused shortcut too: one the salvage drops is then said.
    salvaged: salvageSettings(raw),
  };
}

/** What the person reads about a settled load, or null when the file was used as it was (or missing). */
export function settingsLoadProblem(filePath: string, state: SettingsFileState): AppError | null {
  const said = (message: string) => appError('storage', message);
  const keptSaid = (s: Salvaged | null) => (s ? ` ${salvageMessage(s)}` : '');
  switch (state.kind) {
    case 'left-alone':
      return said(
        `${state.why} Task Tray left it as it is and uses default settings until it can read it; ` +
          `nothing is saved over it. ${state.advice}`,
      );
    case 'moved':
      if (state.writeError !== null)
        return said(
          `${state.why}${keptSaid(state.salvaged)} It could not be saved again (${state.writeError}); ` +
            `the file as it was is at ${state.to}.`,
        );
      return said(
        state.salvaged
          ? `${state.why} It was moved to ${state.to}.${keptSaid(state.salvaged)}`
          : `${state.why} It was moved to ${state.to}, and Task Tray started with default settings.`,
      );
    case 'put-back':
      return said(
        `${state.why}${keptSaid(state.salvaged)} It could not be saved again (${state.writeError}); ` +
          `${filePath} was left as it was, and will be read the same way next time.`,
      );
    case 'stuck':
      return said(
        `${state.why} It could not be moved aside (${state.moveError}), so Task Tray uses ` +
          `${state.salvaged ? 'what it could read of it' : 'default settings'} and will not save over it: ` +
          `move or delete ${filePath} to save settings again.${keptSaid(state.salvaged)}`,
      );
    default:
      return null;
  }
}

/** Why an update is refused while the file is left alone; null in any other state. */
export function leftAloneRefusal(state: SettingsFileState): AppError | null {
  if (state.kind !== 'left-alone') return null;
  return appError(
    'storage',
    `Settings not saved: ${state.why} Task Tray saves nothing over it until it can read it. ${state.advice}`,
  );
}
