import { BOUNDS, boundedJson, clip } from '../../common/bounds';
import { descriptionText } from '../../common/description';
import type { Task } from '../../common/task';
import { deepFreeze } from '../lib/deep-freeze';
import type { Settings } from './schema';

/** Snapshots as the file keeps them, by the frozen snapshot in memory: each made once. */
const keptOf = new WeakMap<object, Task>();

/** A description as the file keeps it: as it came when small, else its readable start. */
const keptDescription = (d: unknown): unknown => {
  if (d === null || d === undefined) return d;
  const small =
    typeof d === 'string'
      ? d.length <= BOUNDS.keptDescription
      : boundedJson(d, BOUNDS.depth, BOUNDS.keptDescription) !== null;
  return small ? d : clip(descriptionText(d), BOUNDS.keptDescription);
};

const keptSnapshot = (snapshot: Task): Task => {
  const known = keptOf.get(snapshot);
  if (known) return known;
  const description = keptDescription(snapshot.description);
  const kept =
    description === snapshot.description ? snapshot : deepFreeze({ ...snapshot, description });
  if (Object.isFrozen(snapshot)) keptOf.set(snapshot, kept);
  return kept;
};

/**
 * The settings as settings.json keeps them: each pin's description at most
 * BOUNDS.keptDescription (docs/ARCHITECTURE.md, invariant 8, in total: 200
 * pins of 60 KB descriptions made a file of 12.6 MB, rewritten on every
 * change). Memory keeps what the service said; after a start, the pin's
 * next read brings the whole description back.
 */
export function settingsAsKept(s: Settings): Settings {
  let changed = false;
  const pinned = s.pinned.map((pin) => {
    if (!pin.snapshot) return pin;
    const snapshot = keptSnapshot(pin.snapshot);
    if (snapshot === pin.snapshot) return pin;
    changed = true;
    return { ...pin, snapshot };
  });
  return changed ? { ...s, pinned } : s;
}
