import type { Result } from '../../common/result';
import { appError, err } from '../../common/result';
import type { TaskStatus } from '../../common/task';
import type { PinnedTaskView } from '../../common/views';

export type SendStatus = (taskId: string, status: TaskStatus) => Promise<Result<PinnedTaskView>>;

export interface StatusQueue {
  /**
   * The person chose `status` for a task now showing `shown`. Returns false
   * when nothing needs sending (it is already what is shown).
   */
  request(taskId: string, status: TaskStatus, shown: TaskStatus | null): boolean;
  /** The choice not yet answered by main, shown optimistically. */
  wanted(taskId: string): TaskStatus | undefined;
  /** A request for this task is on its way. */
  busy(taskId: string): boolean;
}

/**
 * No double submits: at most one update per task is in flight. Clicks that
 * arrive meanwhile only change what is wanted; when the answer comes, the
 * latest wish is sent if it differs from what was sent, so fast clicks end
 * in exactly the last choice and never in a burst of requests.
 */
export function createStatusQueue(opts: {
  send: SendStatus;
  /** Every answer, in order, so the caller can show main's view or the refusal. */
  onAnswer: (taskId: string, status: TaskStatus, result: Result<PinnedTaskView>) => void;
  /** What is wanted changed: a copy, to keep as render state. */
  onChange: (wanted: ReadonlyMap<string, TaskStatus>) => void;
}): StatusQueue {
  const wanted = new Map<string, TaskStatus>();
  const inflight = new Set<string>();

  const sendSafely = async (id: string, s: TaskStatus): Promise<Result<PinnedTaskView>> => {
    try {
      return await opts.send(id, s);
    } catch {
      return err(appError('internal', 'The change could not be sent. Try again.'));
    }
  };

  const pump = async (id: string): Promise<void> => {
    inflight.add(id);
    let target = wanted.get(id);
    while (target !== undefined) {
      const result = await sendSafely(id, target);
      const latest = wanted.get(id);
      // Refused, or nothing newer was chosen: the answer settles it.
      if (!result.ok || latest === target) wanted.delete(id);
      opts.onAnswer(id, target, result);
      if (!result.ok || latest === target) break;
      target = latest;
    }
    inflight.delete(id);
    opts.onChange(new Map(wanted));
  };

  return {
    request(id, status, shown) {
      const current = wanted.get(id) ?? shown;
      if (current === status) return false;
      wanted.set(id, status);
      opts.onChange(new Map(wanted));
      if (!inflight.has(id)) void pump(id);
      return true;
    },
    wanted: (id) => wanted.get(id),
    busy: (id) => inflight.has(id),
  };
}
