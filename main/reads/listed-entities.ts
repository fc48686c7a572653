import type { BrowseEntity } from '../../common/views';

/** Vendors and risks kept (the oldest listed are forgotten first): a few organizations' lists. */
export const MAX_LISTED_ENTITIES = 5_000;

/**
 * The vendors and risks the service listed this run, each with the profile
 * whose read listed it: a new task goes only under one of these (the service
 * would take any id and make a task no list shows, SERVICE.md).
 */
export function createListedEntities(max = MAX_LISTED_ENTITIES) {
  const byId = new Map<string, { readonly profileId: string; readonly entity: BrowseEntity }>();
  return {
    note(profileId: string, entities: readonly BrowseEntity[]): void {
      for (const entity of entities) {
        byId.delete(entity.entityId);
        byId.set(entity.entityId, { profileId, entity });
      }
      for (const id of byId.keys()) {
        if (byId.size <= max) break;
        byId.delete(id);
      }
    },
    /** The vendor or risk as this profile's read listed it; undefined when it did not. */
    get(profileId: string, entityId: string): BrowseEntity | undefined {
      const known = byId.get(entityId);
      return known?.profileId === profileId ? known.entity : undefined;
    },
  };
}
