/**
 * When the events of one kind are shown: gathered into one notification, and
 * held back when a kind has said enough for now. Pure: a lane's state, the
 * time, and what is due; the caller keeps the state and sets the one timer.
 *
 * - Gather: events that come close together (each within `quietMs` of the
 *   one before) make one notification, shown once they stop — or
 *   `gatherMaxMs` after the first, so a steady trickle is not held forever.
 *   Answers to a batch of requests arrive spread over a few seconds; a fixed
 *   window would cut the batch in two. A trickle cut by `gatherMaxMs` goes on
 *   as a burst: what follows is held, as below, for one summary at its end
 *   (a bulk change answered over minutes makes two notifications: one
 *   soon, one when it is over).
 * - Limit: at most `limit` notifications of a kind in any `windowMs`. What
 *   comes beyond it is held, and everything held is shown as one summary
 *   once the limit allows and the kind has gone quiet (or has been held
 *   `maxHoldMs`, so a burst that never ends still speaks now and then).
 *   While something is held, new events join it: a burst ends in one summary.
 */

export interface PacingOptions {
  readonly quietMs: number;
  readonly gatherMaxMs: number;
  readonly limit: number;
  readonly windowMs: number;
  readonly maxHoldMs: number;
}

export const DEFAULT_PACING: PacingOptions = {
  quietMs: 2_000,
  gatherMaxMs: 10_000,
  limit: 3,
  windowMs: 60_000,
  maxHoldMs: 5 * 60_000,
};

export interface Lane<T> {
  /** Events being gathered into the next notification, and when the first came. */
  readonly gathering: readonly T[];
  readonly gatherStart: number | null;
  /** Events held back by the limit, and since when. */
  readonly held: readonly T[];
  readonly heldSince: number | null;
  /** A gather was cut short while events kept coming: they are held until they stop. */
  readonly bursting: boolean;
  /** When the last event came in. */
  readonly lastAt: number;
  /** When this kind's notifications were shown, within the window. */
  readonly shown: readonly number[];
}

export interface Batch<T> {
  readonly events: readonly T[];
  /** Left over from a burst that was already notified: "N more…". */
  readonly more: boolean;
}

export const emptyLane = <T>(): Lane<T> => ({
  gathering: [],
  gatherStart: null,
  held: [],
  heldSince: null,
  bursting: false,
  lastAt: -Infinity,
  shown: [],
});

export const isIdle = <T>(lane: Lane<T>): boolean =>
  lane.gathering.length === 0 && lane.held.length === 0;

/** An event came in. */
export function addEvent<T>(
  lane: Lane<T>,
  event: T,
  now: number,
  o: PacingOptions = DEFAULT_PACING,
): Lane<T> {
  const bursting = lane.bursting && now - lane.lastAt < o.quietMs;
  if (lane.held.length > 0 || bursting)
    return {
      ...lane,
      held: [...lane.held, event],
      heldSince: lane.heldSince ?? now,
      bursting,
      lastAt: now,
    };
  return {
    ...lane,
    bursting: false,
    gathering: [...lane.gathering, event],
    gatherStart: lane.gatherStart ?? now,
    lastAt: now,
  };
}

const recent = (shown: readonly number[], now: number, o: PacingOptions) =>
  shown.filter((t) => t > now - o.windowMs);

/** When the limit next allows a notification (now, or when the oldest one counted leaves the window). */
const slotAt = (shown: readonly number[], o: PacingOptions): number =>
  shown.length < o.limit ? -Infinity : (shown[shown.length - o.limit] as number) + o.windowMs;

const gatherDueAt = <T>(lane: Lane<T>, o: PacingOptions): number =>
  Math.min(lane.lastAt + o.quietMs, (lane.gatherStart ?? lane.lastAt) + o.gatherMaxMs);

const heldDueAt = <T>(lane: Lane<T>, o: PacingOptions): number =>
  Math.max(
    slotAt(lane.shown, o),
    Math.min(lane.lastAt + o.quietMs, (lane.heldSince ?? lane.lastAt) + o.maxHoldMs),
  );

/** What is due at `now`: the batches to show, and the lane after them. */
export function takeDue<T>(
  lane: Lane<T>,
  now: number,
  o: PacingOptions = DEFAULT_PACING,
): { readonly lane: Lane<T>; readonly batches: Batch<T>[] } {
  let next: Lane<T> = { ...lane, shown: recent(lane.shown, now, o) };
  const batches: Batch<T>[] = [];
  if (next.gathering.length > 0 && gatherDueAt(next, o) <= now) {
    if (next.held.length === 0 && next.shown.length < o.limit) {
      batches.push({ events: next.gathering, more: false });
      next = { ...next, shown: [...next.shown, now] };
    } else {
      next = { ...next, held: [...next.held, ...next.gathering], heldSince: next.heldSince ?? now };
    }
    // Cut by the cap, not by a pause: the events have not stopped.
    const cut = now - next.lastAt < o.quietMs;
    next = { ...next, gathering: [], gatherStart: null, bursting: cut };
  }
  if (next.held.length > 0 && heldDueAt(next, o) <= now) {
    batches.push({ events: next.held, more: true });
    next = { ...next, held: [], heldSince: null, bursting: false, shown: [...next.shown, now] };
  }
  return { lane: next, batches };
}

/** When something of this lane is next due; null when nothing waits. */
export function nextDueAt<T>(lane: Lane<T>, o: PacingOptions = DEFAULT_PACING): number | null {
  const times: number[] = [];
  if (lane.gathering.length > 0) times.push(gatherDueAt(lane, o));
  if (lane.held.length > 0) times.push(heldDueAt(lane, o));
  return times.length > 0 ? Math.min(...times) : null;
}
