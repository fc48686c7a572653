import type { UpdateTaskInput, UpdateTasksInput } from '../../common/ipc';
import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import { TaskSchema } from '../../common/task';
import type { Task } from '../../common/task';
import { parseTaskRef } from '../../common/task-ref';
import type { TaskRef } from '../../common/task-ref';
import type { PinnedTaskView, TaskUpdateOutcome } from '../../common/views';
import type { Logger } from '../log/logger';
import type { Outbox } from '../outbox/outbox';
import type { EntityKey } from '../reads/read-schemas';
import { conflictNote, mergeRead } from './read-merge';
import { pinnedView } from './pinned-view';
import type { PinnedTask } from './pinned-view';
import type { PinStore } from './pin-store';

/** The signed-in profile as the task service needs it. */
export interface ActiveProfile {
  readonly profileId: string;
  readonly pins: PinStore;
  /** Whether its changes are kept on disk (the demo's are not: its service lives only as long as the app). */
  readonly durable: boolean;
}

export interface TaskServiceDeps {
  readonly active: () => ActiveProfile | null;
  /** Any profile's pins, for an answer that arrives after its profile was signed out. */
  readonly pinsFor: (profileId: string) => PinStore | null;
  readonly outbox: Outbox;
  /** The signed-in organization's id, when known, to refuse links to another one. */
  readonly organizationId: () => string | null;
  readonly onChanged: (views: PinnedTaskView[]) => void;
  /** A pinned task read anew: the pin as it was shown, and what the service says now. */
  readonly onRead?: (profileId: string, before: PinnedTask, after: Task) => void;
  readonly log: Logger;
}

const notConnected = () => err(appError('not_connected', 'Connect to the service first.'));

/**
 * Pinned tasks and their changes. A change shows at once, goes through the
 * outbox (kept on disk before it is sent), and is confirmed by the service's
 * answer, waits as "queued" while the service cannot be reached, or is rolled
 * back with the service's reason, kept on the task until dismissed.
 */
