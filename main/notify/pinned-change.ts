import { isoTime as time } from '../lib/iso-time';
import { sameData } from '../../common/same-data';
import type { Member, Task } from '../../common/task';
import {
  PRIORITY_LABELS,
  STATUS_LABELS,
  isTaskPriority,
  isTaskStatus,
} from '../../common/task-values';
import type { ChangedByOther } from './notify-events';

/**
 * A pinned task read again: did someone else change it, and what. "Someone
 * else" is a newer change (a later updatedAt) that this app did not make (its
 * updatedAt is not the pin's changedHereAt) and whose author is not the
 * person (when main knows which member they are). Only the fields a row
 * shows count; a change elsewhere in the task is not news.
 */

const memberName = (m: Member | null | undefined): string | null =>
  m?.user?.name?.trim() || m?.user?.email?.trim() || null;

/** What changed from `before` to `after`, each as words after "changed": "the status to Done". */
export function changedFields(before: Task, after: Task, meId: string | null = null): string[] {
  const words: string[] = [];
  if (after.status !== before.status)
    words.push(
      `the status to ${isTaskStatus(after.status) ? STATUS_LABELS[after.status] : after.status}`,
    );
  if ((after.priority ?? null) !== (before.priority ?? null))
    words.push(
      after.priority == null
        ? 'the priority to none'
        : `the priority to ${isTaskPriority(after.priority) ? PRIORITY_LABELS[after.priority] : after.priority}`,
    );
  if ((after.title ?? null) !== (before.title ?? null)) words.push('the title');
  const to = after.assignee?.id ?? null;
  if (to !== (before.assignee?.id ?? null))
    words.push(
      to === null
        ? 'the assignee to nobody'
        : `the assignee to ${meId !== null && to === meId ? 'you' : (memberName(after.assignee) ?? to)}`,
    );
  if (!sameData(after.description ?? null, before.description ?? null))
    words.push('the description');
  return words;
}

export interface PinnedReadInput {
  readonly profileId: string;
  /** The pin's snapshot before the read; null when the task was never read (nothing to compare). */
  readonly before: Task | null;
  readonly after: Task;
  /** The service's updatedAt of the last change made from here (the pin's changedHereAt). */
  readonly changedHereAt?: string | null;
  /** The member the person is, when known. */
  readonly meId?: string | null;
}

/** The event for a pinned task read anew, or null when nobody else changed what a row shows. */
export function changedByOther(input: PinnedReadInput): ChangedByOther | null {
  const { before, after } = input;
  if (!before || time(after.updatedAt) <= time(before.updatedAt)) return null;
  if (after.updatedAt != null && after.updatedAt === input.changedHereAt) return null;
  const meId = input.meId ?? null;
  if (meId !== null && after.updatedBy?.id === meId) return null;
  const fields = changedFields(before, after, meId);
  if (fields.length === 0) return null;
  return {
    kind: 'changed-by-other',
    profileId: input.profileId,
    taskId: after.id,
    title: after.title ?? before.title ?? null,
    by: memberName(after.updatedBy),
    fields,
  };
}
