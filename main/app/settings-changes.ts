import { DEFAULT_SYNC_INTERVAL } from '../../common/sync-interval';
import {
  DEFAULT_CAPTURE_SHORTCUT,
  DEFAULT_NEW_TASK_SHORTCUT,
  SHORTCUTS,
  SHORTCUT_SETTINGS,
  shortcutClash,
} from '../../common/shortcut';
import type { ShortcutSetting } from '../../common/shortcut';
import type { SettingsPatchInput } from '../../common/ipc';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { SettingsView, ShortcutNotice } from '../../common/views';
import { oneAtATime } from '../lib/one-at-a-time';
import type { Logger } from '../log/logger';
import { parseBaseUrl } from '../service/client';
import type { Settings } from '../settings/schema';
import type { SettingsStore } from '../settings/settings-store';
import type { Confirmation } from './core-options';
import { settingsView } from './settings-view';
import { SIGN_IN_NOT_CHANGED, signInAddressQuestion } from './sign-in-change';

export interface SettingsChangesDeps {
  readonly settings: SettingsStore;
  readonly log: Logger;
  readonly setLaunchAtLogin?: (on: boolean) => Promise<Result<boolean>>;
  /**
   * What the OS will really do at next login: the person may have changed it outside the
   * app. `wanted` (the saved setting) lets a Linux AppImage's entry follow an update.
   */
  readonly isLaunchAtLoginEnabled?: (wanted?: boolean) => Promise<boolean>;
  readonly applyShortcut?: (accelerator: string, setting?: ShortcutSetting) => Result<string>;
  readonly currentShortcut?: (setting?: ShortcutSetting) => string | null;
  readonly shortcutNotice?: (saved: string, setting?: ShortcutSetting) => ShortcutNotice | null;
  readonly appVersion?: string;
  /** Asks the person in main's own dialog; absent, the answer is no. */
  readonly confirm?: (question: Confirmation) => Promise<boolean>;
  /** Every new view: the tray menu and the popup both change settings, and both follow. */
  readonly onChanged: (view: SettingsView) => void;
  /** The requests-per-minute setting was saved. */
  readonly onRateChanged: () => void;
  /** The background sync's interval changed. */
  readonly onSyncChanged?: () => void;
}

/** A shortcut as saved: one not written is its default. */
const savedShortcut = (s: Settings, setting: ShortcutSetting): string =>
  s[setting] ?? SHORTCUTS[setting].fallback;

type UndoStep = { readonly what: string; readonly run: () => Promise<Result<unknown>> };

/**
 * Changes of settings, one at a time (the popup and the tray menu both make
 * them): each starts from the last. What the OS was asked to do first
 * (launch at login, the shortcut) is undone if the file cannot be saved, so
 * Settings never say "not saved" about a change that took effect anyway,
 * and they show the OS's truth about launch at login, not what was asked.
 */
