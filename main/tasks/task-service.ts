import type { UpdateTaskInput } from '../../common/ipc';
import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import { TaskSchema } from '../../common/task';
import type { TaskPatch } from '../../common/task-patch';
import { parseTaskRef } from '../../common/task-ref';
import type { TaskRef } from '../../common/task-ref';
import type { PinnedTaskView } from '../../common/views';
import type { ServiceClient } from '../service/client';
import { mergePatches, pinnedView } from './pinned-view';
import type { InFlight, PinnedTask } from './pinned-view';
import type { PinStore } from './pin-store';

export interface TaskServiceDeps {
  /** Where the active profile's pins live (settings file, or memory for the demo). */
  readonly pins: () => PinStore | null;
  readonly client: () => ServiceClient | null;
  /** The signed-in organization's id, when known, to refuse links to another one. */
  readonly organizationId: () => string | null;
  readonly onChanged: (views: PinnedTaskView[]) => void;
  /** Every service outcome, so the connection state follows the last answer. */
  readonly onOutcome: (error: AppError | null) => void;
}

const notConnected = () => err(appError('not_connected', 'Connect to the service first.'));

/**
 * Pinned tasks and their updates. A change shows at once (pending), then is
 * confirmed by the service's answer or rolled back with its reason. Changes to
 * one task go out one at a time in order; changes made while one is in
 * flight merge into the next request (last value per field wins).
 */
export function createTaskService(deps: TaskServiceDeps) {
  const inFlight = new Map<string, InFlight>();
  const waiting = new Map<string, Partial<TaskPatch>>();
  const chains = new Map<string, Promise<unknown>>();

  const pins = (): readonly PinnedTask[] => deps.pins()?.list() ?? [];
  const find = (taskId: string) => pins().find((p) => p.taskId === taskId);
  const viewOf = (pin: PinnedTask) => {
    const flying = inFlight.get(pin.taskId);
    const next = waiting.get(pin.taskId);
    if (!flying) return pinnedView(pin, next ? { patch: next, sync: 'pending' } : undefined);
    return pinnedView(pin, {
      ...flying,
      patch: next ? mergePatches(flying.patch, next) : flying.patch,
    });
  };
  const list = (): PinnedTaskView[] => pins().map(viewOf);
  const changed = () => deps.onChanged(list());

  async function send(taskId: string): Promise<Result<PinnedTaskView>> {
    const store = deps.pins();
    const client = deps.client();
    const patch = waiting.get(taskId);
    waiting.delete(taskId);
    if (!store || !client) return notConnected();
    if (!patch) {
      const pin = find(taskId);
      return pin ? ok(viewOf(pin)) : err(appError('bad_input', 'That task is not pinned.'));
    }
    inFlight.set(taskId, { patch, sync: 'pending' });
    changed();
    const answer = await client.updateTask(taskId, patch as TaskPatch);
    inFlight.delete(taskId);
    deps.onOutcome(answer.ok ? null : answer.error);
    // The person may have unpinned it meanwhile: then there is nothing left to show.
    const pin = find(taskId);
    if (pin) {
      const next: PinnedTask = answer.ok
        ? { ...pin, snapshot: answer.value, error: null }
        : { ...pin, error: answer.error };
      const saved = await store.put(next);
      if (!saved.ok) deps.onOutcome(saved.error);
    }
    changed();
    if (!answer.ok) return answer;
    const now = find(taskId);
    return now ? ok(viewOf(now)) : err(appError('not_found', 'That task was unpinned.'));
  }

  return {
    list,

    pendingCount: (): number => new Set([...inFlight.keys(), ...waiting.keys()]).size,

    async pin(text: string): Promise<Result<PinnedTaskView>> {
      const ref = parseTaskRef(text);
      return ref.ok ? this.pinRef(ref.value) : ref;
    },

    async pinRef(ref: TaskRef): Promise<Result<PinnedTaskView>> {
      const store = deps.pins();
      if (!store) return notConnected();
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
      const existing = find(taskId);
      if (existing) return ok(viewOf(existing));
      const pin: PinnedTask = {
        taskId,
        ref: rest,
        snapshot: null,
        error: null,
        pinnedAt: new Date().toISOString(),
      };
      const saved = await store.put(pin);
      if (!saved.ok) return saved;
      changed();
      return ok(viewOf(pin));
    },

    /** Seeds pins with known snapshots (the demo's sample tasks). */
    async pinKnown(tasks: readonly unknown[]): Promise<void> {
      const store = deps.pins();
      if (!store) return;
      for (const raw of tasks) {
        const task = TaskSchema.safeParse(raw);
        if (!task.success || find(task.data.id)) continue;
        await store.put({
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
      changed();
    },

    async unpin(taskId: string): Promise<Result<PinnedTaskView[]>> {
      const store = deps.pins();
      if (!store) return notConnected();
      const removed = await store.remove(taskId);
      if (!removed.ok) return removed;
      waiting.delete(taskId);
      changed();
      return ok(list());
    },

    async dismissError(taskId: string): Promise<Result<PinnedTaskView>> {
      const store = deps.pins();
      const pin = find(taskId);
      if (!store) return notConnected();
      if (!pin) return err(appError('bad_input', 'That task is not pinned.'));
      const saved = await store.put({ ...pin, error: null });
      if (!saved.ok) return saved;
      changed();
      return ok(viewOf({ ...pin, error: null }));
    },

    update(input: UpdateTaskInput): Promise<Result<PinnedTaskView>> {
      const { taskId, patch } = input;
      if (!deps.pins() || !deps.client()) return Promise.resolve(notConnected());
      if (!find(taskId))
        return Promise.resolve(err(appError('bad_input', 'Pin the task before changing it.')));
      waiting.set(taskId, mergePatches(waiting.get(taskId) ?? {}, patch));
      changed();
      const previous = chains.get(taskId) ?? Promise.resolve();
      const mine = previous.then(() => send(taskId));
      const tail = mine.catch(() => undefined);
      chains.set(taskId, tail);
      void tail.then(() => {
        if (chains.get(taskId) === tail) chains.delete(taskId);
      });
      return mine;
    },

    /** Resolves when every change in flight has had its answer (for a clean shutdown and for tests). */
    async settle(): Promise<void> {
      while (chains.size > 0) await Promise.all([...chains.values()]);
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
