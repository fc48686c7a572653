import { randomUUID } from 'node:crypto';
import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { Task } from '../../common/task';
import type { TaskPatch } from '../../common/task-patch';
import type { Logger } from '../log/logger';
import type { Scheduler } from '../scheduler/scheduler';
import type { ServiceClient } from '../service/client';
import type { RequestPacer } from '../service/pacing';
import {
  addChange,
  foldAllLanes,
  foldLane,
  laneKey,
  laneOf,
  mergePatch,
  removeEntry,
  splitEntry,
  withoutPiece,
} from './outbox-entry';
import type { HeldEntry, NewChange, OutboxEntry } from './outbox-entry';
import type { OutboxStore } from './outbox-file';
import { DEFAULT_BACKOFF, decideRetry } from './retry-policy';
import type { BackoffPolicy } from './retry-policy';

/** How the first attempt that carried a change ended: what updateTask answers with. */
export type AttemptOutcome =
  | { readonly kind: 'landed'; readonly task: Task }
  /** Kept in the outbox and waiting: backing off, paused, or its profile is not signed in. */
  | { readonly kind: 'queued' }
  /** The service refused the change itself (400/404): given up, and the task says why. */
  | { readonly kind: 'refused'; readonly error: AppError }
  /** It could not be written to disk, so it was not sent either. */
  | { readonly kind: 'not_saved'; readonly error: AppError };

/** What a task row shows of its changes still in the outbox. */
export interface LaneView {
  readonly patch: TaskPatch;
  /** pending: on the wire or about to be; queued: waiting (backing off, paused, signed out). */
  readonly sync: 'pending' | 'queued';
}

export interface OutboxDeps {
  readonly store: OutboxStore;
  readonly scheduler: Scheduler;
  readonly pacer: RequestPacer;
  /** The client to send a profile's changes with; null unless that profile is the signed-in one. */
  readonly clientFor: (profileId: string) => ServiceClient | null;
  /**
   * The service took the change: keep its answer as the task's snapshot. Called before the entry leaves.
   * @param keepError a piece of a refused combined change whose sibling was refused: that refusal stays on the row.
   * @param morePieces a piece of a combined change whose other pieces still wait.
   */
  readonly onLanded: (
    profileId: string,
    taskId: string,
    task: Task,
    keepError: boolean,
    morePieces: boolean,
  ) => Promise<void>;
  /**
   * The service refused the change: show why on the task. Called before the entry leaves.
   * @param morePieces a piece of a combined change whose other pieces still wait.
   */
  readonly onRefused: (
    profileId: string,
    taskId: string,
    error: AppError,
    morePieces: boolean,
  ) => Promise<void>;
  /** Every answer, so the connection state can follow the last one. */
  readonly onAttempt: (profileId: string, error: AppError | null) => void;
  /** The service refused the account (401/403): that profile's queue has stopped. */
  readonly onPaused: (profileId: string, error: AppError) => void;
  /** Anything a task row or the footer shows changed. */
  readonly onChange: () => void;
  readonly log: Logger;
  readonly backoff?: BackoffPolicy;
  readonly random?: () => number;
  readonly now?: () => Date;
}

