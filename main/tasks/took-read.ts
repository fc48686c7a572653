import type { Task } from '../../common/task';
import type { Logger } from '../log/logger';
import type { LaneView } from '../outbox/outbox';
import type { EntityKey } from '../reads/read-schemas';
import { conflictNote, mergeRead } from './read-merge';
import type { PinnedTask } from './pinned-view';
import type { PinStore } from './pin-store';

export interface ReadContext {
  readonly profileId: string;
  readonly pins: PinStore;
  /** What reads could not settle, by task; in memory: the next read says it again. */
  readonly notes: {
    set(taskId: string, note: string): void;
    delete(taskId: string): void;
  };
  /** A pin as its row shows it now (with answers still being written). */
  readonly shown: (pin: PinnedTask) => PinnedTask;
  readonly laneView: (taskId: string) => LaneView | null;
  readonly onRead?: (before: PinnedTask, after: Task) => void;
  readonly log: Logger;
}

/**
 * A background read's findings for a profile's pins: tasks read from their
 * vendor or risk (their entity remembered), and what could not be found.
 * A pin not mentioned keeps its note; the person's waiting changes still
 * show on top, and a newer value someone else saved is said, not hidden.
 */
export async function takeRead(
  ctx: ReadContext,
  found: ReadonlyMap<string, { task: Task; entity: EntityKey }>,
  notes: ReadonlyMap<string, string | null>,
): Promise<void> {
  for (const [taskId, note] of notes) {
    if (note === null) ctx.notes.delete(taskId);
    else ctx.notes.set(taskId, note);
  }
  const changes = new Map<string, (pin: PinnedTask) => PinnedTask>();
  for (const [taskId, { task, entity }] of found) {
    const pin = ctx.pins.get(taskId);
    if (!pin) continue;
    ctx.onRead?.(ctx.shown(pin), task);
    const lane = ctx.laneView(taskId);
    const conflict = conflictNote(ctx.shown(pin).snapshot, task, lane?.patch ?? null);
    // Said until the waiting change lands: a later read sees no difference any more.
    if (conflict) ctx.notes.set(taskId, conflict);
    else if (lane === null) ctx.notes.delete(taskId);
    changes.set(taskId, (p) => mergeRead(p, task, entity));
  }
  if (changes.size > 0) {
    const saved = await ctx.pins.modifyMany(changes);
    if (!saved.ok) ctx.log.warn('The tasks read could not be saved', saved.error.message);
  }
}
