/**
 * Which accounts' reads listed a vendor, risk or task this run. An id that
 * only other accounts' reads listed is not used with the shown account's key
 * (docs/ARCHITECTURE.md, invariant 9): a screen left over from before a
 * switch, or a crafted call, cannot carry one account's reference to
 * another's service. Ids carry their kind (vnd_, rsk_, tski_), so one map
 * holds them all.
 */

/** Ids kept (the oldest noted are forgotten first): a few organizations' Browse lists. */
export const MAX_OWNED = 20_000;

export function createReadOwners(max = MAX_OWNED) {
  const owners = new Map<string, Set<string>>();
  return {
    /** These ids were listed by this profile's read. */
    note(profileId: string, ids: Iterable<string>): void {
      for (const id of ids) {
        const by = owners.get(id) ?? new Set<string>();
        owners.delete(id);
        owners.set(id, by.add(profileId));
      }
      for (const id of owners.keys()) {
        if (owners.size <= max) break;
        owners.delete(id);
      }
    },
    /** True when this id came from reads of other profiles only. */
    foreign(profileId: string, id: string): boolean {
      const by = owners.get(id);
      return by !== undefined && !by.has(profileId);
    },
  };
}
export type ReadOwners = ReturnType<typeof createReadOwners>;
