import { ProfileSchema, PinnedTaskSchema, SettingsSchema } from './schema';
import type { Settings } from './schema';

/**
 * What can be kept of a settings file that does not parse whole: each field
 * that parses on its own, each profile and pin that does, the first of any
 * two that share an id, and the active profile only if it is still there.
 * The installation key (fingerprintKey) in particular: without it, the same
 * key connecting again gets another profile id, and that profile's waiting
 * changes are never sent. Unknown fields go (they are never written back).
 * `reset` names what went back to its default or was left out, for the
 * message; null when nothing could be kept (not an object at all).
 */
export function salvageSettings(raw: unknown): { settings: Settings; reset: string[] } | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const given = raw as Record<string, unknown>;
  const shape = SettingsSchema.shape;
  const kept: Record<string, unknown> = {};
  const reset: string[] = [];
  const keepEach = <T>(
    key: 'profiles' | 'pinned',
    item: { safeParse: (v: unknown) => { success: boolean } },
    sameAs: (a: T, b: T) => boolean,
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
    if (items.length < value.length) reset.push(`${value.length - items.length} of ${key}`);
    kept[key] = items;
  };
  for (const key of Object.keys(given)) {
    if (key === 'profiles' || key === 'pinned') continue;
    const field = (shape as Record<string, { safeParse: (v: unknown) => { success: boolean } }>)[
      key
    ];
    if (field?.safeParse(given[key]).success) kept[key] = given[key];
    else reset.push(key);
  }
  keepEach<{ id: string }>('profiles', ProfileSchema, (a, b) => a.id === b.id);
  keepEach<{ profileId: string; taskId: string }>(
    'pinned',
    PinnedTaskSchema,
    (a, b) => a.profileId === b.profileId && a.taskId === b.taskId,
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
  return parsed.success ? { settings: parsed.data, reset } : null;
}
