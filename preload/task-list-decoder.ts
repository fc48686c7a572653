import type { PinnedTaskView } from '../common/views';

/**
 * The preload's side of the task-list patches (WIRE in common/channels.ts):
 * the last whole list, with each patch's tasks put in by id. A patch before
 * any whole list (sent to the page that was here before a reload) has no
 * base and is dropped: the new page asks for the list when it starts, and
 * main's answer is newer than that patch.
 */
export function createTaskListDecoder() {
  let list: readonly PinnedTaskView[] | null = null;
  return {
    whole(views: readonly PinnedTaskView[]): readonly PinnedTaskView[] {
      list = views;
      return list;
    },
    /** The whole list with `changed` put in, or null when there is no list to patch. */
    patch(changed: readonly PinnedTaskView[]): readonly PinnedTaskView[] | null {
      if (!list) return null;
      const byId = new Map(changed.map((v) => [v.id, v]));
      list = list.map((v) => byId.get(v.id) ?? v);
      return list;
    },
  };
}
