import type { Scheduler } from '../scheduler/scheduler';

/**
 * Pins made this close together (links pasted one after another) are read
 * together: one read of their vendor or risk fills them all. The first waits
 * at most PIN_GATHER_MAX_MS for the rest. One timer, only while pins wait.
 */
export const PIN_GATHER_MS = 150;
export const PIN_GATHER_MAX_MS = 1_000;

export function createPinGather(scheduler: Scheduler, read: (taskIds: string[]) => void) {
  const gathered = new Set<string>();
  let cancel: (() => void) | null = null;
  let first = 0;
  const flush = () => {
    cancel?.();
    cancel = null;
    const ids = [...gathered];
    gathered.clear();
    if (ids.length > 0) read(ids);
  };
  return {
    add(taskId: string): void {
      const now = scheduler.now();
      if (gathered.size === 0) first = now;
      gathered.add(taskId);
      // Another pin came: wait a little longer for the next, up to PIN_GATHER_MAX_MS in all.
      const wait = Math.min(PIN_GATHER_MS, first + PIN_GATHER_MAX_MS - now);
      cancel?.();
      cancel = scheduler.after(Math.max(0, wait), flush, 'pins gathered');
    },
    /** Stops: pins still gathered are not read. */
    dispose(): void {
      cancel?.();
      cancel = null;
      gathered.clear();
    },
  };
}