export function createTaskService(deps: TaskServiceDeps) {
  const pinsOf = (a: ActiveProfile | null): readonly PinnedTask[] => a?.pins.list() ?? [];

  /**
   * The service's answers already taken but still being written to the pins,
   * by profile and task, in the order they came. A row shows them at once:
   * the write only makes them survive a restart (were it lost in a crash,
   * the outbox still holds the change and sends the same values again).
   */
  const unwritten = new Map<string, ((pin: PinnedTask) => PinnedTask)[]>();
  const pinKey = (profileId: string, taskId: string) => `${profileId}\n${taskId}`;
  const shown = (profileId: string, pin: PinnedTask): PinnedTask =>
    (unwritten.get(pinKey(profileId, pin.taskId)) ?? []).reduce((p, change) => change(p), pin);

  /** What reads could not settle, by profile and task (read-merge.ts); in memory: the next read says it again. */
  const readNotes = new Map<string, string>();
  const viewOf = (profileId: string, pin: PinnedTask): PinnedTaskView => {
    const view = pinnedView(
      shown(profileId, pin),
      deps.outbox.laneView(profileId, pin.taskId) ?? undefined,
    );
    const note = readNotes.get(pinKey(profileId, pin.taskId));
    return note === undefined ? view : { ...view, readNote: note };
  };

  const list = (): PinnedTaskView[] => {
    const a = deps.active();
    return a ? pinsOf(a).map((p) => viewOf(a.profileId, p)) : [];
  };
  const find = (taskId: string) => deps.active()?.pins.get(taskId);

  /*
   * The whole list goes to the popup on every change, so changes that come
   * together (a bulk change answers hundreds of times a second) are sent as
   * one list per turn of the event loop: changed() asks for it, the list is
   * built once, when sent. changedNow() sends what is asked for at once, so a
   * person's action or an answer to the popup never runs ahead of its event.
   */
  let due = false;
  const changedNow = () => {
    due = false;
    deps.onChanged(list());
  };
  const flush = () => {
    if (due) changedNow();
  };
  const changed = () => {
    if (due) return;
    due = true;
    // Not a timer: runs once, right after the work that asked for it, and only then.
    setImmediate(flush);
  };

  /** Writes the service's word onto a pin, whichever profile it belongs to now. */
  async function record(
    profileId: string,
    taskId: string,
    change: (pin: PinnedTask) => PinnedTask,
  ): Promise<void> {
    // Unpinned meanwhile: the change still landed (or not); there is no row left to show it on.
    const saved = await deps.pinsFor(profileId)?.modify(taskId, change);
    if (saved && !saved.ok) deps.log.warn('The task could not be saved', saved.error.message);
  }

  /**
   * Answers waiting for the pins write under way, by profile: written
   * together in the next one, so a bulk change costs a few settings writes,
   * not one per task. Per task they keep their order.
   */
  type ToWrite = { taskId: string; change: (pin: PinnedTask) => PinnedTask; done: () => void };
  const toWrite = new Map<string, ToWrite[]>();
  let writing = false;
  async function writeShown(): Promise<void> {
    if (writing) return;
    writing = true;
    try {
      while (toWrite.size > 0) {
        const [profileId, batch] = toWrite.entries().next().value as [string, ToWrite[]];
        toWrite.delete(profileId);
        const byTask = new Map<string, (pin: PinnedTask) => PinnedTask>();
        for (const { taskId, change } of batch) {
          const before = byTask.get(taskId);
          byTask.set(taskId, before ? (pin) => change(before(pin)) : change);
        }
        try {
          // Unpinned meanwhile: the change still landed; there is no row left to show it on.
          const saved = await deps.pinsFor(profileId)?.modifyMany(byTask);
          if (saved && !saved.ok)
            deps.log.warn('The tasks could not be saved', saved.error.message);
        } catch (e) {
          deps.log.error('Keeping the service’s answers on the tasks failed', e);
        }
        for (const { done } of batch) done();
      }
    } finally {
      writing = false;
    }
  }

  /**
   * Starts the write once this turn is over: the answers of the turn go in
   * it, and the row shows them (the turn's list goes out) before the disk is
   * touched. Not a timer: it runs right after the work that asked for it.
   */
  let writeDue = false;
  const writeSoon = () => {
    if (writeDue) return;
    writeDue = true;
    setImmediate(() => {
      writeDue = false;
      void writeShown();
    });
  };

  /** Shows the service's word on the row now, and writes it behind: the row does not wait for the disk. */
  async function recordShown(
    profileId: string,
    taskId: string,
    change: (pin: PinnedTask) => PinnedTask,
  ): Promise<void> {
    const key = pinKey(profileId, taskId);
    unwritten.set(key, [...(unwritten.get(key) ?? []), change]);
    changed();
    try {
      await new Promise<void>((done) => {
        const list = toWrite.get(profileId) ?? [];
        list.push({ taskId, change, done });
        toWrite.set(profileId, list);
        writeSoon();
      });
    } finally {
      const rest = (unwritten.get(key) ?? []).filter((c) => c !== change);
      if (rest.length > 0) unwritten.set(key, rest);
      else unwritten.delete(key);
      // Written (or not, then the row shows what the file holds): either way it may look different now.
      changed();
    }
  }

  async function update(input: UpdateTaskInput): Promise<Result<PinnedTaskView>> {
    const answer = await updateOne(input);
    flush();
    return answer;
  }

  async function updateOne(input: UpdateTaskInput): Promise<Result<PinnedTaskView>> {
    const a = deps.active();
    if (!a) return notConnected();
    const { taskId, patch } = input;
    if (!find(taskId)) return err(appError('bad_input', 'Pin the task before changing it.'));
    const outcome = await deps.outbox.enqueue({
      profileId: a.profileId,
      taskId,
      patch,
      durable: a.durable,
    });
    if (outcome.kind === 'refused' || outcome.kind === 'not_saved') return err(outcome.error);
    const pin = deps.active()?.profileId === a.profileId ? find(taskId) : undefined;
    return pin
      ? ok(viewOf(a.profileId, pin))
      : err(appError('not_found', 'That task was unpinned.'));
  }

  return {
    list,

    /** Tasks with a change in the outbox: the signed-in profile's, or everyone's on disk when signed out. */
    pendingCount: (): number => deps.outbox.pendingTasks(deps.active()?.profileId ?? null),

    async pin(text: string): Promise<Result<PinnedTaskView>> {
      const ref = parseTaskRef(text);
      return ref.ok ? this.pinRef(ref.value) : ref;
    },

    /** @param known the task as the service listed it just now (Browse): shown at once. */
    async pinRef(ref: TaskRef, known?: Task): Promise<Result<PinnedTaskView>> {
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
      const existing = find(taskId);
      if (existing) return ok(viewOf(a.profileId, existing));
      const pin: PinnedTask = {
        taskId,
        ref: rest,
        snapshot: known?.id === taskId ? known : null,
        error: null,
        pinnedAt: new Date().toISOString(),
      };
      const saved = await a.pins.put(pin);
      if (!saved.ok) return saved;
      changedNow();
      return ok(viewOf(a.profileId, pin));
    },

    /** Seeds pins with known snapshots (the demo's sample tasks). */
    async pinKnown(tasks: readonly unknown[]): Promise<void> {
      const a = deps.active();
      if (!a) return;
      for (const raw of tasks) {
        const task = TaskSchema.safeParse(raw);
        if (!task.success || find(task.data.id)) continue;
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
      changedNow();
    },

    /** Unpinning hides the row; a change already asked for still goes out (the person made it). */
    async unpin(taskId: string): Promise<Result<PinnedTaskView[]>> {
      const a = deps.active();
      if (!a) return notConnected();
      const removed = await a.pins.remove(taskId);
      if (!removed.ok) return removed;
      changedNow();
      return ok(list());
    },

    async dismissError(taskId: string): Promise<Result<PinnedTaskView>> {
      const a = deps.active();
      if (!a) return notConnected();
      const saved = await a.pins.modify(taskId, (pin) => ({ ...pin, error: null }));
      if (!saved.ok) return saved;
      if (!saved.value) return err(appError('bad_input', 'That task is not pinned.'));
      changedNow();
      return ok(viewOf(a.profileId, saved.value));
    },

    /**
     * Resolves after the first attempt that carried the change: the task
     * confirmed (sync 'idle'), or waiting to try again (sync 'queued'), or
     * the service's refusal, which the task now shows until dismissed.
     */
    update,

    /** One change for several tasks, each through the outbox; the pacer spaces the requests. */
    async updateMany(input: UpdateTasksInput): Promise<Result<TaskUpdateOutcome[]>> {
      if (!deps.active()) return notConnected();
      // One frozen patch for all: the client checks it once (request-validation.ts).
      const patch = Object.freeze({ ...input.patch });
      // Each answer's event waits for the turn's list, not one list per task.
      const results = await Promise.all(
        input.taskIds.map((taskId) => updateOne({ taskId, patch })),
      );
      flush();
      return ok(
        input.taskIds.map((taskId, i) => ({ taskId, result: results[i] ?? notConnected() })),
      );
    },

    /**
     * The outbox's callback: the service took a change. Shown at once; resolves once written.
     * @param keepError one field of a refused combined change: another field's refusal stays.
     */
    landed: (profileId: string, taskId: string, task: Task, keepError = false): Promise<void> => {
      // The change that a conflict note spoke of has gone: the service's answer is the truth now.
      readNotes.delete(pinKey(profileId, taskId));
      return recordShown(profileId, taskId, (pin) => ({
        ...pin,
        snapshot: task,
        error: keepError ? pin.error : null,
        changedHereAt: task.updatedAt ?? null,
      }));
    },

    /** The outbox's callback: the service refused a change for good; the snapshot stays as it was. */
    refused: (profileId: string, taskId: string, error: AppError): Promise<void> => {
      readNotes.delete(pinKey(profileId, taskId));
      return record(profileId, taskId, (pin) => ({ ...pin, error }));
    },

    /**
     * A background read's findings for a profile's pins: tasks read from their
     * vendor or risk (their entity remembered), and what could not be found.
     * A pin not mentioned keeps its note; the person's waiting changes still
     * show on top, and a newer value someone else saved is said, not hidden.
     */
    async tookRead(
      profileId: string,
      found: ReadonlyMap<string, { task: Task; entity: EntityKey }>,
      notes: ReadonlyMap<string, string | null>,
    ): Promise<void> {
      const pins = deps.pinsFor(profileId);
      if (!pins) return;
      for (const [taskId, note] of notes) {
        if (note === null) readNotes.delete(pinKey(profileId, taskId));
        else readNotes.set(pinKey(profileId, taskId), note);
      }
      const changes = new Map<string, (pin: PinnedTask) => PinnedTask>();
      for (const [taskId, { task, entity }] of found) {
        const pin = pins.get(taskId);
        if (!pin) continue;
        deps.onRead?.(profileId, shown(profileId, pin), task);
        const key = pinKey(profileId, taskId);
        const conflict = conflictNote(
          shown(profileId, pin).snapshot,
          task,
          deps.outbox.laneView(profileId, taskId)?.patch ?? null,
        );
        const waiting = deps.outbox.laneView(profileId, taskId) !== null;
        // Said until the waiting change lands: a later read sees no difference any more.
        if (conflict) readNotes.set(key, conflict);
        else if (!waiting) readNotes.delete(key);
        changes.set(taskId, (p) => mergeRead(p, task, entity));
      }
      if (changes.size > 0) {
        const saved = await pins.modifyMany(changes);
        if (!saved.ok) deps.log.warn('The tasks read could not be saved', saved.error.message);
      }
      changed();
    },

    /** Something a row shows changed: the list goes out with this turn's others. */
    changed,
    /** Sends the list now (and whatever was waiting for this turn with it). */
    changedNow,
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
