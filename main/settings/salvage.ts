import { ProfileSchema, PinnedTaskSchema, SettingsSchema } from './schema';
import type { Settings } from './schema';

export interface Salvaged {
  readonly settings: Settings;
  /** Fields that could not be read, now at their defaults. */
  readonly reset: readonly string[];
  /** What was left out: profiles and pins that could not be read, fields this version does not know. */
  readonly left: readonly string[];
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What can be kept of a settings file that does not parse whole: each field
 * that parses on its own, each profile and pin that does, the first of any
 * two that share an id, and the active profile only if it is still there.
 * The installation key (fingerprintKey) in particular: without it, the same
 * key connecting again gets another profile id, and that profile's waiting
 * changes are never sent. Unknown fields go (they are never written back,
 * and a secret put in settings by hand is one). Null when the file is not
 * an object at all.
 */
export function salvageSettings(raw: unknown): Salvaged | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const given = raw as Record<string, unknown>;
  const shape = SettingsSchema.shape as Record<
    string,
    { safeParse: (v: unknown) => { success: boolean } }
  >;
  const kept: Record<string, unknown> = {};
  const reset: string[] = [];
  const left: string[] = [];
  const keepEach = <T>(
    key: 'profiles' | 'pinned',
    item: { safeParse: (v: unknown) => { success: boolean } },
    sameAs: (a: T, b: T) => boolean,
    what: [string, string],
  ) => {
    const value = given[key];
    if (value === undefined) return;
    if (!Array.isArray(value)) {
      reset.push(key);
      return;
    }
    const items: T[] = [];
    for (const x of value as T[])
      if (item.safeParse(x).success && !items.some((y) => sameAs(x, y))) items.push(x);
    if (items.length < value.length) left.push(count(value.length - items.length, ...what));
    kept[key] = items;
  };
  for (const key of Object.keys(given)) {
    if (key === 'profiles' || key === 'pinned') continue;
    // Own fields only: "constructor" or "toString" must not find what every object inherits.
    if (!Object.hasOwn(shape, key)) left.push(`the unknown field "${key.slice(0, 40)}"`);
    else if (shape[key]?.safeParse(given[key]).success) kept[key] = given[key];
    else reset.push(key);
  }
  keepEach<{ id: string }>('profiles', ProfileSchema, (a, b) => a.id === b.id, [
    'account',
    'accounts',
  ]);
  keepEach<{ profileId: string; taskId: string }>(
    'pinned',
    PinnedTaskSchema,
    (a, b) => a.profileId === b.profileId && a.taskId === b.taskId,
    ['pinned task', 'pinned tasks'],
  );
  const profiles = (kept.profiles ?? []) as { id: string }[];
  if (
    typeof kept.activeProfileId === 'string' &&
    !profiles.some((p) => p.id === kept.activeProfileId)
  ) {
    kept.activeProfileId = null;
    reset.push('activeProfileId');
  }
  const parsed = SettingsSchema.safeParse(kept);
  return parsed.success ? { settings: parsed.data, reset, left } : null;
}

/** What a person reads about it: what was kept, what went back to its default, what was left out. */
export function salvageMessage(s: Salvaged): string {
  const { settings } = s;
  const kept = [
    count(settings.profiles.length, 'account', 'accounts'),
    count(settings.pinned.length, 'pinned task', 'pinned tasks'),
    ...(settings.fingerprintKey ? ['the key that names accounts on this computer'] : []),
  ];
  const reset = s.reset.length > 0 ? ` Back to its default: ${s.reset.join(', ')}.` : '';
  const left = s.left.length > 0 ? ` Left out: ${s.left.join(', ')}.` : '';
  return `Task Tray kept what it could read of it: ${kept.join(', ')}.${reset}${left}`;
}
