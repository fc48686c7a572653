/**
 * Fields of the settings file this build does not know, kept aside at load and
 * written back with every save: a newer build's fields survive a run of this one
 * (a downgrade, or an older copy started by mistake). Only where this build knows
 * the object: the top level, each profile (by id), each pin (by profile and task).
 * A key that looks like it holds a secret is never kept: the schema refuses it.
 */
import { defineField } from '../lib/define-field';
import { SECRET_KEY_PATTERN } from './schema';

type Fields = Readonly<Record<string, unknown>>;

export interface UnknownFields {
  readonly top: Fields;
  readonly profiles: ReadonlyMap<string, Fields>;
  readonly pins: ReadonlyMap<string, Fields>;
}

export const NO_UNKNOWN_FIELDS: UnknownFields = { top: {}, profiles: new Map(), pins: new Map() };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const pinKey = (pin: { profileId?: unknown; taskId?: unknown }): string =>
  `${String(pin.profileId)}\n${String(pin.taskId)}`;

/** `value` without the keys not in `known` (secret-looking ones stay, to be refused), and those keys. */
function split(value: Record<string, unknown>, known: ReadonlySet<string>) {
  const kept: Record<string, unknown> = {};
  const aside: Record<string, unknown> = {};
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const unknown = !known.has(k) && !SECRET_KEY_PATTERN.test(k);
    defineField(unknown ? aside : kept, k, value[k]);
  }
  return { kept, aside };
}

export interface KnownShape {
  readonly top: ReadonlySet<string>;
  readonly profile: ReadonlySet<string>;
  readonly pin: ReadonlySet<string>;
}

/** The file's JSON with only the fields this build knows, and the rest. */
export function splitUnknownFields(
  raw: unknown,
  known: KnownShape,
): { known: unknown; unknown: UnknownFields } {
  if (!isRecord(raw)) return { known: raw, unknown: NO_UNKNOWN_FIELDS };
  const top = split(raw, known.top);
  const profiles = new Map<string, Fields>();
  const pins = new Map<string, Fields>();
  /** A list's items without their unknown fields, which go to `into` under the item's key. */
  const listWithout = (
    key: 'profiles' | 'pinned',
    shape: ReadonlySet<string>,
    into: Map<string, Fields>,
    keyOf: (item: Record<string, unknown>) => string,
  ): void => {
    const list = top.kept[key];
    if (!Array.isArray(list)) return;
    const items = list.map((item: unknown) => {
      if (!isRecord(item)) return item;
      const { kept, aside } = split(item, shape);
      if (Object.keys(aside).length) into.set(keyOf(item), aside);
      return kept;
    });
    defineField(result, key, items);
  };
  const result = { ...top.kept };
  listWithout('profiles', known.profile, profiles, (p) => String(p.id));
  listWithout('pinned', known.pin, pins, pinKey);
  return { known: result, unknown: { top: top.aside, profiles, pins } };
}

/** What is written: the settings, with the unknown fields of what is still there. */
export function withUnknownFields<
  S extends {
    readonly profiles: readonly { readonly id: string }[];
    readonly pinned: readonly { readonly profileId: string; readonly taskId: string }[];
  },
>(settings: S, unknown: UnknownFields): S {
  if (unknown === NO_UNKNOWN_FIELDS) return settings;
  const profiles = settings.profiles.map((p) => {
    const extra = unknown.profiles.get(p.id);
    return extra ? { ...extra, ...p } : p;
  });
  const pinned = settings.pinned.map((p) => {
    const extra = unknown.pins.get(pinKey(p));
    return extra ? { ...extra, ...p } : p;
  });
  return { ...unknown.top, ...settings, profiles, pinned };
}
