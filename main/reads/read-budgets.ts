import type { Scheduler } from '../scheduler/scheduler';
import { createReadBudget } from './read-budget';
import type { ReadBudget } from './read-budget';

/**
 * One read budget per service address, shared by every account signed in to
 * it (the service counts per client address, not per key), and what the
 * person's waiting reads add up to, for the popup to say why it waits.
 */

/** The address the service counts by: its base URL, as the profile saved it. */
export const addressKey = (baseUrl: string | undefined): string =>
  (baseUrl ?? '').trim().replace(/\/+$/, '').toLowerCase();

export function createReadBudgets(scheduler: Scheduler) {
  const budgets = new Map<string, ReadBudget>();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const l of listeners) l();
  };
  return {
    forAddress(baseUrl: string | undefined): ReadBudget {
      const key = addressKey(baseUrl);
      let b = budgets.get(key);
      if (!b) {
        b = createReadBudget(scheduler, changed);
        budgets.set(key, b);
      }
      return b;
    },
    /** How long until the longest-waiting read of the person's goes, in ms; null when none waits. */
    personWaitMs(): number | null {
      let latest: number | null = null;
      for (const b of budgets.values()) {
        const at = b.personWaitsUntil();
        if (at !== null && (latest === null || at > latest)) latest = at;
      }
      return latest === null ? null : Math.max(0, latest - scheduler.now());
    },
    /** Told whenever a read of the person's starts or stops waiting. */
    onWaitChanged(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose(): void {
      for (const b of budgets.values()) b.dispose();
      budgets.clear();
      listeners.clear();
    },
  };
}

export type ReadBudgets = ReturnType<typeof createReadBudgets>;
