import { isoTime as time } from '../lib/iso-time';
import type { Task } from '../../common/task';
import {
  PRIORITY_LABELS,
  STATUS_LABELS,
  isTaskPriority,
  isTaskStatus,
} from '../../common/task-values';
import type { TaskPatch } from '../../common/task-patch';
import type { EntityKey } from '../reads/read-schemas';
import type { PinnedTask } from './pinned-view';

/**
 * What a background read of a task does to its pin. The service's word
 * replaces the snapshot unless the pin already holds a newer one (an answer to
 * the person's change that arrived while the list was on its way), and the
 * entity the read found is remembered, so the next read needs no look-up.
 */

export function mergeRead(pin: PinnedTask, task: Task, entity: EntityKey): PinnedTask {
  const learned =
    pin.ref.entityType === entity.entityType && pin.ref.entityId === entity.entityId
      ? pin.ref
      : { ...pin.ref, entityType: entity.entityType, entityId: entity.entityId };
  const older = pin.snapshot !== null && time(task.updatedAt) < time(pin.snapshot.updatedAt);
  if (older) return learned === pin.ref ? pin : { ...pin, ref: learned };
  return { ...pin, ref: learned, snapshot: task };
}

const FIELD_WORDS: Record<keyof TaskPatch, string> = {
  title: 'title',
  description: 'description',
  status: 'status',
  priority: 'priority',
  assigneeId: 'assignee',
};

const valueOf = (task: Task, field: keyof TaskPatch): unknown =>
  field === 'assigneeId' ? (task.assignee?.id ?? null) : task[field];

const shown = (field: keyof TaskPatch, value: unknown): string => {
  if (field === 'status' && isTaskStatus(value)) return STATUS_LABELS[value];
  if (field === 'priority' && isTaskPriority(value)) return PRIORITY_LABELS[value];
  if (value === null || value === undefined) return 'nothing';
  return typeof value === 'string'
    ? `“${value.slice(0, 40)}${value.length > 40 ? '…' : ''}”`
    : 'a new value';
};

/**
 * A change still waiting here, against a newer value someone else saved on the
 * service meanwhile: neither may be lost silently. Ours is sent as it is (the
 * person asked for it last, as far as this app knows), so the row says the
 * service's value will be replaced, and by whom it was set.
 */
export function conflictNote(
  before: Task | null,
  after: Task,
  waiting: Partial<TaskPatch> | null,
): string | null {
  if (!before || !waiting || time(after.updatedAt) <= time(before.updatedAt)) return null;
  for (const field of Object.keys(waiting) as (keyof TaskPatch)[]) {
    const theirs = valueOf(after, field);
    if (theirs === valueOf(before, field) || theirs === waiting[field]) continue;
    const who = after.updatedBy?.user?.name ?? after.updatedBy?.user?.email ?? 'someone';
    if (field === 'assigneeId') {
      const to = after.assignee?.user?.name ?? after.assignee?.user?.email ?? after.assignee?.id;
      return (
        `${who} ${to ? `assigned this task to ${to}` : 'unassigned this task'} on the service; ` +
        'your change of assignee is waiting to be sent and will replace it.'
      );
    }
    return (
      `${who} set the ${FIELD_WORDS[field]} to ${shown(field, theirs)} on the service; ` +
      `your change to ${shown(field, waiting[field])} is waiting to be sent and will replace it.`
    );
  }
  return null;
}
