import { clip } from '../../common/bounds';
import { displayText } from '../../common/display-text';
import { sameData } from '../../common/same-data';
import {
  isEntityType,
  isTaskPriority,
  isTaskStatus,
  PRIORITY_LABELS,
  STATUS_LABELS,
} from '../../common/task-values';
import type { EntityType, TaskPriority, TaskStatus } from '../../common/task-values';
import type { AppError } from '../../common/result';
import type { TaskRef } from '../../common/task-ref';
import type { PinnedTaskView, TaskSyncState } from '../../common/views';

/** Everything a task row shows, derived once from the view main sent. */
export interface TaskRowModel {
  readonly id: string;
  /** How it was pinned (organization, entity from the link): enough to pin it again after an undo. */
  readonly ref: TaskRef;
  /** The title as the row lays it out (at most ROW_TEXT characters), or the id until the service has answered. */
  readonly title: string;
  /** The whole title (as kept: BOUNDS.title), for the tooltip. */
  readonly fullTitle: string;
  readonly hasTitle: boolean;
  readonly entityType: EntityType | null;
  readonly priority: TaskPriority | null;
  readonly priorityLabel: string | null;
  /** The status to show: what the person chose last, else what the service said. */
  readonly status: TaskStatus | null;
  /** The service's status when it is a value we do not know ("blocked"…). */
  readonly unknownStatus: string | null;
  readonly statusLabel: string;
  /** The description's first line, when it came as plain text (or there is none: ''). */
  readonly description: string;
  /**
   * A description that came as a rich-text document: its first line is read
   * by renderer/lib/description-line.ts, loaded after the first screen.
   */
  readonly richDescription: unknown;
  readonly updatedAt: string | null;
  readonly updatedBy: string | null;
  /** Who the task is assigned to, by name (or email); null when nobody is or the service did not say. */
  readonly assignee: string | null;
  /** The member it is assigned to (a waiting change's first), null when nobody. */
  readonly assigneeId: string | null;
  /** A change of assignee is waiting: the name above is the one before it. */
  readonly assigneePending: boolean;
  /**
   * The service's last change is one made from here: with an API key the
   * service records it under the organization's owner, so the row says so.
   */
  readonly changedHere: boolean;
  readonly sync: TaskSyncState;
  readonly error: AppError | null;
  readonly warnings: readonly string[];
  /** What the service's reads could not settle (entity unknown, a newer value a waiting change replaces). */
  readonly readNote: string | null;
}

const ENTITY_LABELS: Record<EntityType, string> = { vendor: 'Vendor', risk: 'Risk' };
export const entityLabel = (t: EntityType): string => ENTITY_LABELS[t];

/**
 * What a row lays out of a title or description: two clamped lines never
 * show more, and a long unbroken string costs seconds of layout per
 * re-render with `overflow-wrap: anywhere` (issue 13: 100,000 characters, 10 s).
 */
export const ROW_TEXT = 300;

export const firstLine = (text: string): string => {
  const line = text.split('\n', 50).find((l) => l.trim().length > 0) ?? '';
  return clip(displayText(line.trim()), ROW_TEXT);
};

/** Only something shaped like a JSON object can be a serialized document; anything else is prose. */
const isPlain = (d: unknown): d is string | null | undefined =>
  d === null || d === undefined || (typeof d === 'string' && !d.trim().startsWith('{'));

/**
 * @param wanted a status the person just chose that main has not answered
 *   about yet: shown at once so the click feels instant.
 */
export function taskRowModel(view: PinnedTaskView, wanted?: TaskStatus | null): TaskRowModel {
  const snap = view.snapshot;
  const rawStatus = wanted ?? view.pendingPatch?.status ?? snap?.status ?? null;
  const status = isTaskStatus(rawStatus) ? rawStatus : null;
  const rawPriority = view.pendingPatch?.priority ?? snap?.priority ?? null;
  const priority = isTaskPriority(rawPriority) ? rawPriority : null;
  const entity = snap?.entityType ?? view.ref.entityType ?? null;
  // Titles and names are shown without their bidi and control characters (display-text.ts).
  const title = displayText((view.pendingPatch?.title ?? snap?.title ?? '').trim());
  const updater = snap?.updatedBy?.user;
  const assignee = snap?.assignee?.user;
  return {
    id: view.id,
    ref: { ...view.ref, taskId: view.id },
    title: clip(title, ROW_TEXT) || view.id,
    fullTitle: title || view.id,
    hasTitle: title.length > 0,
    entityType: isEntityType(entity) ? entity : null,
    priority,
    priorityLabel: priority ? PRIORITY_LABELS[priority] : null,
    status,
    unknownStatus: rawStatus !== null && status === null ? displayText(rawStatus) : null,
    statusLabel: status
      ? STATUS_LABELS[status]
      : rawStatus
        ? `“${displayText(rawStatus)}”`
        : 'Not loaded yet',
    description: snap && isPlain(snap.description) ? firstLine(snap.description ?? '') : '',
    richDescription: snap && !isPlain(snap.description) ? snap.description : null,
    updatedAt: snap?.updatedAt ?? null,
    updatedBy: displayText(updater?.name?.trim() || updater?.email?.trim() || '') || null,
    assignee:
      displayText(assignee?.name?.trim() || assignee?.email?.trim() || snap?.assignee?.id || '') ||
      null,
    assigneeId:
      view.pendingPatch?.assigneeId !== undefined
        ? view.pendingPatch.assigneeId
        : (snap?.assignee?.id ?? null),
    assigneePending: view.pendingPatch?.assigneeId !== undefined,
    changedHere: view.changedHere === true,
    // A choice main has not acknowledged is on its way: show it as pending, unless
    // main already reports the service holding it (its event can come before the answer).
    sync:
      wanted != null && view.sync === 'idle' && !(snap?.status === wanted && !view.pendingPatch)
        ? 'pending'
        : view.sync,
    error: view.error,
    warnings: snap?.warnings ?? [],
    readNote: view.readNote ?? null,
  };
}

/**
 * A function that returns the rows it is given, except that each row showing
 * the same as the last time is the very object it returned then. Every list
 * from main is turned into new row models: without this, one task's change
 * would redraw all fifty rows (TaskRow is memoised on its row), which was
 * most of a status change's time in the popup.
 */
export function rowKeeper(): (next: readonly TaskRowModel[]) => readonly TaskRowModel[] {
  let shown: readonly TaskRowModel[] = [];
  return (next) => {
    const before = new Map(shown.map((r) => [r.id, r]));
    const rows = next.map((r) => {
      const old = before.get(r.id);
      return old && sameData(old, r) ? old : r;
    });
    // Nothing changed at all: the same list, so nothing downstream recomputes either.
    const same = rows.length === shown.length && rows.every((r, i) => r === shown[i]);
    if (!same) shown = rows;
    return shown;
  };
}
