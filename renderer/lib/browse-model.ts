import { displayText } from '../../common/display-text';
import type { Task } from '../../common/task';
import { STATUS_LABELS, TASK_STATUSES, isTaskStatus } from '../../common/task-values';
import type { TaskStatus } from '../../common/task-values';
import type { BrowseEntity, PinnedTaskView } from '../../common/views';

/** Browse's search: every typed word somewhere in the name, any order, any case. */
export function filterEntities(
  entities: readonly BrowseEntity[],
  query: string,
): readonly BrowseEntity[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return entities;
  return entities.filter((e) => {
    const name = e.name.toLocaleLowerCase();
    return words.every((w) => name.includes(w));
  });
}

/** Vendors then risks, each by name as a person reads them (case and accents aside). */
export function groupEntities(entities: readonly BrowseEntity[]): {
  readonly vendors: readonly BrowseEntity[];
  readonly risks: readonly BrowseEntity[];
} {
  const byName = (a: BrowseEntity, b: BrowseEntity) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });
  return {
    vendors: entities.filter((e) => e.entityType === 'vendor').sort(byName),
    risks: entities.filter((e) => e.entityType === 'risk').sort(byName),
  };
}

export const entityName = (e: BrowseEntity): string => displayText(e.name.trim()) || e.entityId;

/**
 * A listed task as a row: the pinned task's own view where it is pinned
 * (its waiting change, sync state and errors show), else the task as the
 * service listed it.
 */
export function browseViews(
  listed: readonly Task[],
  pinned: readonly PinnedTaskView[],
): PinnedTaskView[] {
  const byId = new Map(pinned.map((v) => [v.id, v]));
  return listed.map(
    (task) =>
      byId.get(task.id) ?? {
        id: task.id,
        ref:
          task.entityType === 'vendor' || task.entityType === 'risk'
            ? { entityType: task.entityType, ...(task.entityId ? { entityId: task.entityId } : {}) }
            : {},
        snapshot: task,
        pendingPatch: null,
        sync: 'idle',
        error: null,
        pinnedAt: '',
      },
  );
}

/** "2 To do · 1 In progress · 3 Done": the statuses present, in the control's order. */
export function statusCounts(statuses: readonly (string | null)[]): string {
  const counts = new Map<TaskStatus, number>();
  let other = 0;
  for (const s of statuses) {
    if (isTaskStatus(s)) counts.set(s, (counts.get(s) ?? 0) + 1);
    else other += 1;
  }
  const parts = TASK_STATUSES.filter((s) => counts.has(s)).map(
    (s) => `${counts.get(s)} ${STATUS_LABELS[s]}`,
  );
  if (other > 0) parts.push(`${other} other`);
  return parts.join(' · ');
}