interface Lane {
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

type Waiter = (outcome: AttemptOutcome) => void;

interface Mutation {
  readonly keys: readonly string[];
  readonly change: (entries: readonly HeldEntry[]) => HeldEntry[];
  /** Applied in memory even if the disk write fails (an entry that landed must not be sent again). */
  readonly mustApply: boolean;
  readonly done: (saved: Result<null>) => void;
}

const stripDurable = ({ durable: _durable, piece: _piece, ...entry }: HeldEntry): OutboxEntry =>
  entry;
const QUEUED: AttemptOutcome = { kind: 'queued' };

/**
 * The durable outbox. Every change is written to disk (atomically, fsynced)
 * before its request leaves; it leaves the file only when the service took
 * it or refused it for good. Per task, changes go out one request at a time
 * and in order, a change made while one waits merges into it; different
 * tasks go out side by side, each taking a token from the pacer first.
 * Failures are retried with backoff (network, timeouts, 5xx, 429), pause the
 * profile (401/403) or are given up with the reason on the task (400/404).
 */
export function createOutbox(deps: OutboxDeps) {
  const policy = deps.backoff ?? DEFAULT_BACKOFF;
  const random = deps.random ?? Math.random;
  const now = deps.now ?? (() => new Date());

  /** What the file holds (plus the demo's entries, which stay in memory). Replaced, never edited. */
  let entries: readonly HeldEntry[] = [];
  /**
   * Entries the service took, still in the list until their removal is
   * written: no row shows them any more, but the count of waiting changes
   * keeps them until the file no longer holds them. Should the app stop
   * before that write, they are sent again on the next start — the same values.
   */
  const landed = new Set<string>();

  /**
   * The list by lane, in order: built once per state of the list (a write
   * batch), so finding a lane's entries costs the same with 1 task or 500,
   * and an answer landing changes nothing here (what rows show skips landed
   * entries as it reads them).
   */
  let byLane = new Map<string, HeldEntry[]>();
  /** Combined changes (by id) one of whose pieces was refused, while any of their pieces waits. */
  const refusedPieces = new Set<string>();
  const setEntries = (next: readonly HeldEntry[]) => {
    entries = next;
    const index = new Map<string, HeldEntry[]>();
    const live = refusedPieces.size > 0 ? new Set<string>() : null;
    for (const e of next) {
      const key = laneOf(e);
      const held = index.get(key);
      if (held) held.push(e);
      else index.set(key, [e]);
      if (live && e.piece !== undefined) live.add(e.piece);
    }
    byLane = index;
    // Its last piece gone, however (landed, refused, merged into a new change, discarded): forgotten.
    if (live) for (const group of refusedPieces) if (!live.has(group)) refusedPieces.delete(group);
  };
  const lanes = new Map<string, Lane>();
  const waiters = new Map<string, { readonly key: string; list: Waiter[] }>();
  /** Profiles the service refused (401/403), with its reason: nothing is sent for them until reconnect. */
  const paused = new Map<string, AppError>();
  /** Profiles being signed out: their requests already on the wire finish, no new ones start. */
  const suspended = new Set<string>();
  /** Requests on the wire and the handling of their answers. */
  const sends = new Set<Promise<void>>();
  let disposed = false;

  /* ---------------------------------------------------------------- writes */

  const queue: Mutation[] = [];
  let draining = false;
  /** Lanes whose next state is being written: none of them may pick an entry until it is. */
  let writingKeys = new Set<string>();
  let written: Promise<void> = Promise.resolve();
  /** The durable list last written, to skip a write that would change nothing (a demo-only change). */
  let lastWritten: string | null = null;

  /**
   * Applies a change to the list and writes it. Changes that arrive while a
   * write is under way are written together in the next one: a bulk change
   * of fifty tasks costs a couple of fsyncs, not fifty.
   */
  const mutate = (
    keys: readonly string[],
    change: Mutation['change'],
    mustApply: boolean,
  ): Promise<Result<null>> =>
    new Promise((done) => {
      queue.push({ keys, change, mustApply, done });
      void drain();
    });

  async function drain(): Promise<void> {
    if (draining) return;
    draining = true;
    try {
      // Changes asked for in one run of code (a bulk change's hundreds) are
      // all queued by the time it ends: they go to disk in one write, not the
      // first alone and the rest behind it.
      await Promise.resolve();
      while (queue.length > 0) {
        const batch = queue.splice(0);
        let release = () => {};
        written = new Promise((r) => (release = r));
        writingKeys = new Set(batch.flatMap((m) => m.keys));
        const next = batch.reduce<readonly HeldEntry[]>((es, m) => m.change(es), entries);
        const durable = next.filter((e) => e.durable).map(stripDurable);
        const text = JSON.stringify(durable);
        let saved: Result<null> = ok(null);
        if (text !== lastWritten) {
          saved = await deps.store
            .save(durable)
            .catch(() => err(appError('storage', 'Could not keep the change on disk.')));
          if (saved.ok) lastWritten = text;
        }
        if (saved.ok) setEntries(next);
        else {
          deps.log.warn('The outbox could not be saved', saved.error.message);
          setEntries(
            batch
              .filter((m) => m.mustApply)
              .reduce<readonly HeldEntry[]>((es, m) => m.change(es), entries),
          );
        }
        writingKeys = new Set();
        for (const m of batch) m.done(saved.ok || m.mustApply ? ok(null) : saved);
        release();
        deps.onChange();
      }
    } finally {
      draining = false;
    }
  }

  /** Waits until no write of this lane's next state is under way. */
  const writtenFor = async (key: string): Promise<void> => {
    while (writingKeys.has(key)) await written;
  };

  /* ----------------------------------------------------------------- lanes */

  const laneFor = (profileId: string, taskId: string): Lane => {
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
  };

  const firstOf = (key: string): HeldEntry | undefined => byLane.get(key)?.[0];

  const canSend = (profileId: string): boolean =>
    !disposed &&
    !paused.has(profileId) &&
    !suspended.has(profileId) &&
    deps.clientFor(profileId) !== null;

  const isQueued = (lane: Lane): boolean => lane.cancelRetry !== null || !canSend(lane.profileId);

  /** Who waits on an entry's first attempt, with its lane (the entry may not be written yet). */
  const addWaiter = (entryId: string, key: string, w: Waiter) => {
    const held = waiters.get(entryId);
    if (held) held.list.push(w);
    else waiters.set(entryId, { key, list: [w] });
  };
  const removeWaiter = (entryId: string, w: Waiter) => {
    const held = waiters.get(entryId);
    if (!held) return;
    held.list = held.list.filter((x) => x !== w);
    if (held.list.length === 0) waiters.delete(entryId);
  };
  const resolveEntry = (entryId: string, outcome: AttemptOutcome) => {
    const held = waiters.get(entryId);
    waiters.delete(entryId);
    for (const w of held?.list ?? []) w(outcome);
  };
  /** Everyone waiting on this lane's first attempt hears "queued": it will not be soon. */
  const releaseLane = (key: string) => {
    for (const [id, held] of [...waiters]) if (held.key === key) resolveEntry(id, QUEUED);
  };

  const cancelRetry = (lane: Lane) => {
    lane.cancelRetry?.();
    lane.cancelRetry = null;
  };

  /** A lane with nothing left is forgotten, so idle lanes cost nothing. */
  const forgetIfIdle = (lane: Lane) => {
    if (!lane.running && !lane.cancelRetry && !lane.sendingId && !firstOf(lane.key))
      lanes.delete(lane.key);
  };

  function pump(lane: Lane): void {
    if (lane.running || disposed) return;
    lane.running = true;
    void work(lane).catch((e: unknown) => deps.log.error('The outbox stopped a task’s queue', e));
  }

  /** The one loop of a lane: take a token, send the lane's first entry, handle the answer, repeat. */
  async function work(lane: Lane): Promise<void> {
    try {
      for (;;) {
        if (disposed || lane.cancelRetry) return;
        await writtenFor(lane.key);
        if (!firstOf(lane.key)) return;
        if (!canSend(lane.profileId)) {
          releaseLane(lane.key);
          deps.onChange();
          return;
        }
        if (!(await deps.pacer.acquire())) return;
        await writtenFor(lane.key);
        const entry = firstOf(lane.key);
        if (!entry) return;
        const client = canSend(lane.profileId) ? deps.clientFor(lane.profileId) : null;
        if (!client) continue;
        lane.sendingId = entry.id;
        deps.onChange();
        const send = attempt(lane, entry, client);
        sends.add(send);
        try {
          await send;
        } finally {
          sends.delete(send);
        }
      }
    } finally {
      lane.running = false;
      forgetIfIdle(lane);
    }
  }

  /**
   * Takes an answered entry out of the list. The lane counts as sending until
   * this very computation: a change computed before it queues behind the
   * entry, one computed after it starts a new entry. Were the marker cleared
   * any earlier, a change could merge into the entry on its way out and be
   * removed with it, never sent.
   */
  const done =
    (lane: Lane, entry: HeldEntry) =>
    (es: readonly HeldEntry[]): HeldEntry[] => {
      if (lane.sendingId === entry.id) lane.sendingId = null;
      return removeEntry(es, entry.id);
    };

  /** Whether a piece of the same combined change as this one was refused: the row keeps that refusal. */
  const refusedSibling = (entry: HeldEntry): boolean =>
    entry.piece !== undefined && refusedPieces.has(entry.piece);
  /** Other pieces of the same combined change still wait in its lane (they go one by one). */
  const morePieces = (entry: HeldEntry, key: string): boolean =>
    entry.piece !== undefined &&
    (byLane.get(key) ?? []).some((e) => e.id !== entry.id && e.piece === entry.piece);

  async function attempt(lane: Lane, entry: HeldEntry, client: ServiceClient): Promise<void> {
    let answer: Result<Task>;
    try {
      answer = await client.updateTask(entry.taskId, entry.patch);
    } catch {
      // The client promises never to throw; if it ever does, treat it like a failed request.
      answer = err(appError('internal', 'The change could not be sent.'));
    }
    const { profileId, taskId, key } = lane;
    deps.onAttempt(profileId, answer.ok ? null : answer.error);

    if (answer.ok) {
      lane.failures = 0;
      // Landed: shown as confirmed now; the snapshot, then the removal, are written behind.
      landed.add(entry.id);
      const recorded = safely(() =>
        deps.onLanded(
          profileId,
          taskId,
          answer.value,
          refusedSibling(entry),
          morePieces(entry, key),
        ),
      );
      deps.onChange();
      resolveEntry(entry.id, { kind: 'landed', task: answer.value });
      await recorded;
      // The lane stays busy until both are written: its next request follows a settled file.
      await mutate([key], done(lane, entry), true);
      landed.delete(entry.id);
      return;
    }

    const error = answer.error;
    lane.failures += 1;
    const decision = decideRetry(error, lane.failures, policy, random);
    if (decision.kind === 'give_up') {
      const fields = Object.keys(entry.patch).length;
      // The service judged the fields (400, 422; 413 too large): not a conflict (409), nor a
      // local check, which is about the request, not one field.
      const aboutFields = error.kind === 'invalid' && [400, 413, 422].includes(error.status ?? 0);
      if (fields > 1 && aboutFields) {
        // Changes to one task are combined while they wait: one bad field must not cost the others.
        deps.log.info(
          `A change of ${fields} fields to ${taskId} was refused (${error.kind}); each is sent on its own`,
        );
        await mutate(
          [key],
          (es) => {
            if (lane.sendingId === entry.id) lane.sendingId = null;
            return splitEntry(es, entry.id, randomUUID);
          },
          true,
        );
        resolveEntry(entry.id, QUEUED);
        return;
      }
      lane.failures = 0;
      if (entry.piece !== undefined) refusedPieces.add(entry.piece);
      deps.log.warn(
        `A change to ${taskId} was refused and given up (${error.kind})`,
        error.message,
      );
      await safely(() => deps.onRefused(profileId, taskId, error, morePieces(entry, key)));
      await mutate([key], done(lane, entry), true);
      resolveEntry(entry.id, { kind: 'refused', error });
      return;
    }

    lane.sendingId = null;
    if (decision.kind === 'pause') {
      if (!paused.has(profileId)) {
        paused.set(profileId, error);
        deps.log.warn(`Changes for this account are paused until it reconnects (${error.kind})`);
        deps.onPaused(profileId, error);
      }
    } else {
      if (decision.holdAll) deps.pacer.holdUntil(deps.scheduler.now() + decision.delayMs);
      deps.log.info(
        `A change to ${taskId} will be tried again in ${Math.ceil(decision.delayMs / 1000)} s (${error.kind})`,
      );
      lane.cancelRetry = deps.scheduler.after(
        decision.delayMs,
        () => {
          lane.cancelRetry = null;
          deps.onChange();
          pump(lane);
        },
        'outbox retry',
      );
    }
    deps.onChange();
    // What was sent and what came after it go out again as one request.
    await mutate([key], (es) => foldLane(es, key), false);
    releaseLane(key);
  }

  const safely = async (job: () => Promise<void>): Promise<void> => {
    try {
      await job();
    } catch (e) {
      deps.log.error('Keeping the service’s answer on the task failed', e);
    }
  };

  /** Resolves once no request is on the wire and nothing is being written. */
  const quiet = async (): Promise<void> => {
    while (sends.size > 0 || draining || queue.length > 0) {
      await Promise.all([...sends, written]);
      if (queue.length > 0 && !draining) void drain();
      await Promise.resolve();
    }
  };

  /** Starts every lane that may send and is not backing off; stops the timers of those that may not. */
  const refresh = (): void => {
    for (const lane of [...lanes.values()]) {
      if (!canSend(lane.profileId)) {
        cancelRetry(lane);
        releaseLane(lane.key);
        forgetIfIdle(lane);
      } else if (!lane.cancelRetry) pump(lane);
    }
    deps.onChange();
  };

  return {
    /** Reads the file left by the last run: its changes wait for their profile (refresh() sends them). */
    async load(): Promise<AppError | null> {
      const loaded = await deps.store.load();
      const held = foldAllLanes(loaded.entries.map((e) => ({ ...e, durable: true })));
      setEntries([...entries, ...held]);
      for (const e of held) laneFor(e.profileId, e.taskId);
      if (loaded.entries.length === 0 && !loaded.problem) lastWritten = '[]';
      return loaded.problem;
    },

    /**
     * Keeps a change, then sends it. Resolves after the first attempt that
     * carries it — or at once with "queued" when its task is waiting anyway.
     */
    async enqueue(change: NewChange): Promise<AttemptOutcome> {
      if (disposed)
        return {
          kind: 'not_saved',
          error: appError('internal', 'Task Tray is closing; the change was not kept.'),
        };
      const lane = laneFor(change.profileId, change.taskId);
      let target = '';
      let settle: Waiter = () => {};
      const outcome = new Promise<AttemptOutcome>((resolve) => (settle = resolve));
      const saved = await mutate(
        [lane.key],
        (es) => {
          const added = addChange(es, change, lane.sendingId, {
            id: randomUUID(),
            createdAt: now().toISOString(),
          });
          target = added.entryId;
          // Registered as the list is computed, so no answer can slip between the write and the wait.
          addWaiter(target, lane.key, settle);
          return added.entries;
        },
        false,
      );
      if (!saved.ok) {
        removeWaiter(target, settle);
        forgetIfIdle(lane);
        return { kind: 'not_saved', error: saved.error };
      }
      if (isQueued(lane)) {
        removeWaiter(target, settle);
        return QUEUED;
      }
      pump(lane);
      return outcome;
    },

    laneView(profileId: string, taskId: string): LaneView | null {
      const key = laneKey(profileId, taskId);
      let patch: TaskPatch | null = null;
      // What the row shows as on its way: the lane's changes the service has not taken yet.
      for (const e of byLane.get(key) ?? [])
        if (!landed.has(e.id)) patch = patch ? mergePatch(patch, e.patch) : e.patch;
      if (!patch) return null;
      const lane = lanes.get(key);
      const sync = lane && (lane.sendingId || !isQueued(lane)) ? 'pending' : 'queued';
      return { patch, sync };
    },

    /**
     * Tasks with a change waiting: of one profile, or of every profile kept on
     * disk. A landed change counts until the file no longer holds it: zero
     * here means nothing is left to send, in memory or on disk.
     */
    pendingTasks(profileId: string | null): number {
      let n = 0;
      for (const held of byLane.values()) {
        const first = held[0] as HeldEntry;
        if (profileId === null ? held.some((e) => e.durable) : first.profileId === profileId)
          n += 1;
      }
      return n;
    },

    pausedReason: (profileId: string): AppError | null => paused.get(profileId) ?? null,

    /** Send again now: the OS says the network is back, the machine woke, or the person asked. */
    retryNow(): void {
      for (const lane of lanes.values()) cancelRetry(lane);
      refresh();
    },

    /** The signed-in account changed: start what may send, park what may not. */
    refresh,

    /** The profile is signed in again (or reconnected after a 401/403): its queue runs again. */
    resumeProfile(profileId: string): void {
      paused.delete(profileId);
      suspended.delete(profileId);
      refresh();
    },

    /**
     * Stops sending for a profile about to be signed out, and waits for its
     * requests already on the wire. Its changes stay on disk for its return.
     */
    async suspendProfile(profileId: string): Promise<void> {
      suspended.add(profileId);
      refresh();
      await quiet();
    },

    /**
     * Gives one profile's waiting changes to another, which will send them
     * with its own credentials: only when the person asked (invariant 7).
     * They go behind nothing: each is older than the receiver's, and keeps
     * its place in the list. Answers how many tasks they were for.
     */
    async handOver(from: string, to: string): Promise<number> {
      const moving = [...lanes.values()].filter((l) => l.profileId === from && !l.sendingId);
      if (moving.length === 0) return 0;
      const keys = moving.flatMap((l) => [l.key, laneKey(to, l.taskId)]);
      for (const lane of moving) {
        cancelRetry(lane);
        releaseLane(lane.key);
      }
      const tasks = new Set(moving.map((l) => l.taskId));
      const saved = await mutate(
        keys,
        (es) =>
          es.map((e) =>
            e.profileId === from && tasks.has(e.taskId) && !landed.has(e.id)
              ? // Another account's row: a refusal kept on this one's says nothing there.
                { ...withoutPiece(e), profileId: to }
              : e,
          ),
        false,
      );
      for (const lane of moving) forgetIfIdle(lane);
      if (!saved.ok) return 0;
      for (const taskId of tasks) laneFor(to, taskId);
      refresh();
      return tasks.size;
    },

    /** Drops a profile's changes: only for the demo, whose service is gone with them. */
    async discardProfile(profileId: string): Promise<void> {
      const keys = [...lanes.values()].filter((l) => l.profileId === profileId).map((l) => l.key);
      for (const key of keys) {
        const lane = lanes.get(key);
        if (lane) cancelRetry(lane);
        releaseLane(key);
      }
      await mutate(keys, (es) => es.filter((e) => e.profileId !== profileId), true);
      for (const key of keys) {
        const lane = lanes.get(key);
        if (lane) forgetIfIdle(lane);
      }
    },

    quiet,

    /** For quitting: no new request, no timer left; what is on the wire finishes and is recorded. */
    async dispose(): Promise<void> {
      disposed = true;
      for (const lane of lanes.values()) cancelRetry(lane);
      deps.pacer.dispose();
      for (const id of [...waiters.keys()]) resolveEntry(id, QUEUED);
      await quiet();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
