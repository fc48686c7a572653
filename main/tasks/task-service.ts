import type { UpdateTaskInput, UpdateTasksInput } from '../../common/ipc';
import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { Task } from '../../common/task';
import type { PinnedTaskView, TaskUpdateOutcome } from '../../common/views';
import type { Logger } from '../log/logger';
import type { Outbox } from '../outbox/outbox';
import type { EntityKey } from '../reads/read-schemas';
import { takeRead } from './took-read';
import { createPinning } from './pinning';
import { pinnedView } from './pinned-view';
import { createAnswerWriter } from './answer-writer';
import { createTurnBatch } from './turn-batch';
import { isLocalTaskId } from '../../common/task-create';
import { creatingRow } from './creating-rows';
import { createCreatedPins } from './created-pins';
import type { PinnedTask } from './pinned-view';
import type { PinStore } from './pin-store';

export type { ActiveProfile } from './active-profile';
import type { ActiveProfile } from './active-profile';

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

const GONE = 'That new task is no longer being created: it was made, or refused.';
const notConnected = () => err(appError('not_connected', 'Connect to the service first.'));

/**
 * Pinned tasks and their changes. A change shows at once, goes through the
 * outbox (kept on disk before it is sent), and is confirmed by the service's
 * answer, waits as "queued" while the service cannot be reached, or is rolled
 * back with the service's reason, kept on the task until dismissed.
 */
export function createTaskService(deps: TaskServiceDeps) {
  const pinsOf = (a: ActiveProfile | null): readonly PinnedTask[] => a?.pins.list() ?? [];

  const pinKey = (profileId: string, taskId: string) => `${profileId}\n${taskId}`;

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

  /** Tasks being made here follow the pins, each under its local id until it lands. */
  const creating = (profileId: string) => deps.outbox.creates(profileId).map(creatingRow);
  const list = (): PinnedTaskView[] => {
    const a = deps.active();
    return a ? [...pinsOf(a).map((p) => viewOf(a.profileId, p)), ...creating(a.profileId)] : [];
  };
  const find = (taskId: string) => deps.active()?.pins.get(taskId);

  // The whole list goes to the popup on every change: changes that come together (a bulk
  // change answers hundreds of times a second) go out as one list per turn.
  const batch = createTurnBatch(() => deps.onChanged(list()));
  const { flush } = batch;
  const changed = batch.soon;
  const changedNow = batch.now;
  const answers = createAnswerWriter({
    pinsFor: deps.pinsFor,
    onShownChanged: changed,
    log: deps.log,
  });
  const shown = answers.shown;
  const recordShown = answers.record;

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

  async function update(input: UpdateTaskInput): Promise<Result<PinnedTaskView>> {
    const answer = await updateOne(input);
    flush();
    return answer;
  }

  async function updateOne(input: UpdateTaskInput): Promise<Result<PinnedTaskView>> {
    const a = deps.active();
    if (!a) return notConnected();
    const { patch } = input;
    // An edit of a task being made waits behind its create; one sent as it landed goes to its real id.
    const taskId = created.realIdOf(a.profileId, input.taskId) ?? input.taskId;
    const row = () =>
      isLocalTaskId(taskId) ? creating(a.profileId).find((r) => r.id === taskId) : undefined;
    if (!find(taskId) && !row())
      return err(
        appError('bad_input', isLocalTaskId(taskId) ? GONE : 'Pin the task before changing it.'),
      );
    const outcome = await deps.outbox.enqueue({
      profileId: a.profileId,
      taskId,
      patch,
      durable: a.durable,
    });
    if (outcome.kind === 'refused' || outcome.kind === 'not_saved') return err(outcome.error);
    const shown = deps.active()?.profileId === a.profileId;
    // A new task that landed meanwhile shows under its real id.
    const pin = shown ? find(created.realIdOf(a.profileId, taskId) ?? taskId) : undefined;
    const now = pin ? viewOf(a.profileId, pin) : shown ? row() : undefined;
    return now ? ok(now) : err(appError('not_found', 'That task was unpinned.'));
  }

  const created = createCreatedPins({
    pinsFor: deps.pinsFor,
    changedNow: () => changedNow(),
    log: deps.log,
  });

  const pinning = createPinning({
    active: deps.active,
    organizationId: deps.organizationId,
    view: viewOf,
    list,
    changedNow,
  });

  return {
    list,

    ...pinning,

    /** The outbox's onCreated: the new task pinned under its real id. */
    created: created.created,
    /** A task being made here, as its row shows it; undefined once it landed or was refused. */
    creating: (profileId: string, localId: string): PinnedTaskView | undefined =>
      creating(profileId).find((r) => r.id === localId),

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

    /** A background read's findings for a profile's pins (took-read.ts). */
    async tookRead(
      profileId: string,
      found: ReadonlyMap<string, { task: Task; entity: EntityKey }>,
      notes: ReadonlyMap<string, string | null>,
    ): Promise<void> {
      const pins = deps.pinsFor(profileId);
      if (!pins) return;
      const key = (taskId: string) => pinKey(profileId, taskId);
      await takeRead(
        {
          profileId,
          pins,
          notes: {
            set: (taskId, note) => readNotes.set(key(taskId), note),
            delete: (taskId) => readNotes.delete(key(taskId)),
          },
          shown: (pin) => shown(profileId, pin),
          laneView: (taskId) => deps.outbox.laneView(profileId, taskId),
          onRead: (before, after) => deps.onRead?.(profileId, before, after),
          log: deps.log,
        },
        found,
        notes,
      );
      changed();
    },

    /** Something a row shows changed: the list goes out with this turn's others. */
    changed,
    /** Sends the list now (and whatever was waiting for this turn with it). */
    changedNow,
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
