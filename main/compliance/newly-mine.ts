/**
 * The compliance tasks a read made the person's: assigned to them now, and
 * not in what was kept before (someone else's, nobody's, or new). Nothing
 * before (the first read) is no news: there was nothing to compare with.
 * Pure: the kept lists come in.
 */
export function newlyMine<T extends { readonly id: string; readonly assigneeId: string | null }>(
  before: readonly T[] | null,
  after: readonly T[],
  meId: string | null,
): T[] {
  if (before === null || meId === null) return [];
  const wasMine = new Set(before.filter((t) => t.assigneeId === meId).map((t) => t.id));
  return after.filter((t) => t.assigneeId === meId && !wasMine.has(t.id));
}
