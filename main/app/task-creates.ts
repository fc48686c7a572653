import { BOUNDS, clip } from '../../common/bounds';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { TaskCreate } from '../../common/task-create';
import type { BrowseEntity, PinnedTaskView } from '../../common/views';
import type { Logger } from '../log/logger';
import type { createEvents } from './events';
import type { Notifications } from '../notify/notifications';
import type { Outbox } from '../outbox/outbox';
import type { TaskReads } from '../reads/task-reads';
import { MAX_RECENT_ENTITIES } from '../settings/schema';
import type { SettingsStore } from '../settings/settings-store';
import type { ActiveProfile, TaskService } from '../tasks/task-service';

export interface TaskCreatesDeps {
  readonly profiles: { readonly active: () => ActiveProfile | null };
  readonly tasks: Pick<TaskService, 'list' | 'creating' | 'changedNow'>;
  readonly reads: Pick<TaskReads, 'listedEntity'>;
  readonly outbox: Pick<Outbox, 'enqueueCreate'>;
  readonly settings: SettingsStore;
  readonly log: Logger;
  readonly events: Pick<ReturnType<typeof createEvents>, 'emit'>;
  readonly notifications: Pick<Notifications, 'made' | 'waiting'>;
}

/** The service would make a task under any id, and no list would show it (SERVICE.md). */
export const NOT_LISTED =
  'Choose the vendor or risk from the list: the service has not listed that one, and a task under it would show nowhere.';

/** The vendors and risks offered first, per profile: the last used first. */
const RECENT_PER_PROFILE = 8;

/**
 * New tasks from the quick entry: only under a vendor or risk the service
 * listed (this run, or lately used here, so one can be made offline), kept
 * in the outbox like every change, and shown at once as "Creating…".
 */
export function createTaskCreates(deps: TaskCreatesDeps) {
  // The demo's service goes when it does: its recent ones are not written.
  const inMemory = new Map<string, BrowseEntity[]>();

  const recentOf = (a: ActiveProfile): BrowseEntity[] =>
    a.durable
      ? (deps.settings.get().recentEntities ?? [])
          .filter((e) => e.profileId === a.profileId)
          .map(({ entityType, entityId, name }) => ({ entityType, entityId, name }))
      : (inMemory.get(a.profileId) ?? []);

  async function remember(a: ActiveProfile, listed: BrowseEntity): Promise<void> {
    // Kept as settings keep it (a name the read clipped is still this long at most).
    const entity = { ...listed, name: clip(listed.name, BOUNDS.name) };
    const others = (e: BrowseEntity) => e.entityId !== entity.entityId;
    if (!a.durable) {
      const next = [entity, ...recentOf(a).filter(others)].slice(0, RECENT_PER_PROFILE);
      inMemory.set(a.profileId, next);
      return;
    }
    const saved = await deps.settings.update((s) => {
      const all = s.recentEntities ?? [];
      const mine = all.filter((e) => e.profileId === a.profileId && others(e));
      const rest = all.filter((e) => e.profileId !== a.profileId);
      const next = [
        { profileId: a.profileId, ...entity },
        ...mine.slice(0, RECENT_PER_PROFILE - 1),
      ];
      return { ...s, recentEntities: [...next, ...rest].slice(0, MAX_RECENT_ENTITIES) };
    });
    // Only the order of a list is lost: the task itself is kept by the outbox.
    if (!saved.ok) deps.log.warn('The vendor or risk last used was not saved', saved.error.message);
  }

  return {
    /** Opens the popup's entry (the tray's "New task…", its shortcut); signed out there is none. */
    open(): void {
      if (deps.profiles.active()) deps.events.emit('view:open', { screen: 'new-task' });
    },

    /** The shown account's vendors and risks used lately, the last used first. */
    recent(): Result<BrowseEntity[]> {
      const a = deps.profiles.active();
      return a ? ok(recentOf(a)) : ok([]);
    },

    /**
     * Answers after the first attempt: the task pinned (landed), its
     * "Creating…" row (waiting), or the service's words (refused: nothing kept).
     */
    async create(input: TaskCreate): Promise<Result<PinnedTaskView>> {
      const a = deps.profiles.active();
      if (!a) return err(appError('not_connected', 'Connect to the service first.'));
      const listed =
        deps.reads.listedEntity(input.entityId) ??
        recentOf(a).find((e) => e.entityId === input.entityId);
      if (!listed || listed.entityType !== input.entityType)
        return err(appError('bad_input', NOT_LISTED));
      const { profileId, durable } = a;
      const { taskId, outcome } = deps.outbox.enqueueCreate({ profileId, create: input, durable });
      deps.notifications.made(profileId, [taskId], 'popup');
      deps.tasks.changedNow();
      await remember(a, listed);
      const first = await outcome;
      switch (first.kind) {
        case 'landed': {
          const task = first.task;
          const row = deps.tasks.list().find((r) => r.id === task.id);
          return ok(row ?? landedRow(task, input));
        }
        case 'queued': {
          deps.notifications.waiting(profileId, taskId);
          const row = deps.tasks.creating(profileId, taskId);
          return row ? ok(row) : err(appError('not_found', 'That new task is no longer waiting.'));
        }
        default:
          return err(first.error);
      }
    },
  };
}

/** The landed task's row before its pin's write is read back (it follows at once). */
const landedRow = (task: PinnedTaskView['snapshot'] & object, c: TaskCreate): PinnedTaskView => ({
  id: task.id,
  ref: { entityType: c.entityType, entityId: c.entityId },
  snapshot: task,
  pendingPatch: null,
  sync: 'idle',
  error: null,
  pinnedAt: new Date().toISOString(),
});

export type TaskCreates = ReturnType<typeof createTaskCreates>;
