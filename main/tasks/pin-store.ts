import { ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { Settings, SettingsStore } from '../settings/settings-store';
import type { PinnedTask } from './pinned-view';

/** The pins of one profile: list in pin order, insert-or-replace, remove. */
export interface PinStore {
  list(): readonly PinnedTask[];
  /** The pin of this task, if it is pinned. */
  get(taskId: string): PinnedTask | undefined;
  /** Inserts or replaces; a new pin goes at `at` in the list (an unpin undone), else at the end. */
  put(pin: PinnedTask, at?: number): Promise<Result<null>>;
  remove(taskId: string): Promise<Result<null>>;
  /**
   * Changes the pin as it is when the write happens (not as it was read
   * earlier), and only if it is still pinned: an answer from the service that
   * arrives while the person unpins must not bring the row back.
   * Answers the pin as saved, or null when it was gone.
   */
  modify(
    taskId: string,
    change: (pin: PinnedTask) => PinnedTask,
  ): Promise<Result<PinnedTask | null>>;
  /** Several pins changed in one write (each as modify would); pins no longer there are skipped. */
  modifyMany(changes: ReadonlyMap<string, (pin: PinnedTask) => PinnedTask>): Promise<Result<null>>;
}

type SavedPin = Settings['pinned'][number];

const toSaved = (profileId: string, p: PinnedTask): SavedPin => ({
  profileId,
  taskId: p.taskId,
  ref: p.ref,
  snapshot: p.snapshot,
  error: p.error
    ? {
        kind: p.error.kind,
        message: p.error.message,
        ...(p.error.status ? { status: p.error.status } : {}),
      }
    : null,
  pinnedAt: p.pinnedAt,
  ...(p.changedHereAt ? { changedHereAt: p.changedHereAt } : {}),
});

const fromSaved = (p: SavedPin): PinnedTask => ({
  taskId: p.taskId,
  ref: p.ref,
  snapshot: p.snapshot,
  error: p.error as PinnedTask['error'],
  pinnedAt: p.pinnedAt,
  ...(p.changedHereAt ? { changedHereAt: p.changedHereAt } : {}),
});

const upsert = <T extends { taskId: string }>(list: readonly T[], item: T, at?: number): T[] =>
  list.some((p) => p.taskId === item.taskId)
    ? list.map((p) => (p.taskId === item.taskId ? item : p))
    : at === undefined
      ? [...list, item]
      : [...list.slice(0, at), item, ...list.slice(at)];

/** One profile's pins as read from one state of the settings, in order and by task. */
interface ProfilePins {
  readonly list: readonly PinnedTask[];
  readonly byTask: ReadonlyMap<string, PinnedTask>;
}

const indexPins = (pins: readonly PinnedTask[]): ProfilePins => ({
  list: pins,
  byTask: new Map(pins.map((p) => [p.taskId, p])),
});

/**
 * Each state of the settings is frozen and replaced, never edited: its pins
 * are read once per profile, not once per look-up. A row, a change and an
 * answer each look up one pin, hundreds of times a second in a bulk change.
 */
const readPins = new WeakMap<Settings, Map<string, ProfilePins>>();
const profilePins = (s: Settings, profileId: string): ProfilePins => {
  let byProfile = readPins.get(s);
  if (!byProfile) {
    byProfile = new Map();
    readPins.set(s, byProfile);
  }
  let pins = byProfile.get(profileId);
  if (!pins) {
    pins = indexPins(
      Object.freeze(
        s.pinned.filter((p) => p.profileId === profileId).map((p) => Object.freeze(fromSaved(p))),
      ),
    );
    byProfile.set(profileId, pins);
  }
  return pins;
};

/** Pins saved in the settings file, so they and their last snapshot survive a restart. */
export function settingsPinStore(settings: SettingsStore, profileId: string): PinStore {
  const mine = (s: Settings) => s.pinned.filter((p) => p.profileId === profileId);
  const save = async (change: (pins: SavedPin[]) => SavedPin[]): Promise<Result<null>> => {
    const saved = await settings.update((s) => ({
      ...s,
      pinned: [...s.pinned.filter((p) => p.profileId !== profileId), ...change(mine(s))],
    }));
    return saved.ok ? ok(null) : saved;
  };
  return {
    list: () => profilePins(settings.get(), profileId).list,
    get: (taskId) => profilePins(settings.get(), profileId).byTask.get(taskId),
    put: (pin, at) => save((pins) => upsert(pins, toSaved(profileId, pin), at)),
    remove: (taskId) => save((pins) => pins.filter((p) => p.taskId !== taskId)),
    modify: async (taskId, change) => {
      let changed: PinnedTask | null = null;
      const saved = await save((pins) =>
        pins.map((p) => {
          if (p.taskId !== taskId) return p;
          changed = change(fromSaved(p));
          return toSaved(profileId, changed);
        }),
      );
      return saved.ok ? ok(changed) : saved;
    },
    modifyMany: (changes) =>
      save((pins) =>
        pins.map((p) => {
          const change = changes.get(p.taskId);
          return change ? toSaved(profileId, change(fromSaved(p))) : p;
        }),
      ),
  };
}

/** Pins that live only as long as the app runs: the demo's. */
export function memoryPinStore(): PinStore {
  let pins: PinnedTask[] = [];
  let indexed: { of: readonly PinnedTask[]; pins: ProfilePins } | null = null;
  return {
    list: () => pins,
    get: (taskId) => {
      if (indexed?.of !== pins) indexed = { of: pins, pins: indexPins(pins) };
      return indexed.pins.byTask.get(taskId);
    },
    put: async (pin, at) => {
      pins = upsert(pins, pin, at);
      return ok(null);
    },
    remove: async (taskId) => {
      pins = pins.filter((p) => p.taskId !== taskId);
      return ok(null);
    },
    modify: async (taskId, change) => {
      const pin = pins.find((p) => p.taskId === taskId);
      if (!pin) return ok(null);
      const next = change(pin);
      pins = upsert(pins, next);
      return ok(next);
    },
    modifyMany: async (changes) => {
      pins = pins.map((p) => changes.get(p.taskId)?.(p) ?? p);
      return ok(null);
    },
  };
}
