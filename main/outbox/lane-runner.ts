import type { Attempts } from './attempt';
import type { HeldList } from './held-list';
import { stopRetry } from './lanes';
import type { Lane, LaneTable } from './lanes';
import type { OutboxDeps } from './outbox-types';
import type { OutboxWrites } from './outbox-writes';
import type { SendGate } from './send-gate';
import type { Waiters } from './waiters';

export interface LaneRunnerDeps {
  readonly outbox: Pick<OutboxDeps, 'pacer' | 'onChange' | 'log'>;
  readonly list: HeldList;
  readonly writes: OutboxWrites;
  readonly lanes: LaneTable;
  readonly gate: SendGate;
  readonly waiters: Waiters;
  readonly attempts: Attempts;
}

/**
 * Works the lanes: one loop per lane with something to send, taking a token
 * from the pacer before each request, so a task's changes go out one at a
 * time and in order while different tasks go out side by side.
 */
export function createLaneRunner(deps: LaneRunnerDeps) {
  const { outbox, list, writes, lanes, gate, waiters, attempts } = deps;
  /** Requests on the wire and the handling of their answers. */
  const sends = new Set<Promise<void>>();

  /** Waiting: backing off, or its profile may not send now. */
  const isQueued = (lane: Lane): boolean =>
    lane.cancelRetry !== null || !gate.canSend(lane.profileId);

  function pump(lane: Lane): void {
    if (lane.running || gate.closed()) return;
    lane.running = true;
    void work(lane).catch((e: unknown) => outbox.log.error('The outbox stopped a task’s queue', e));
  }

  /** The one loop of a lane: take a token, send the lane's first entry, handle the answer, repeat. */
  async function work(lane: Lane): Promise<void> {
    try {
      for (;;) {
        if (gate.closed() || lane.cancelRetry) return;
        await writes.writtenFor(lane.key);
        if (!list.first(lane.key)) return;
        if (!gate.canSend(lane.profileId)) {
          waiters.releaseLane(lane.key);
          outbox.onChange();
          return;
        }
        if (!(await outbox.pacer.acquire())) return;
        await writes.writtenFor(lane.key);
        const entry = list.first(lane.key);
        if (!entry) return;
        const client = gate.clientFor(lane.profileId);
        if (!client) continue;
        lane.sendingId = entry.id;
        outbox.onChange();
        const send = attempts
          .attempt(lane, entry, client)
          .then((decision) => attempts.apply(lane, entry, decision));
        sends.add(send);
        try {
          await send;
        } finally {
          sends.delete(send);
        }
      }
    } finally {
      lane.running = false;
      lanes.forgetIfIdle(lane);
    }
  }

  return {
    pump,
    isQueued,

    /** Starts every lane that may send and is not backing off; stops the timers of those that may not. */
    refresh(): void {
      for (const lane of lanes.all()) {
        if (!gate.canSend(lane.profileId)) {
          stopRetry(lane);
          waiters.releaseLane(lane.key);
          lanes.forgetIfIdle(lane);
        } else if (!lane.cancelRetry) pump(lane);
      }
      outbox.onChange();
    },

    /** Requests on the wire, with the handling of their answers. */
    inFlight: (): Promise<void>[] => [...sends],
  };
}

export type LaneRunner = ReturnType<typeof createLaneRunner>;
