import type { Task } from '../../common/task';
import { BOUNDS } from '../../common/bounds';
import type { EntityKey } from '../reads/read-schemas';
import type { ServiceReads } from '../reads/service-reads';
import { createGathering } from './assigned-gather';
import type { AssignedCache } from './assigned-cache';
import type { AssignedKnown } from './assigned-view';
import { whoAmI } from './who-am-i';
import type { WhoAmIDeps } from './who-am-i';

/**
 * "Assigned to me" kept current a few vendors and risks at a time (the
 * background sync goes round them, main/sync/sync-plan.ts): what was read of
 * an entity replaces what was kept of it; the rest stays as it was.
 */

const refOf = (type: string | null | undefined, id: string | null | undefined): string =>
  `${type ?? ''}:${id ?? ''}`;

/** The kept list with the entities read put in anew, ordered and bounded as a build's. */
export function mergeEntityReads(
  kept: readonly Task[],
  keptMore: number,
  read: ReadonlyMap<string, readonly Task[]>,
): { tasks: Task[]; more: number } {
  const gathering = createGathering(BOUNDS.assignedShown);
  gathering.add(kept.filter((t) => !read.has(refOf(t.entityType, t.entityId))));
  for (const tasks of read.values()) gathering.add(tasks);
  const result = gathering.result();
  // Open tasks beyond the kept ones are only counted by a full build: the count it gave stands.
  return { tasks: result.tasks, more: Math.max(keptMore, result.more) };
}

export interface EntitySyncOutcome {
  /** The entities read, with the person's tasks in each (keyed by sync-plan's entityRef). */
  readonly read: Map<string, Task[]>;
  /** The vendors and risks listed, when asked to list them and they answered. */
  readonly listed: EntityKey[] | null;
}

/** Reads the person's tasks in these entities, stopping at the first failure (the next round goes on). */
export async function readEntities(
  reads: ServiceReads,
  memberId: string,
  entities: readonly EntityKey[],
  listEntities: boolean,
  stopped: () => boolean,
): Promise<EntitySyncOutcome> {
  let listed: EntityKey[] | null = null;
  if (listEntities) {
    const vendors = await reads.vendors();
    const risks = stopped() ? null : await reads.risks();
    if (vendors.ok || risks?.ok)
      listed = [
        ...(vendors.ok
          ? vendors.value.items.map((v) => ({ entityType: 'vendor' as const, entityId: v.id }))
          : []),
        ...(risks?.ok
          ? risks.value.items.map((r) => ({ entityType: 'risk' as const, entityId: r.id }))
          : []),
      ];
  }
  const read = new Map<string, Task[]>();
  for (const entity of entities) {
    if (stopped()) break;
    const tasks = await reads.entityTasks(entity, {
      assigneeId: memberId,
      withoutDescriptions: true,
    });
    if (!tasks.ok) break;
    read.set(refOf(entity.entityType, entity.entityId), tasks.value.items);
  }
  return { read, listed };
}

export interface EntitySyncDeps extends Omit<WhoAmIDeps, 'reads'> {
  readonly profileId: string;
  readonly reads: ServiceReads;
  /** What is known of the person this run (who they are). */
  readonly k: AssignedKnown;
  readonly cache: AssignedCache;
  /** Signed out, switched, a build started or quit meanwhile: nothing read is kept. */
  readonly gone: () => boolean;
  readonly changed: () => void;
}

/** What a round asks of "Assigned to me": for this account only, these entities, and the list? */
export interface EntitySyncAsk {
  readonly profileId: string;
  readonly entities: readonly EntityKey[];
  readonly list: boolean;
  /** The background sync paused (locked, asleep): no more reads, what was read is kept. */
  readonly stopped: () => boolean;
}

/**
 * One round's reads for "Assigned to me": who the person is (known after the
 * first), then these entities, put in the kept list. Null when there is
 * nobody to read for, or the reads were overtaken.
 */
export async function syncEntities(
  d: EntitySyncDeps,
  ask: EntitySyncAsk,
): Promise<EntitySyncOutcome | null> {
  const me = await whoAmI(d, d.k);
  if (!me.ok || !me.value || d.gone()) return null;
  const memberId = me.value.id;
  const outcome = await readEntities(
    d.reads,
    memberId,
    ask.entities,
    ask.list,
    () => d.gone() || ask.stopped(),
  );
  if (d.gone()) return null;
  if (outcome.read.size > 0) {
    const kept = d.cache.get(d.profileId, memberId);
    const merged = mergeEntityReads(kept?.tasks ?? [], kept?.more ?? 0, outcome.read);
    await d.cache.put({ profileId: d.profileId, memberId, note: kept?.note ?? null, ...merged });
    if (d.k.phase === 'failed') d.k.phase = 'idle';
    d.changed();
  }
  return outcome;
}
