import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import type { Logger } from '../log/logger';
import type { HeldEntry, OutboxEntry } from './outbox-entry';
import type { OutboxStore } from './outbox-file';

/** A change of the list, computed from the list as it stands when its batch is written. */
export type ListChange = (entries: readonly HeldEntry[]) => HeldEntry[];

export interface OutboxWritesDeps {
  readonly store: OutboxStore;
  readonly log: Logger;
  /** The list as it stands: each batch is computed from it. */
  readonly current: () => readonly HeldEntry[];
  /** Takes the list a batch leaves: all of it once written, only what must apply if the write failed. */
  readonly commit: (next: readonly HeldEntry[]) => void;
  /** After each batch, written or not. */
  readonly onWritten: () => void;
}

interface Mutation {
  /** The lanes whose next state this change computes. */
  readonly keys: readonly string[];
  readonly change: ListChange;
  /** Applied in memory even if the disk write fails (an entry that landed must not be sent again). */
  readonly mustApply: boolean;
  readonly done: (saved: Result<null>) => void;
}

const stripDurable = ({ durable: _durable, piece: _piece, ...entry }: HeldEntry): OutboxEntry =>
  entry;

/** What the file holds of a list: its durable entries, without what only memory knows of them. */
export const durableEntries = (entries: readonly HeldEntry[]): OutboxEntry[] =>
  entries.filter((e) => e.durable).map(stripDurable);

const applyAll = (entries: readonly HeldEntry[], batch: readonly Mutation[]) =>
  batch.reduce<readonly HeldEntry[]>((es, m) => m.change(es), entries);

/**
 * Writes the outbox's list, coalescing. Changes that arrive while a write is
 * under way are written together in the next one: a bulk change of fifty
 * tasks costs a couple of fsyncs, not fifty. A change is in memory only once
 * the batch holding it is written (or, if it must apply, tried).
 */
export function createOutboxWrites(deps: OutboxWritesDeps) {
  const queue: Mutation[] = [];
  let draining = false;
  /** Lanes whose next state is being written: none of them may pick an entry until it is. */
  let writingKeys = new Set<string>();
  let written: Promise<void> = Promise.resolve();
  /** The durable list last written, to skip a write that would change nothing (a demo-only change). */
  let lastWritten: string | null = null;

  let release = () => {};

  /** A batch starts: its lanes wait, and its list is computed. */
  const begin = (batch: readonly Mutation[]): readonly HeldEntry[] => {
    written = new Promise((r) => (release = r));
    writingKeys = new Set(batch.flatMap((m) => m.keys));
    return applyAll(deps.current(), batch);
  };

  /** A batch ends, in one run of code: no lane moves between the list taken and the waits released. */
  const finish = (batch: readonly Mutation[], next: readonly HeldEntry[], saved: Result<null>) => {
    if (saved.ok) deps.commit(next);
    else {
      deps.log.warn('The outbox could not be saved', saved.error.message);
      deps.commit(
        applyAll(
          deps.current(),
          batch.filter((m) => m.mustApply),
        ),
      );
    }
    writingKeys = new Set();
    for (const m of batch) m.done(saved.ok || m.mustApply ? ok(null) : saved);
    release();
    deps.onWritten();
  };

  async function drain(): Promise<void> {
    if (draining) return;
    draining = true;
    try {
      // Changes asked for in one run of code (a bulk change's hundreds) are
      // all queued by the time it ends: they go to disk in one write, not the
      // first alone and the rest behind it.
      await Promise.resolve();
      // The next batch starts in the same run as the last one ended, before any lane it holds back wakes.
      while (queue.length > 0) {
        const batch = queue.splice(0);
        const next = begin(batch);
        const durable = durableEntries(next);
        const text = JSON.stringify(durable);
        let saved: Result<null> = ok(null);
        if (text !== lastWritten) {
          saved = await deps.store
            .save(durable)
            .catch(() => err(appError('storage', 'Could not keep the change on disk.')));
          if (saved.ok) lastWritten = text;
        }
        finish(batch, next, saved);
      }
    } finally {
      draining = false;
    }
  }

  return {
    /**
     * Applies a change to the list and writes it, with whatever else is asked
     * meanwhile. Answers an error only if the write failed and the change was
     * not applied (`mustApply` changes are applied all the same).
     */
    mutate: (
      keys: readonly string[],
      change: ListChange,
      mustApply: boolean,
    ): Promise<Result<null>> =>
      new Promise((done) => {
        queue.push({ keys, change, mustApply, done });
        void drain();
      }),

    /** Waits until no write of this lane's next state is under way. */
    async writtenFor(key: string): Promise<void> {
      while (writingKeys.has(key)) await written;
    },

    /** A write is under way or asked for. */
    busy: (): boolean => draining || queue.length > 0,

    /** Resolves when the write under way, if any, is done. */
    lastWrite: (): Promise<void> => written,

    /** Starts writing what is queued, should a batch have stopped the draining with an exception. */
    restart(): void {
      if (queue.length > 0 && !draining) void drain();
    },

    /** The file is known to hold this list: a write of the same list is skipped. */
    fileHolds(entries: readonly OutboxEntry[]): void {
      lastWritten = JSON.stringify(entries);
    },
  };
}

export type OutboxWrites = ReturnType<typeof createOutboxWrites>;
