import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { TaskSchema } from '../../common/task';
import type { Task } from '../../common/task';
import { parseTaskRef } from '../../common/task-ref';
import type { TaskRef } from '../../common/task-ref';
import type { PinnedTaskView } from '../../common/views';
import type { PinnedTask } from './pinned-view';
import type { ActiveProfile } from './active-profile';
import { isLocalTaskId } from '../../common/local-task-id';
import { STILL_CREATING } from './creating-rows';

export interface PinningDeps {
  readonly active: () => ActiveProfile | null;
  /** The signed-in organization's id, when known, to refuse links to another one. */
  readonly organizationId: () => string | null;
  readonly view: (profileId: string, pin: PinnedTask) => PinnedTaskView;
  readonly list: () => PinnedTaskView[];
  /** The list goes out at once: the answer to the popup must not run ahead of its event. */
  readonly changedNow: () => void;
}

/** How many unpinned tasks are remembered, so an undone unpin brings its row back whole. */
const REMEMBERED_UNPINS = 20;

const notConnected = () => err(appError('not_connected', 'Connect to the service first.'));

/** Pinning and unpinning the shown profile's tasks: a pasted link, a listed task, the demo's. */
export function createPinning(deps: PinningDeps) {
  // The last unpinned pins of this run, by profile and task: pinned again (Undo), the row
  // comes back as it was shown, not as a bare id waiting for a read.
  const unpinned = new Map<string, PinnedTask>();
  const unpinKey = (profileId: string, taskId: string) => `${profileId}\n${taskId}`;

  /**
   * @param known the task as the service listed it just now (Browse): shown at once.
   * @param at where in the list a new pin goes (an unpin undone, at its place); the end if absent.
   */
  async function pinRef(ref: TaskRef, known?: Task, at?: number): Promise<Result<PinnedTaskView>> {
    const a = deps.active();
    if (!a) return notConnected();
    const { taskId, ...rest } = ref;
    const orgId = deps.organizationId();
    if (rest.organizationId && orgId && rest.organizationId !== orgId) {
      return err(
        appError(
          'bad_input',
          `That link is for organization ${rest.organizationId}, but Task Tray is signed in to ${orgId}. Sign in to that organization to pin it.`,
        ),
      );
    }
    const existing = a.pins.get(taskId);
    if (existing) return ok(deps.view(a.profileId, existing));
    const before = unpinned.get(unpinKey(a.profileId, taskId));
    unpinned.delete(unpinKey(a.profileId, taskId));
    const pin: PinnedTask = {
      taskId,
      ref: rest,
      snapshot: known?.id === taskId ? known : (before?.snapshot ?? null),
      error: null,
      pinnedAt: new Date().toISOString(),
    };
    const saved = await a.pins.put(pin, at);
    if (!saved.ok) return saved;
    deps.changedNow();
    return ok(deps.view(a.profileId, pin));
  }

  return {
    async pin(text: string): Promise<Result<PinnedTaskView>> {
      const ref = parseTaskRef(text);
      return ref.ok ? pinRef(ref.value) : ref;
    },
    pinRef,

    /** Seeds pins with known snapshots (the demo's sample tasks). */
    async pinKnown(tasks: readonly unknown[]): Promise<void> {
      const a = deps.active();
      if (!a) return;
      for (const raw of tasks) {
        const task = TaskSchema.safeParse(raw);
        if (!task.success || a.pins.get(task.data.id)) continue;
        await a.pins.put({
          taskId: task.data.id,
          ref:
            task.data.entityType === 'vendor' || task.data.entityType === 'risk'
              ? {
                  entityType: task.data.entityType,
                  ...(task.data.entityId ? { entityId: task.data.entityId } : {}),
                }
              : {},
          snapshot: task.data,
          error: null,
          pinnedAt: new Date().toISOString(),
        });
      }
      deps.changedNow();
    },

    /** Unpinning hides the row; a change already asked for still goes out (the person made it). */
    async unpin(taskId: string): Promise<Result<PinnedTaskView[]>> {
      const a = deps.active();
      if (!a) return notConnected();
      if (isLocalTaskId(taskId)) return err(appError('bad_input', STILL_CREATING));
      const gone = a.pins.get(taskId);
      const removed = await a.pins.remove(taskId);
      if (!removed.ok) return removed;
      if (gone) {
        unpinned.set(unpinKey(a.profileId, taskId), gone);
        if (unpinned.size > REMEMBERED_UNPINS) unpinned.delete(unpinned.keys().next().value!);
      }
      deps.changedNow();
      return ok(deps.list());
    },
  };
}
