import { nextLocalMidnight } from '../../common/local-time';
import type { Scheduler } from '../scheduler/scheduler';

export interface DayTurnDeps {
  readonly scheduler: Pick<Scheduler, 'now' | 'after'>;
  /** The person's time zone now: travelling moves midnight. */
  readonly timeZone: () => string;
  /** Whether anything shown changes with the day (a task with a review date): else no timer. */
  readonly needed: () => boolean;
  /** Local midnight came: "due tomorrow" is now "due today", "due today" overdue. */
  readonly onTurn: () => void;
}

/**
 * One timer for the next local midnight, while something shown depends on
 * the day: the tray's deadline lines are redrawn then without any event.
 * Armed again after each turn and whenever what is shown, or the zone,
 * may have changed (arm); never a poll.
 */
export function createDayTurn(deps: DayTurnDeps) {
  let cancel: (() => void) | null = null;
  let disposed = false;

  function arm(): void {
    cancel?.();
    cancel = null;
    if (disposed || !deps.needed()) return;
    const now = deps.scheduler.now();
    const at = nextLocalMidnight(now, deps.timeZone());
    cancel = deps.scheduler.after(
      Math.max(0, at - now),
      () => {
        cancel = null;
        deps.onTurn();
        arm();
      },
      'day turn',
    );
  }

  return {
    arm,
    dispose(): void {
      disposed = true;
      cancel?.();
      cancel = null;
    },
  };
}
export type DayTurn = ReturnType<typeof createDayTurn>;
