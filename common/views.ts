import type { ConnectionCause } from './connection-model';
import type { NotificationSettings } from './notification-kinds';
import type { AppError, Result } from './result';
import type { Task } from './task';
import type { EntityType } from './task-values';
import type { TaskPatch } from './task-patch';
import type { TaskRef } from './task-ref';
import type { SyncInterval } from './sync-interval';

/** What the renderer may know of the signed-in profile: never the secret, only that there is one. */
export interface ProfileView {
  readonly id: string;
  readonly label: string;
  /**
   * What it is called wherever one is chosen: the label, and how it signs in
   * when another profile has the same label (main/accounts/profile-names.ts).
   */
  readonly name: string;
  readonly baseUrl: string;
  readonly authKind: 'api-key' | 'session';
  readonly organizationId: string | null;
  readonly hasSecret: boolean;
  /** e.g. "comp_…9f3a": enough to recognise a key, not to use it. */
  readonly secretHint: string | null;
  readonly demo: boolean;
}

/**
 * The profile shown (connected) or none, and every profile kept on this
 * computer: switching between them needs no sign-in.
 */
export type AccountStatus =
  | {
      readonly state: 'signed-out';
      readonly problem: AppError | null;
      readonly profiles: readonly ProfileView[];
    }
  | {
      readonly state: 'connected';
      readonly profile: ProfileView;
      readonly problem: AppError | null;
      readonly profiles: readonly ProfileView[];
    };

/**
 * idle: matches the service; pending: sent, waiting for the answer;
 * queued: waiting in the outbox (offline, paused, backing off);
 * failed: the service refused the last change and it was rolled back.
 */
export type TaskSyncState = 'idle' | 'pending' | 'queued' | 'failed';

export interface PinnedTaskView {
  readonly id: string;
  /** What the pasted link told us, before the service has answered about this task. */
  readonly ref: Omit<TaskRef, 'taskId'>;
  /** The last task the service returned, or null until the first answer. */
  readonly snapshot: Task | null;
  /** Changes not yet confirmed, shown optimistically on top of the snapshot. */
  readonly pendingPatch: Partial<TaskPatch> | null;
  readonly sync: TaskSyncState;
  /** Why the last change was refused; kept until the person dismisses it. */
  readonly error: AppError | null;
  readonly pinnedAt: string;
  /**
   * What the service's reads could not settle: the task's vendor or risk was
   * not found, or someone changed a field that a change waiting here will
   * replace. Absent when there is nothing to say.
   */
  readonly readNote?: string;
  /**
   * The service's last change to the task is one made from here. With an API
   * key the service records it under the organization's owner: the row says so.
   */
  readonly changedHere?: boolean;
}

/** One task's part of a bulk change: as updateTask would have answered for it alone. */
/** A vendor or a risk as Browse lists it: a risk's title is its name here. */
export interface BrowseEntity {
  readonly entityType: EntityType;
  readonly entityId: string;
  readonly name: string;
}

/** What Browse lists, and why part of it may be missing (a scope the key lacks). */
export interface BrowseList {
  readonly entities: readonly BrowseEntity[];
  readonly note: string | null;
}

/** One vendor's or risk's task items as Browse lists them, and why the list may be short. */
export interface BrowseTasks {
  readonly tasks: readonly Task[];
  /** Said when the list holds only the first of them (docs/ARCHITECTURE.md, invariant 8). */
  readonly note: string | null;
}

/** A member of the organization, as the people list names them. */
export interface PersonView {
  readonly id: string;
  readonly name: string | null;
  readonly email: string | null;
  readonly role: string | null;
}

/** "Assigned to me": the person's open task items across every vendor and risk. */
export interface AssignedView {
  /**
   * unavailable: the service does not list vendors and risks (or refuses);
   * needs-me: an API key, and the person has not said which member they are;
   * building: being read (progress says how far), showing what was kept meanwhile;
   * ready: read; failed: the last read stopped (message says why), what was kept shows.
   */
  readonly state: 'unavailable' | 'needs-me' | 'building' | 'ready' | 'failed';
  readonly me: PersonView | null;
  /** An API key has no identity: the person chooses (and may change) who they are. */
  readonly canChooseMe: boolean;
  /**
   * Open tasks, most pressing first (priority, then the latest change): at
   * most BOUNDS.assignedShown, without their descriptions (the task view reads them).
   */
  readonly tasks: readonly Task[];
  /** Open tasks assigned beyond those in `tasks`: "the first N shown, M more". */
  readonly more: number;
  readonly progress: { readonly done: number; readonly total: number } | null;
  /** When the list shown was read; null before the first build. */
  readonly builtAt: string | null;
  readonly message: string | null;
}