export function createSettingsChanges(deps: SettingsChangesDeps) {
  const { settings, log } = deps;
  /** What the OS said about launch at login when settings could not keep it. */
  let launchAtLoginUnsaved: boolean | undefined;

  const viewOf = (s: Settings): SettingsView =>
    settingsView(
      launchAtLoginUnsaved === undefined ? s : { ...s, launchAtLogin: launchAtLoginUnsaved },
      deps.shortcutNotice?.(s.shortcut) ?? null,
      deps.appVersion ?? null,
      deps.shortcutNotice?.(savedShortcut(s, 'newTaskShortcut'), 'newTaskShortcut') ?? null,
      deps.shortcutNotice?.(savedShortcut(s, 'captureShortcut'), 'captureShortcut') ?? null,
    );
  const tell = (): void => deps.onChanged(viewOf(settings.get()));

  /** Each step is put back as the OS had it, which need not be what the settings say. */
  async function undoAll(undo: UndoStep[]): Promise<void> {
    if (undo.length === 0) return;
    for (const step of undo.reverse()) {
      const done = await step.run().catch(() => err(appError('internal', 'It threw.')));
      if (!done.ok) log.warn(`Could not put ${step.what} back as it was`, done.error.message);
    }
    // The OS may now do what the settings cannot say: the popup and the tray follow.
    tell();
  }

  async function applyLaunchAtLogin(on: boolean, before: Settings): Promise<Result<UndoStep>> {
    const set = deps.setLaunchAtLogin!;
    const was =
      (await deps.isLaunchAtLoginEnabled?.().catch(() => undefined)) ??
      launchAtLoginUnsaved ??
      before.launchAtLogin;
    const done = await set(on);
    if (!done.ok) return done;
    return ok({
      what: 'launch at login',
      run: async () => {
        const back = await set(was);
        // What the OS does now, shown while the settings say otherwise.
        const now = back.ok ? was : on;
        launchAtLoginUnsaved = now === before.launchAtLogin ? undefined : now;
        return back;
      },
    });
  }

  function applyShortcut(
    setting: ShortcutSetting,
    accelerator: string,
    before: Settings,
  ): Result<UndoStep> {
    const apply = (a: string) => deps.applyShortcut!(a, setting);
    // None registered (the saved one was refused at start): the saved one is tried again, so
    // Settings keep saying why it does not work rather than show it as working.
    const was = deps.currentShortcut?.(setting) ?? savedShortcut(before, setting);
    const done = apply(accelerator);
    if (!done.ok) return done;
    return ok({ what: 'the shortcut', run: async () => apply(was) });
  }

  /** Each shortcut given that is new is bound first; one another of ours has is refused. */
  function applyShortcuts(patch: SettingsPatchInput, before: Settings, undo: UndoStep[]) {
    const wanted = Object.fromEntries(
      SHORTCUT_SETTINGS.map((s) => [s, patch[s] ?? savedShortcut(before, s)]),
    );
    for (const setting of SHORTCUT_SETTINGS) {
      const next = patch[setting];
      if (next === undefined || next === savedShortcut(before, setting)) continue;
      const clash = shortcutClash(setting, next, wanted);
      if (clash) return err(appError('bad_input', clash));
      if (!deps.applyShortcut) continue;
      const step = applyShortcut(setting, next, before);
      if (!step.ok) return step;
      undo.push(step.value);
    }
    return ok(null);
  }

  async function setNow(patch: SettingsPatchInput): Promise<Result<SettingsView>> {
    const before = settings.get();
    for (const url of [patch.serviceUrl, patch.signInUrl]) {
      const checked = url === undefined ? null : parseBaseUrl(url);
      if (checked && !checked.ok) return checked;
    }
    const question =
      patch.signInUrl === undefined
        ? null
        : signInAddressQuestion(patch.signInUrl, before.signInUrl);
    if (question && !(await deps.confirm?.(question)))
      return err(appError('bad_input', SIGN_IN_NOT_CHANGED));
    const undo: UndoStep[] = [];
    if (
      patch.launchAtLogin !== undefined &&
      patch.launchAtLogin !== (launchAtLoginUnsaved ?? before.launchAtLogin) &&
      deps.setLaunchAtLogin
    ) {
      const step = await applyLaunchAtLogin(patch.launchAtLogin, before);
      if (!step.ok) return step;
      undo.push(step.value);
    }
    const bound = applyShortcuts(patch, before, undo);
    if (!bound.ok) {
      await undoAll(undo);
      return bound;
    }
    // The notification switches given change; the others keep their value.
    const { notifications: switches, ...rest } = patch;
    const saved = await settings.update((s) => ({
      ...s,
      // What the OS said of launch at login when it could not be saved goes in with this save.
      ...(launchAtLoginUnsaved === undefined ? {} : { launchAtLogin: launchAtLoginUnsaved }),
      ...rest,
      // The default is not written: the build before reads the file whole without it (schema.ts).
      ...(rest.syncInterval === DEFAULT_SYNC_INTERVAL ? { syncInterval: undefined } : {}),
      ...(rest.newTaskShortcut === DEFAULT_NEW_TASK_SHORTCUT ? { newTaskShortcut: undefined } : {}),
      ...(rest.captureShortcut === DEFAULT_CAPTURE_SHORTCUT ? { captureShortcut: undefined } : {}),
      ...(switches ? { notifications: { ...s.notifications, ...switches } } : {}),
    }));
    if (!saved.ok) {
      await undoAll(undo);
      return saved;
    }
    // Saved: either what was asked for or what the OS said; the file and the OS agree again.
    launchAtLoginUnsaved = undefined;
    if (patch.requestsPerMinute !== undefined) deps.onRateChanged();
    if (patch.syncInterval !== undefined) deps.onSyncChanged?.();
    const view = viewOf(saved.value);
    deps.onChanged(view);
    return ok(view);
  }

  const turn = oneAtATime();
  return {
    view: (): SettingsView => viewOf(settings.get()),
    set: (patch: SettingsPatchInput): Promise<Result<SettingsView>> => turn(() => setNow(patch)),
    /** Settings show the OS's truth about launch at login, not what was last asked for. */
    async followLoginItem(): Promise<void> {
      const wanted = settings.get().launchAtLogin;
      const actual = await deps.isLaunchAtLoginEnabled?.(wanted).catch(() => undefined);
      if (actual === undefined || actual === wanted) return;
      const saved = await settings.update((s) => ({ ...s, launchAtLogin: actual }));
      if (!saved.ok) launchAtLoginUnsaved = actual;
    },
  };
}

export type SettingsChanges = ReturnType<typeof createSettingsChanges>;
