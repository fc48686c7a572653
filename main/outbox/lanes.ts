import { laneKey } from './outbox-entry';

/** One task of one profile: its changes go out one request at a time, in order. */
export interface Lane {
  readonly key: string;
  readonly profileId: string;
  readonly taskId: string;
  /** A loop is working this lane (at most one, so the task's changes stay in order). */
  running: boolean;
  /** The entry whose request is on the wire. */
  sendingId: string | null;
  /** Cancels the backoff timer; set while the lane waits to try again. */
  cancelRetry: (() => void) | null;
  /** Failed attempts in a row, for the backoff. */
  failures: number;
}

/** Stops the lane's backoff timer, if it has one. */
export const stopRetry = (lane: Lane): void => {
  lane.cancelRetry?.();
  lane.cancelRetry = null;
};

/**
 * The lanes with something going on. A lane with nothing left is forgotten,
 * so idle lanes cost nothing.
 * @param hasEntries whether the list holds an entry of the lane.
 */
export function createLaneTable(hasEntries: (key: string) => boolean) {
  const lanes = new Map<string, Lane>();
  return {
    get: (key: string): Lane | undefined => lanes.get(key),

    /** The lane of a task, made if need be. */
    for(profileId: string, taskId: string): Lane {
      const key = laneKey(profileId, taskId);
      let lane = lanes.get(key);
      if (!lane) {
        lane = {
          key,
          profileId,
          taskId,
          running: false,
          sendingId: null,
          cancelRetry: null,
          failures: 0,
        };
        lanes.set(key, lane);
      }
      return lane;
    },

    /** Every lane, as a copy: what is done to one may forget it. */
    all: (): Lane[] => [...lanes.values()],

    forgetIfIdle(lane: Lane): void {
      if (!lane.running && !lane.cancelRetry && !lane.sendingId && !hasEntries(lane.key))
        lanes.delete(lane.key);
    },
  };
}

export type LaneTable = ReturnType<typeof createLaneTable>;
