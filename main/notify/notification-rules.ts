import type { Scheduler } from '../scheduler/scheduler';
import { notificationFor } from './notification-text';
import {
  DEFAULT_PACING,
  addEvent,
  emptyLane,
  isIdle,
  nextDueAt,
  takeDue,
} from './notification-pacing';
import type { Lane, PacingOptions } from './notification-pacing';
import { SETTING_OF } from './notify-events';
import type { AppNotification, NotifyContext, NotifyEvent } from './notify-events';

/**
 * What is notified, and when. Events come in as main learns of them; the
 * notifications to show come out through `show`, gathered and paced
 * (notification-pacing.ts). Decisions are pure functions of the event, the
 * app's context and the time; the one timer goes through main's scheduler,
 * so a test drives the clock.
 */

/** A refusal within this long of the person's change answers it: the popup shows it, if open. */
export const JUST_NOW_MS = 30_000;

/** Why an event is not notified, for the log; null when it is. */
export type Skipped = 'all-off' | 'kind-off' | 'not-waited' | 'popup-shows-it' | 'closing' | null;

const madeInPopup = (origin: string): boolean => origin === 'popup' || origin === 'bulk';

/**
 * Whether an event may become a notification at all. Never for what the popup
 * shows the person right now: a change they made there a moment ago that the
 * service refused (the row rolls back and says why), or a waiting change of
 * the profile it shows landing in front of them. A refusal of a change made
 * from the tray, or long enough ago, or of a task unpinned since (no row to
 * say why), is notified even with the popup open.
 */
export function skipReason(
  event: NotifyEvent,
  ctx: NotifyContext,
  now: number,
  justNowMs = JUST_NOW_MS,
): Skipped {
  if (!ctx.settings.enabled) return 'all-off';
  if (!ctx.settings[SETTING_OF[event.kind]]) return 'kind-off';
  const inView = ctx.popupVisible && ctx.shownProfileId === event.profileId;
  switch (event.kind) {
    case 'change-landed':
      // A change taken at its first attempt was confirmed where it was made.
      if (!event.waited) return 'not-waited';
      return inView ? 'popup-shows-it' : null;
    case 'change-refused':
      return inView &&
        !event.unpinned &&
        madeInPopup(event.origin) &&
        now - event.madeAt <= justNowMs
        ? 'popup-shows-it'
        : null;
    default:
      return null;
  }
}

/** The part of main's scheduler the rules use (scheduler.ts). */
export type Clock = Pick<Scheduler, 'now' | 'after'>;

export interface NotificationRulesDeps {
  readonly clock: Clock;
  /** The app as it is now: read when an event comes in and when a notification is made. */
  readonly context: () => NotifyContext;
  readonly show: (notification: AppNotification) => void;
  readonly pacing?: PacingOptions;
  readonly justNowMs?: number;
}

type Kind = NotifyEvent['kind'];

export function createNotificationRules(deps: NotificationRulesDeps) {
  const pacing = deps.pacing ?? DEFAULT_PACING;
  const lanes = new Map<Kind, Lane<NotifyEvent>>();
  let timer: { at: number; cancel: () => void } | null = null;
  let made = 0;
  let disposed = false;

  /** Shows what is due, then sets the timer for what is due next (only earlier than one already set). */
  function run(): void {
    if (disposed) return;
    const now = deps.clock.now();
    const ctx = deps.context();
    for (const [kind, lane] of [...lanes]) {
      // Switched off while gathered: nothing of it is shown, and it does not count against the limit.
      if (!ctx.settings.enabled || !ctx.settings[SETTING_OF[kind]]) {
        lanes.delete(kind);
        continue;
      }
      const due = takeDue(lane, now, pacing);
      for (const batch of due.batches) {
        const n = notificationFor(`${kind}:${++made}`, kind, batch.events, ctx, batch.more);
        if (n) deps.show(n);
      }
      // A lane that has nothing waiting still remembers what it showed, for the limit.
      if (isIdle(due.lane) && due.lane.shown.length === 0) lanes.delete(kind);
      else lanes.set(kind, due.lane);
    }
    schedule(now);
  }

  function schedule(now: number): void {
    const times = [...lanes.values()]
      .map((lane) => nextDueAt(lane, pacing))
      .filter((t): t is number => t !== null);
    if (times.length === 0) return;
    // Whatever was due at `now` has just been taken: a timer for now would only spin.
    const at = Math.max(now + 1, Math.min(...times));
    // A timer already set for earlier wakes up, finds nothing due, and sets the next: no churn per event.
    if (timer && timer.at <= at) return;
    timer?.cancel();
    const mine = {
      at,
      cancel: deps.clock.after(
        at - now,
        () => {
          if (timer === mine) timer = null;
          run();
        },
        'notification',
      ),
    };
    timer = mine;
  }

  return {
    /** An event main learned of. Answers why it will not be notified, or null when it may be. */
    take(event: NotifyEvent): Skipped {
      if (disposed) return 'closing';
      const now = deps.clock.now();
      const skipped = skipReason(event, deps.context(), now, deps.justNowMs);
      if (skipped) return skipped;
      lanes.set(event.kind, addEvent(lanes.get(event.kind) ?? emptyLane(), event, now, pacing));
      run();
      return null;
    },

    /** For quitting: nothing more is shown, no timer is left. */
    dispose(): void {
      disposed = true;
      timer?.cancel();
      timer = null;
      lanes.clear();
    },
  };
}

export type NotificationRules = ReturnType<typeof createNotificationRules>;
