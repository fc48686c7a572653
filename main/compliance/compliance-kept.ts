import type { ComplianceTask } from '../../common/compliance-task';
import { sameData } from '../../common/same-data';
import { deepFreeze } from '../lib/deep-freeze';
import { oneAtATime } from '../lib/one-at-a-time';
import { keptTasks, MAX_PROFILES } from './compliance-file';
import type { ComplianceEntry, ComplianceFile } from './compliance-file';

export interface KeptComplianceList {
  readonly tasks: readonly ComplianceTask[];
  readonly readAt: number;
  readonly approvalEnabled: boolean | null;
}

/**
 * Each signed-in profile's compliance tasks, as last read: what My work,
 * the reminders and the tray's deadlines are built from, and where a change
 * the service answered lands.
 */
export interface KeptCompliance {
  /** null: never read, or the service has no compliance tasks for this key (see availability). */
  list(profileId: string): KeptComplianceList | null;
  /** A task the service answered with (a PATCH's answer, a single read): replaces it in the kept list. */
  put(profileId: string, task: ComplianceTask): void;
  on(listener: (profileId: string) => void): () => void;
}

/** What the reads (compliance-reads.ts) and the wiring do to the kept lists besides the interface. */
export interface ComplianceKeeper extends KeptCompliance {
  /** Loads what the file kept (once, at start); a file that cannot be used counts as empty. */
  load(): Promise<void>;
  /** The list's ETag for a conditional read; null when none is kept. */
  etag(profileId: string): string | null;
  /**
   * A list the service sent (and the options, when they were read with it):
   * kept, saved and told only when it differs from the one kept.
   */
  took(
    profileId: string,
    list: {
      tasks: readonly ComplianceTask[];
      etag: string | null;
      readAt: number;
      approvalEnabled?: boolean | null;
    },
  ): void;
  /** The service said nothing changed (304): only the time of the read moves, nobody is told. */
  confirmed(profileId: string, readAt: number): void;
  /** Whether the organization uses evidence approval, as its options said. */
  approval(profileId: string, enabled: boolean | null): void;
  /** Nothing kept for this profile any more (removed, or its key has no compliance tasks). */
  forget(profileId: string): void;
  /** Resolves once every write asked for so far is on disk. */
  flushed(): Promise<void>;
}

/**
 * Kept lists in memory, frozen (the secret guard walks a frozen value
 * once), written to the file (compliance-file.ts) one write at a time after
 * each change; the most recently read profiles first when space runs out.
 */
export function createComplianceKeeper(file: ComplianceFile): ComplianceKeeper {
  let entries: ComplianceEntry[] = [];
  const listeners = new Set<(profileId: string) => void>();
  const line = oneAtATime();
  let lastWrite: Promise<void> = Promise.resolve();

  const entryOf = (profileId: string) => entries.find((e) => e.profileId === profileId);
  const save = () => {
    const snapshot = entries;
    lastWrite = line(() => file.save(snapshot));
  };
  const tell = (profileId: string) => {
    for (const l of [...listeners]) l(profileId);
  };
  /** Replaces (or adds, first) the profile's entry. */
  const replace = (entry: ComplianceEntry) => {
    entries = [deepFreeze(entry), ...entries.filter((e) => e.profileId !== entry.profileId)].slice(
      0,
      MAX_PROFILES,
    );
  };
  const blank = (profileId: string): ComplianceEntry => ({
    profileId,
    readAt: 0,
    approvalEnabled: null,
    etag: null,
    tasks: [],
  });

  return {
    async load() {
      entries = [...(await file.load())];
    },
    list(profileId) {
      const e = entryOf(profileId);
      // An entry made only to keep the approval setting, before any list was read, is no list.
      return e && e.readAt > 0
        ? { tasks: e.tasks, readAt: e.readAt, approvalEnabled: e.approvalEnabled }
        : null;
    },
    etag: (profileId) => entryOf(profileId)?.etag ?? null,
    took(profileId, list) {
      const before = entryOf(profileId);
      const tasks = keptTasks(list.tasks);
      const base = before ?? blank(profileId);
      const approvalEnabled =
        list.approvalEnabled === undefined ? base.approvalEnabled : list.approvalEnabled;
      const same =
        base.readAt > 0 && base.approvalEnabled === approvalEnabled && sameData(base.tasks, tasks);
      replace({
        ...base,
        readAt: list.readAt,
        etag: list.etag,
        approvalEnabled,
        tasks: same ? base.tasks : tasks,
      });
      save();
      if (!same) tell(profileId);
    },
    confirmed(profileId, readAt) {
      const before = entryOf(profileId);
      if (!before || before.readAt === 0) return;
      // Kept in memory only: a 304 each round writes nothing.
      entries = entries.map((e) => (e === before ? deepFreeze({ ...e, readAt }) : e));
    },
    approval(profileId, enabled) {
      const before = entryOf(profileId);
      if (before?.approvalEnabled === enabled) return;
      replace({ ...(before ?? blank(profileId)), approvalEnabled: enabled });
      save();
      if (before && before.readAt > 0) tell(profileId);
    },
    put(profileId, task) {
      const before = entryOf(profileId);
      if (!before || before.readAt === 0) return;
      const at = before.tasks.findIndex((t) => t.id === task.id);
      if (at >= 0 && sameData(before.tasks[at], task)) return;
      const tasks =
        at >= 0 ? before.tasks.map((t, i) => (i === at ? task : t)) : [...before.tasks, task];
      // The list's ETag no longer matches what is kept: the next read asks for the whole list.
      replace({ ...before, etag: null, tasks: keptTasks(tasks) });
      save();
      tell(profileId);
    },
    forget(profileId) {
      const before = entryOf(profileId);
      if (!before) return;
      entries = entries.filter((e) => e !== before);
      save();
      if (before.readAt > 0) tell(profileId);
    },
    on(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    flushed: () => lastWrite,
  };
}
