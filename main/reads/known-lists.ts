import type { Task } from '../../common/task';
import type { BrowseEntity, KnownEntityTasks, KnownTasks } from '../../common/views';

/**
 * Tasks of vendors and risks kept for search, and bytes of them as JSON: its
 * answer stays well under BOUNDS.ipcBytes. Here, not in BOUNDS: that object
 * is in the popup's first file, where every byte counts.
 */
export const KNOWN_BOUNDS = { tasks: 5_000, bytes: 8 * 1024 * 1024 } as const;

/** The last vendors and risks listed, and each one's task items as last read, for one profile. */
interface ProfileKnown {
  entities: readonly BrowseEntity[] | null;
  /** By entity id, in the order read (the oldest first, let go first past the bound). */
  readonly lists: Map<string, KnownEntityTasks>;
  /** Each list's size as JSON, as it crosses IPC. */
  readonly bytes: Map<string, number>;
}

/**
 * What a row and search need of a task: no description, and of the people
 * only who they are (no pictures' addresses, no creator). A list of hostile
 * tasks then weighs at most its titles and names.
 */
const searchable = (task: Task): Task => {
  const { description: _d, createdBy: _c, assignee, updatedBy, ...rest } = task;
  const person = (m: Task['assignee']) =>
    m
      ? {
          id: m.id,
          user: m.user ? { id: m.user.id, name: m.user.name, email: m.user.email } : null,
        }
      : m;
  return { ...rest, assignee: person(assignee), updatedBy: person(updatedBy) };
};

/**
 * What main has read of the organization's task items this run, per profile,
 * for search: the service has no search of its own. Kept in memory only,
 * at most `maxTasks` tasks and `maxBytes` of them as JSON in all (the lists
 * read longest ago go first), and without descriptions or pictures: search
 * looks at titles, names, people and ids.
 */
export function createKnownLists(
  maxTasks: number = KNOWN_BOUNDS.tasks,
  maxBytes: number = KNOWN_BOUNDS.bytes,
) {
  const profiles = new Map<string, ProfileKnown>();
  const of = (profileId: string): ProfileKnown => {
    let known = profiles.get(profileId);
    if (!known) {
      known = { entities: null, lists: new Map(), bytes: new Map() };
      profiles.set(profileId, known);
    }
    return known;
  };
  const trim = (known: ProfileKnown) => {
    let [total, bytes] = [0, 0];
    for (const [id, list] of known.lists) {
      total += list.tasks.length;
      bytes += known.bytes.get(id) ?? 0;
    }
    for (const [id, list] of known.lists) {
      if (total <= maxTasks && bytes <= maxBytes) break;
      total -= list.tasks.length;
      bytes -= known.bytes.get(id) ?? 0;
      known.lists.delete(id);
      known.bytes.delete(id);
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
      const kept = tasks.slice(0, maxTasks).map(searchable);
      known.lists.set(entity.entityId, {
        entity: {
          entityType: entity.entityType,
          entityId: entity.entityId,
          name: named?.name ?? '',
        },
        tasks: kept,
        readAt,
        more,
      });
      known.bytes.set(entity.entityId, JSON.stringify(kept).length);
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
