import { BOUNDS } from '../../common/bounds';
import type { Task } from '../../common/task';

/** A task as a long list keeps it: no description (up to 64 KB each; the task view reads it). */
export const listedTask = (task: Task): Task => {
  const { description: _description, ...listed } = task;
  return listed;
};

/** A list read from the service, and whether it was cut short (a cap or the time bound). */
export interface Listed<T> {
  readonly items: T[];
  /** The service has more than `items`: say "the first N shown". */
  readonly more: boolean;
}

export interface ListLimits {
  readonly maxItems: number;
  /** Bytes of the items as JSON; null: not counted (ids and names, bounded per item). */
  readonly maxBytes: number | null;
  /** How long the pages may take in all, from the first. */
  readonly timeMs: number;
  readonly now: () => number;
}

export const taskListLimits = (now: () => number): ListLimits => ({
  maxItems: BOUNDS.listedTasks,
  maxBytes: BOUNDS.listBytes,
  timeMs: BOUNDS.listTimeMs,
  now,
});

/**
 * Pages gathered into one list, bounded in total (docs/ARCHITECTURE.md,
 * invariant 8): each page is bounded by its schema, but a service that
 * always has a next page, or repeats one, must still end in a list of a
 * known size read in a known time. An id met again is dropped.
 */
export function boundedList<T extends { readonly id: string }>(limits: ListLimits) {
  const began = limits.now();
  const byId = new Map<string, T>();
  let bytes = 0;
  let full = false;
  return {
    /** Adds a page's items; false once the list is full (read no further). */
    add(items: readonly T[]): boolean {
      for (const item of items) {
        if (full) break;
        if (byId.has(item.id)) continue;
        const size = limits.maxBytes === null ? 0 : (JSON.stringify(item)?.length ?? 0);
        if (
          byId.size >= limits.maxItems ||
          (limits.maxBytes !== null && bytes + size > limits.maxBytes)
        )
          full = true;
        else {
          byId.set(item.id, item);
          bytes += size;
        }
      }
      return !full;
    },
    /** Whether another page may still be asked for. */
    inTime: (): boolean => limits.now() - began < limits.timeMs,
    /** The list; `unread`: the service said there was more when reading stopped. */
    done: (unread: boolean): Listed<T> => ({ items: [...byId.values()], more: full || unread }),
  };
}
