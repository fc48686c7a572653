import { BOUNDS } from '../../common/bounds';
import type { Task } from '../../common/task';
import type { BrowseEntity, KnownEntityTasks, KnownTasks } from '../../common/views';
import { listedTask } from './bounded-list';

/** The last vendors and risks listed, and each one's task items as last read, for one profile. */
interface ProfileKnown {
  entities: readonly BrowseEntity[] | null;
  /** By entity id, in the order read (the oldest first, let go first past the bound). */
  readonly lists: Map<string, KnownEntityTasks>;
}

/**
 * What main has read of the organization's task items this run, per profile,
 * for search: the service has no search of its own. Kept in memory only,
 * at most `maxTasks` tasks in all (the lists read longest ago go first), and
 * without descriptions: search looks at titles, names, people and ids.
 */
export function createKnownLists(maxTasks: number = BOUNDS.knownTasks) {
  const profiles = new Map<string, ProfileKnown>();
  const of = (profileId: string): ProfileKnown => {
    let known = profiles.get(profileId);
    if (!known) {
      known = { entities: null, lists: new Map() };
      profiles.set(profileId, known);
    }
    return known;
  };
  const trim = (known: ProfileKnown) => {
    let total = 0;
    for (const list of known.lists.values()) total += list.tasks.length;
    for (const [id, list] of known.lists) {
      if (total <= maxTasks) break;
      total -= list.tasks.length;
      known.lists.delete(id);
    }
  };

  return {
    /** Browse listed the vendors and risks: their names, and which are still unread. */
    noteEntities(profileId: string, entities: readonly BrowseEntity[]): void {
      const known = of(profileId);
      known.entities = entities;
      const names = new Map(entities.map((e) => [e.entityId, e]));
      for (const [id, list] of known.lists) {
        const now = names.get(id);
        if (now && now.name !== list.entity.name) known.lists.set(id, { ...list, entity: now });
      }
    },
    /** One vendor's or risk's task items were read whole (or their first `BOUNDS.listedTasks`). */
    noteTasks(
      profileId: string,
      entity: Omit<BrowseEntity, 'name'>,
      tasks: readonly Task[],
      more: boolean,
      readAt: number,
    ): void {
      const known = of(profileId);
      const named = known.entities?.find((e) => e.entityId === entity.entityId);
      known.lists.delete(entity.entityId);
      known.lists.set(entity.entityId, {
        entity: {
          entityType: entity.entityType,
          entityId: entity.entityId,
          name: named?.name ?? '',
        },
        tasks: tasks.slice(0, maxTasks).map(listedTask),
        readAt,
        more,
      });
      trim(known);
    },
    /** What search may look in for this profile, and what it has not read. */
    snapshot(profileId: string): KnownTasks {
      const known = profiles.get(profileId);
      const lists = known ? [...known.lists.values()].reverse() : [];
      const entities = known?.entities ?? null;
      return {
        lists,
        unread: entities ? entities.filter((e) => !known?.lists.has(e.entityId)).length : 0,
        entitiesListed: entities !== null,
      };
    },
    /** The vendors and risks listed and not read yet, in Browse's order. */
    unread(profileId: string): readonly BrowseEntity[] {
      const known = profiles.get(profileId);
      return known?.entities?.filter((e) => !known.lists.has(e.entityId)) ?? [];
    },
    /** A profile removed or signed out: what it read goes with it. */
    forget(profileId: string): void {
      profiles.delete(profileId);
    },
  };
}
export type KnownLists = ReturnType<typeof createKnownLists>;
