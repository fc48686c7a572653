import type { KnownTasks } from '../../../common/views';
import { relativeTime } from '../relative-time';
import type { SearchSource } from './search-index';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

const SOURCE_LABELS: Record<Exclude<SearchSource, 'read'>, string> = {
  pinned: 'Pinned',
  compliance: 'Compliance tasks',
  assigned: 'Assigned to you',
};

/** A group's heading: the source, or the vendor's or risk's name. */
export function groupLabel(source: SearchSource, group: string, known: KnownTasks | null): string {
  if (source !== 'read') return SOURCE_LABELS[source];
  const entity = known?.lists.find((l) => l.entity.entityId === group)?.entity;
  if (!entity) return 'Vendor or risk';
  const kind = entity.entityType === 'vendor' ? 'Vendor' : 'Risk';
  return entity.name ? `${entity.name} · ${kind}` : kind;
}

/** "Searched 214 tasks from 23 vendors and risks, the oldest read 3 min ago." */
export function searchedWords(tasks: number, known: KnownTasks | null, now: Date): string {
  const lists = known?.lists ?? [];
  const searched = `Searched ${plural(tasks, 'task', 'tasks')}`;
  if (lists.length === 0) return `${searched}: pinned, compliance and assigned.`;
  const oldest = Math.min(...lists.map((l) => l.readAt));
  const ago = relativeTime(new Date(oldest).toISOString(), now);
  const from = plural(lists.length, 'vendor or risk', 'vendors and risks');
  return `${searched} from ${from}, ${lists.length === 1 ? 'read' : 'the oldest read'} ${ago}.`;
}

/**
 * What was not searched, said every time: the service has no search of its
 * own, so only what the app has read is searched.
 */
export function coverageWords(known: KnownTasks | null): string {
  if (!known || !known.entitiesListed)
    return 'The service has no search of its own: vendors and risks not read yet are not searched.';
  if (known.unread === 0)
    return 'The service has no search of its own: every vendor and risk listed was read and searched.';
  return `The service has no search of its own: ${plural(known.unread, 'vendor or risk', 'vendors and risks')} not read yet ${known.unread === 1 ? 'is' : 'are'} not searched.`;
}

/** The offer's button: all of them when few are left, else the next batch main reads at once. */
export const readRestLabel = (known: KnownTasks | null, atOnce: number): string =>
  known && known.entitiesListed && known.unread > atOnce ? `Read ${atOnce} more` : 'Read the rest';

/** Below the groups drawn: how many more groups matched. */
export const moreGroupsWords = (n: number): string =>
  `${plural(n, 'more group matches', 'more groups match')}: type more to narrow.`;

/** Below a group cut at its limit. */
export const moreWords = (n: number): string =>
  `${plural(n, 'more task matches', 'more tasks match')} here: type more to narrow.`;
