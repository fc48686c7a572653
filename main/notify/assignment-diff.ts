import type { Task } from '../../common/task';
import type { AssignedView } from '../../common/views';
import type { AssignedToMe } from './notify-events';

/**
 * "Assigned to me" read again: which tasks are new to the person. The first
 * list seen for a profile and member is where counting starts — a start, a
 * sign-in or choosing oneself notifies nothing. A task counts as new only if
 * no list since then held it: a task that was done and is open again, or that
 * one partial read missed, is not "newly assigned".
 */

/** Ids remembered per profile and member; past this the oldest are forgotten (a list of thousands stays cheap). */
export const MAX_REMEMBERED = 10_000;

export interface AssignedDiffOptions {
  /** The member the person is: a task they last changed themselves is not news to them. */
  readonly meId: string | null;
  /** A task whose last change was made from this app (a pin's changedHereAt): the person did it. */
  readonly changedHere?: (task: Task) => boolean;
}

/** The tasks of `next` that `seen` does not hold and that the person did not just do themselves. */
export function newlyAssigned(
  seen: ReadonlySet<string>,
  next: readonly Task[],
  opts: AssignedDiffOptions,
): Task[] {
  return next.filter(
    (t) =>
      !seen.has(t.id) &&
      !(opts.meId !== null && t.updatedBy?.id === opts.meId) &&
      !(opts.changedHere?.(t) ?? false),
  );
}

/** Keeps what each profile's person has seen listed, and turns each new list into events. */
export function createAssignedWatch(maxRemembered = MAX_REMEMBERED) {
  /** By profile and member: the ids seen listed, the most recently seen last. */
  const seen = new Map<string, Set<string>>();

  return {
    /**
     * A view of "assigned to me" as main emits it. Only a finished read
     * counts (`ready`): a list being built shows what was kept meanwhile,
     * and a failed read says nothing new.
     */
    observe(
      profileId: string,
      view: AssignedView,
      changedHere?: (task: Task) => boolean,
    ): AssignedToMe[] {
      if (view.state !== 'ready' || !view.me) return [];
      const key = `${profileId}\n${view.me.id}`;
      const known = seen.get(key);
      if (!known) {
        seen.set(key, new Set(view.tasks.map((t) => t.id)));
        return [];
      }
      const fresh = newlyAssigned(known, view.tasks, {
        meId: view.me.id,
        ...(changedHere ? { changedHere } : {}),
      });
      for (const t of view.tasks) {
        // Seen again moves to the end: the oldest forgotten are those no list holds any more.
        known.delete(t.id);
        known.add(t.id);
      }
      for (const id of known) {
        if (known.size <= maxRemembered) break;
        known.delete(id);
      }
      return fresh.map((t) => ({
        kind: 'assigned-to-me',
        profileId,
        taskId: t.id,
        title: t.title ?? null,
      }));
    },

    /** The profile was removed: what it saw is forgotten. */
    forget(profileId: string): void {
      for (const key of [...seen.keys()]) if (key.startsWith(`${profileId}\n`)) seen.delete(key);
    },
  };
}

export type AssignedWatch = ReturnType<typeof createAssignedWatch>;
