import { laneOf, mergePatch } from './outbox-entry';
import type { HeldEntry, OutboxPatch } from './outbox-entry';

/**
 * The outbox's list in memory, as the file holds it (plus the demo's entries,
 * which stay in memory), with what the lanes and the rows read of it. The
 * list is replaced, never edited: once per write batch (outbox-writes.ts).
 */
export function createHeldList() {
  let entries: readonly HeldEntry[] = [];
  /**
   * The list by lane, in order: built once per state of the list, so finding
   * a lane's entries costs the same with 1 task or 500, and an answer landing
   * changes nothing here (what rows show skips landed entries as it reads them).
   */
  let byLane = new Map<string, HeldEntry[]>();
  /**
   * Entries the service took, still in the list until their removal is
   * written: no row shows them any more, but the count of waiting changes
   * keeps them until the file no longer holds them. Should the app stop
   * before that write, they are sent again on the next start — the same values.
   */
  const landed = new Set<string>();
  /** Combined changes (by id) one of whose pieces was refused, while any of their pieces waits. */
  const refusedPieces = new Set<string>();

  return {
    entries: (): readonly HeldEntry[] => entries,

    replace(next: readonly HeldEntry[]): void {
      entries = next;
      const index = new Map<string, HeldEntry[]>();
      const live = refusedPieces.size > 0 ? new Set<string>() : null;
      for (const e of next) {
        const key = laneOf(e);
        const held = index.get(key);
        if (held) held.push(e);
        else index.set(key, [e]);
        if (live && e.piece !== undefined) live.add(e.piece);
      }
      byLane = index;
      // Its last piece gone, however (landed, refused, merged into a new change, discarded): forgotten.
      if (live)
        for (const group of refusedPieces) if (!live.has(group)) refusedPieces.delete(group);
    },

    /** The lane's next entry to send. */
    first: (key: string): HeldEntry | undefined => byLane.get(key)?.[0],

    /** The service took the entry; it stays in the list until its removal is written. */
    markLanded: (id: string): void => void landed.add(id),
    /** Its removal is written. */
    forgetLanded: (id: string): void => void landed.delete(id),
    isLanded: (id: string): boolean => landed.has(id),

    /** The service refused the entry: a sibling piece that lands later leaves that refusal on the row. */
    markRefused(entry: HeldEntry): void {
      if (entry.piece !== undefined) refusedPieces.add(entry.piece);
    },
    /** Whether a piece of the same combined change as this one was refused: the row keeps that refusal. */
    refusedSibling: (entry: HeldEntry): boolean =>
      entry.piece !== undefined && refusedPieces.has(entry.piece),
    /** Other pieces of the same combined change still wait in its lane (they go one by one). */
    morePieces: (entry: HeldEntry, key: string): boolean =>
      entry.piece !== undefined &&
      (byLane.get(key) ?? []).some((e) => e.id !== entry.id && e.piece === entry.piece),

    /** What the row shows as on its way: the lane's changes the service has not taken yet. */
    waitingPatch(key: string): OutboxPatch | null {
      let patch: OutboxPatch | null = null;
      for (const e of byLane.get(key) ?? [])
        if (!landed.has(e.id)) patch = patch ? mergePatch(patch, e.patch) : e.patch;
      return patch;
    },

    /**
     * Tasks with a change waiting: of one profile, or of every profile kept on
     * disk. A landed change counts until the file no longer holds it.
     */
    pendingTasks(profileId: string | null): number {
      let n = 0;
      for (const held of byLane.values()) {
        const first = held[0] as HeldEntry;
        if (profileId === null ? held.some((e) => e.durable) : first.profileId === profileId)
          n += 1;
      }
      return n;
    },
  };
}

export type HeldList = ReturnType<typeof createHeldList>;
