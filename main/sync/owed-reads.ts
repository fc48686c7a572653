import type { EntityKey } from '../reads/read-schemas';
import { entityRef } from './sync-plan';

/**
 * The vendors and risks the audit log named that are still to be read. The
 * log's cursor moves on as soon as a page is read, so a named entity cut by
 * the round's budget, refused (429, 5xx) or stopped by a pause would
 * otherwise never be read for it: it stays owed until a read of it succeeds.
 */

/** Owed entities kept at most; beyond, a round reads as if there were no log (it goes round them all). */
export const OWED_MAX = 200;
/** Rounds an owed entity is planned and still not read before it is let go (a vendor deleted since). */
export const OWED_TRIES = 5;

export interface OwedReads {
  readonly entries: Map<string, { readonly entity: EntityKey; tries: number }>;
}

export const noOwedReads = (): OwedReads => ({ entries: new Map() });

/**
 * What a round plans as named by the log: what is owed with what this page
 * named. Null (read as if there were no log) when the page named nothing
 * usable, or more is owed than is kept: everything is read going round.
 */
export function owedWithNamed(
  owed: OwedReads,
  named: readonly EntityKey[] | null,
): EntityKey[] | null {
  if (named === null) return null;
  for (const entity of named)
    if (!owed.entries.has(entityRef(entity)))
      owed.entries.set(entityRef(entity), { entity, tries: 0 });
  if (owed.entries.size > OWED_MAX) {
    owed.entries.clear();
    return null;
  }
  return [...owed.entries.values()].map((e) => e.entity);
}

/** A round is over: what it read is no longer owed; what it planned and did not read counts one try. */
export function settleOwed(
  owed: OwedReads,
  planned: ReadonlySet<string>,
  read: ReadonlySet<string>,
): void {
  for (const [ref, entry] of owed.entries) {
    if (read.has(ref)) owed.entries.delete(ref);
    else if (planned.has(ref) && ++entry.tries >= OWED_TRIES) owed.entries.delete(ref);
  }
}
