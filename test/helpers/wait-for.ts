import type { AppCore } from '../../main/app/core';

/**
 * Resolves once `check` holds, looking again after every event main pushes
 * to the renderer. No clock of its own: a state that never comes shows up
 * as the test's timeout, not as a guess about how long things take.
 */
export function whenState(core: AppCore, check: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    let stop = () => {};
    const look = () => {
      try {
        if (check()) {
          stop();
          resolve();
        }
      } catch (e) {
        stop();
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    };
    stop = core.onEvent(() => look());
    look();
  });
}

/** Every change in the outbox has reached the service (or been given up): nothing waits. */
export const whenOutboxEmpty = (core: AppCore): Promise<void> =>
  whenState(core, () => core.state().connection.pendingChanges === 0);

/** A task row shows this sync state. */
export const whenTaskSync = (core: AppCore, taskId: string, sync: string): Promise<void> =>
  whenState(core, () => core.state().tasks.find((t) => t.id === taskId)?.sync === sync);
