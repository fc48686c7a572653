import type { BrowseEntity } from '../../common/views';
import { filterEntities, groupEntities } from './browse-model';

/**
 * Where a new task may go, in the order the entry offers them: the vendors
 * and risks used last first (they were listed when used, so they are offered
 * while the service cannot be reached too), then every other one the service
 * lists, vendors then risks, each by name. Filtered by the search.
 */
export function entityChoices(
  listed: readonly BrowseEntity[] | null,
  recent: readonly BrowseEntity[],
  query: string,
): BrowseEntity[] {
  const recentIds = new Set(recent.map((e) => e.entityId));
  const listedIds = listed ? new Set(listed.map((e) => e.entityId)) : null;
  // One the service no longer lists (deleted since) is not offered again.
  const first = listedIds ? recent.filter((e) => listedIds.has(e.entityId)) : recent;
  const { vendors, risks } = groupEntities(
    (listed ?? []).filter((e) => !recentIds.has(e.entityId)),
  );
  return [...filterEntities(first, query), ...filterEntities([...vendors, ...risks], query)];
}

export interface NewTaskDraft {
  readonly title: string;
  readonly entity: BrowseEntity | null;
}

/** What stops the entry from creating, in words; null when it can go. */
export function draftProblem(d: NewTaskDraft): { field: 'title' | 'entity'; text: string } | null {
  if (d.title.trim() === '') return { field: 'title', text: 'Give the task a title.' };
  if (!d.entity) return { field: 'entity', text: 'Choose the vendor or risk it belongs to.' };
  return null;
}
