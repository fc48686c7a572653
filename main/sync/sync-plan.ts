import type { EntityKey } from '../reads/read-schemas';

/**
 * What one background round reads, as a pure function: the cheapest reads
 * that keep what every surface shows current, within what the background
 * pacer lets through between two rounds at its steady rate (its burst is
 * left for the person's own reads: the popup opening, Browse).
 *
 * - Where the audit log answers, only the vendors and risks it named since
 *   the last round are read (for pins and for "Assigned to me"), plus any
 *   pin's entity not read for SAFETY_NET_MS: a change the log missed is
 *   still seen.
 * - Otherwise every pin's entity, then "Assigned to me" entities, those read
 *   longest ago first, so the list goes round them all within the budget.
 */

/** A pin's vendor or risk is read at least this often, whatever the audit log says. */
export const SAFETY_NET_MS = 30 * 60_000;
/** The list of vendors and risks ("Assigned to me" goes round them) is read again this often. */
export const ENTITY_LIST_MS = 60 * 60_000;

export interface PlanInput {
  readonly now: number;
  /** Reads of one route a minute the background pacer lets through at its steady rate. */
  readonly perMinute: number;
  /** The interval between rounds (a round the person asks for plans as one of the default's). */
  readonly intervalMs: number;
  /** The pins' vendors and risks. */
  readonly pins: readonly EntityKey[];
  /** Every vendor and risk "Assigned to me" goes round; null when it is not kept current (nobody chosen). */
  readonly assigned: readonly EntityKey[] | null;
  /** When the vendors and risks were last listed; null: never. */
  readonly listedAt: number | null;
  /** What the audit log named since the last round; null: no audit log (no app:read, or it failed). */
  readonly named: readonly EntityKey[] | null;
  /** When each entity's tasks were last read (entityRef's key). */
  readonly lastRead: ReadonlyMap<string, number>;
}

export interface RoundPlan {
  /** Pins' entities to read in full (their rows and the notifications of pinned tasks). */
  readonly pinned: EntityKey[];
  /** Entities to read for the person's tasks ("Assigned to me"). */
  readonly assigned: EntityKey[];
  /** List the vendors and risks again first (for "Assigned to me"). */
  readonly listEntities: boolean;
}

export const entityRef = (e: EntityKey): string => `${e.entityType}:${e.entityId}`;

/** Reads of the task list route one round may make. */
export const roundBudget = (perMinute: number, intervalMs: number): number =>
  Math.max(1, Math.floor(perMinute * (intervalMs / 60_000)));

const unique = (entities: readonly EntityKey[]): EntityKey[] => {
  const byRef = new Map(entities.map((e) => [entityRef(e), e]));
  return [...byRef.values()];
};

export function planRound(input: PlanInput): RoundPlan {
  let left = roundBudget(input.perMinute, input.intervalMs);
  const readAt = (e: EntityKey): number => input.lastRead.get(entityRef(e)) ?? -Infinity;
  const oldestFirst = (list: EntityKey[]): EntityKey[] =>
    list.sort((a, b) => readAt(a) - readAt(b));
  const take = (list: EntityKey[]): EntityKey[] => {
    const taken = list.slice(0, Math.max(0, left));
    left -= taken.length;
    return taken;
  };

  const pins = unique(input.pins);
  const named = input.named === null ? null : new Set(input.named.map(entityRef));
  const pinned = take(
    oldestFirst(
      named === null
        ? pins
        : pins.filter((e) => named.has(entityRef(e)) || input.now - readAt(e) >= SAFETY_NET_MS),
    ),
  );

  if (input.assigned === null) return { pinned, assigned: [], listEntities: false };
  const listEntities = input.listedAt === null || input.now - input.listedAt >= ENTITY_LIST_MS;
  const candidates =
    named === null
      ? unique(input.assigned)
      : // The log names entities the list may not know yet (a vendor made since): read them too.
        unique([...input.assigned, ...(input.named ?? [])]).filter((e) => named.has(entityRef(e)));
  return { pinned, assigned: take(oldestFirst(candidates)), listEntities };
}
