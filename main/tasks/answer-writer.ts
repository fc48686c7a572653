import type { Logger } from '../log/logger';
import type { PinnedTask } from './pinned-view';
import type { PinStore } from './pin-store';

type Change = (pin: PinnedTask) => PinnedTask;
type ToWrite = { readonly taskId: string; readonly change: Change; readonly done: () => void };

const pinKey = (profileId: string, taskId: string) => `${profileId}\n${taskId}`;

/**
 * The service's answers, shown on their rows at once and written to the
 * pins behind: the row does not wait for the disk. Answers that arrive while
 * a write is under way go together in the next one, so a bulk change costs
 * a few settings writes, not one per task; per task they keep their order.
 * Were a write lost in a crash, the outbox still holds the change and sends
 * the same values again.
 */
export function createAnswerWriter(deps: {
  /** Any profile's pins: an answer may arrive after its profile was signed out. */
  readonly pinsFor: (profileId: string) => PinStore | null;
  /** What a row shows changed (an answer taken, or written). */
  readonly onShownChanged: () => void;
  readonly log: Logger;
}) {
  /** Answers taken but not yet written, by profile and task, in the order they came. */
  const unwritten = new Map<string, Change[]>();
  const toWrite = new Map<string, ToWrite[]>();
  let writing = false;
  let writeDue = false;

  async function writeOne(profileId: string, batch: readonly ToWrite[]): Promise<void> {
    const byTask = new Map<string, Change>();
    for (const { taskId, change } of batch) {
      const before = byTask.get(taskId);
      byTask.set(taskId, before ? (pin) => change(before(pin)) : change);
    }
    try {
      // Unpinned meanwhile: the change still landed; there is no row left to show it on.
      const saved = await deps.pinsFor(profileId)?.modifyMany(byTask);
      if (saved && !saved.ok) deps.log.warn('The tasks could not be saved', saved.error.message);
    } catch (e) {
      deps.log.error('Keeping the service’s answers on the tasks failed', e);
    }
    for (const { done } of batch) done();
  }

  async function writeAll(): Promise<void> {
    if (writing) return;
    writing = true;
    try {
      while (toWrite.size > 0) {
        const [profileId, batch] = toWrite.entries().next().value as [string, ToWrite[]];
        toWrite.delete(profileId);
        await writeOne(profileId, batch);
      }
    } finally {
      writing = false;
    }
  }

  /** Once this turn is over: the turn's answers go in one write, after the rows show them. */
  const writeSoon = () => {
    if (writeDue) return;
    writeDue = true;
    setImmediate(() => {
      writeDue = false;
      void writeAll();
    });
  };

  return {
    /** A pin as its row shows it: with the answers still being written. */
    shown: (profileId: string, pin: PinnedTask): PinnedTask =>
      (unwritten.get(pinKey(profileId, pin.taskId)) ?? []).reduce((p, change) => change(p), pin),

    /** Shows the service's word on the row now; resolves once it is written. */
    async record(profileId: string, taskId: string, change: Change): Promise<void> {
      const key = pinKey(profileId, taskId);
      unwritten.set(key, [...(unwritten.get(key) ?? []), change]);
      deps.onShownChanged();
      try {
        await new Promise<void>((done) => {
          const list = toWrite.get(profileId) ?? [];
          list.push({ taskId, change, done });
          toWrite.set(profileId, list);
          writeSoon();
        });
      } finally {
        const rest = (unwritten.get(key) ?? []).filter((c) => c !== change);
        if (rest.length > 0) unwritten.set(key, rest);
        else unwritten.delete(key);
        // Written (or not, then the row shows what the file holds): either way it may look different now.
        deps.onShownChanged();
      }
    },
  };
}