export interface TaskUpdateOutcome {
  readonly taskId: string;
  /** ok: landed (sync 'idle') or waiting to retry (sync 'queued'); an error: refused, not pinned, not kept. */
  readonly result: Result<PinnedTaskView>;
}

export type ConnectionState = 'online' | 'offline' | 'unauthorized' | 'error' | 'signed-out';

export interface ConnectionView {
  readonly state: ConnectionState;
  /** Why, in one word every surface says the same way (common/connection-model.ts). */
  readonly cause: ConnectionCause;
  readonly pendingChanges: number;
  /** The service's or the app's own words on the last problem: the detail under the headline. */
  readonly message: string | null;
  /**
   * Changes another identity (another key, or another person's session) made
   * at this same organization, waiting for it: never sent with these
   * credentials unless the person asks (docs/ARCHITECTURE.md, invariant 7).
   */
  readonly othersWaiting?: OthersWaiting;
  /**
   * Tasks with a change waiting, per profile not shown (only those with any):
   * they go out with their own credentials in the background.
   */
  readonly waitingElsewhere?: Readonly<Record<string, number>>;
  /**
   * Something the person asked for (Browse, a pasted link, a refresh) waits
   * for the service's limit: main's words on why and for about how long,
   * "Waiting for the service's limit, about 20 s".
   */
  readonly readsWaiting?: string;
  /** Changes waiting for their turn under the pace: about how many seconds until the last goes out. */
  readonly changesWaitSeconds?: number;
}

export interface OthersWaiting {
  /** Tasks with a change waiting. */
  readonly tasks: number;
  /** Who made them, in words: "another API key, connected on 24 Nov 2026". */
  readonly madeWith: string;
}

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Why the global shortcut may not work: `error` when it is not bound, `info` for a caveat. */
export interface ShortcutNotice {
  readonly severity: 'error' | 'info';
  readonly text: string;
}

/** What a refresh the person asked for did: null when it read what is shown; else words to show. */
export interface RefreshAnswer {
  /** "Checked 8 s ago" (read just before), or how old what is shown still is ("Checked 12 min ago — offline"). */
  readonly note: string | null;
}

export interface SettingsView {
  readonly theme: Theme;
  readonly launchAtLogin: boolean;
  readonly shortcut: string;
  /** The global shortcut of the quick entry of a new task. */
  readonly newTaskShortcut: string;
  /** Opens the capture chooser (common/shortcut-problem.ts's SHORTCUTS). */
  readonly captureShortcut: string;
  readonly signInUrl: string;
  /** Where the service lives (API key profiles carry their own; web sessions use this one). */
  readonly serviceUrl: string;
  readonly requestsPerMinute: number;
  /** How often the background sync reads the service (common/sync-interval.ts). */
  readonly syncInterval: SyncInterval;
  /** Which native notifications to show (common/notification-kinds.ts). */
  readonly notifications: NotificationSettings;
  /** Shown under the shortcut in Settings; null when nothing needs saying. */
  readonly shortcutNotice: ShortcutNotice | null;
  /** As shortcutNotice, for the new task's shortcut. */
  readonly newTaskShortcutNotice: ShortcutNotice | null;
  readonly captureShortcutNotice: ShortcutNotice | null;
  /** Task Tray's own version, for About; null where main does not know it (tests). */
  readonly version: string | null;
}

/** One vendor's or risk's task items as main last read them (Browse, or search's "read the rest"). */
export interface KnownEntityTasks {
  readonly entity: BrowseEntity;
  /** Without their descriptions: what search looks in, and what a row shows. */
  readonly tasks: readonly Task[];
  /** When they were read (ms since the epoch). */
  readonly readAt: number;
  /** The service had more than the list keeps (BOUNDS.listedTasks). */
  readonly more: boolean;
}

/**
 * Vendors and risks read per search's "Read the rest": each is a request or
 * more (the service answers 100 a minute per route, and the read budget
 * paces them); more than this and the person waits long for any result.
 */
export const READ_REST_AT_ONCE = 20;

/**
 * Every vendor's and risk's task items main has read this run, for search:
 * the service has no search of its own, so search looks only in these, and
 * says what it has not read.
 */
export interface KnownTasks {
  /** Most recently read first; at most 5,000 tasks and 8 MB in all (main/reads/known-lists.ts). */
  readonly lists: readonly KnownEntityTasks[];
  /** Vendors and risks listed whose tasks have not been read (or were let go to keep the bound). */
  readonly unread: number;
  /** Whether the vendors and risks were listed at all this run: if not, how many is unknown. */
  readonly entitiesListed: boolean;
}
