import type { Scheduler } from '../scheduler/scheduler';
import { initialSyncState, stepSync, syncPhase } from './sync-state';
import type { PauseReason, SyncEvent, SyncPhase, SyncState } from './sync-state';
import { freshnessWords } from './sync-words';

export interface SyncRunnerDeps {
  readonly scheduler: Scheduler;
  readonly intervalMs: number | null;
  /** One round: reads what the plan says. Never rejects (its failures are its own to log). */
  readonly round: () => Promise<void>;
  /** The phase or what was checked changed: the tooltip and the popup say it again. */
  readonly onChanged?: () => void;
  /** Whether the system says the network is there (net.isOnline), asked before each round. */
  readonly isOnline: () => boolean;
}

const TIMER_LABEL = 'background sync';

/**
 * Applies the state machine (sync-state.ts) on main's scheduler: one timer at
 * most, set for the next round only, none while paused or with "only when I
 * open Task Tray".
 */
export function createSyncRunner(deps: SyncRunnerDeps) {
  let state: SyncState = initialSyncState(deps.intervalMs);
  let cancel: (() => void) | null = null;
  let wakeAt: number | null = null;
  let disposed = false;
  let current: Promise<void> | null = null;

  const apply = (event: SyncEvent): void => {
    if (disposed) return;
    const step = stepSync(state, event, deps.scheduler.now());
    state = step.state;
    if (step.wakeAt !== wakeAt) {
      cancel?.();
      cancel = null;
      wakeAt = step.wakeAt;
      if (wakeAt !== null)
        cancel = deps.scheduler.after(
          wakeAt - deps.scheduler.now(),
          () => {
            cancel = null;
            wakeAt = null;
            tick();
          },
          TIMER_LABEL,
        );
    }
    if (step.run) current = runRound();
    deps.onChanged?.();
  };

  /** A round is due: offline it becomes a look at the network, online again a catch-up round. */
  function tick(): void {
    const online = deps.isOnline();
    if (!online) apply({ kind: 'pause', reason: 'offline' });
    else if (state.paused.includes('offline')) return apply({ kind: 'unpause', reason: 'offline' });
    apply({ kind: 'timer' });
  }

  async function runRound(): Promise<void> {
    try {
      await deps.round();
    } finally {
      apply({ kind: 'round-over' });
    }
  }

  return {
    /** Starts the rounds (the first one an interval on: start-up reads already), or changes how often. */
    setInterval(intervalMs: number | null): void {
      apply({ kind: 'interval', intervalMs });
    },
    pause(reason: PauseReason): void {
      apply({ kind: 'pause', reason });
    },
    unpause(reason: PauseReason): void {
      apply({ kind: 'unpause', reason });
    },
    /** Runs a round now if none runs and nothing pauses (an account connected, for one). */
    now(): void {
      tick();
    },
    phase: (): SyncPhase => syncPhase(state),
    paused: (): readonly PauseReason[] => state.paused,
    /** Whether reads may go out now (nothing pauses the background). */
    mayRead: (): boolean => state.paused.length === 0,
    /** "Checked 12 min ago — offline" of what was read in full at `checkedAt`; null when fresh. */
    freshnessAt: (checkedAt: number | null): string | null =>
      freshnessWords({
        now: deps.scheduler.now(),
        checkedAt,
        intervalMs: state.intervalMs,
        paused: state.paused,
      }),
    /** Resolves once the round running (if any) is over. */
    settled: async (): Promise<void> => {
      while (current) {
        const c = current;
        await c;
        if (current === c) current = null;
      }
    },
    dispose(): void {
      disposed = true;
      cancel?.();
      cancel = null;
    },
  };
}
export type SyncRunner = ReturnType<typeof createSyncRunner>;
