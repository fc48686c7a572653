import { z } from 'zod';
import { CHANNELS, EVENT_NAMES, MAX_BULK_TASKS } from './channels';
import type { EventName } from './channels';
import type { Organization } from './organization';
import type { Result } from './result';
import { TaskPatchSchema } from './task-patch';
import { ENTITY_TYPES, TaskIdSchema } from './task';
import { LocalTaskIdSchema, TaskCreateSchema } from './task-create';
import type { ClipboardTaskRef } from './task-ref';
import type {
  AccountStatus,
  AssignedView,
  BrowseEntity,
  BrowseTasks,
  BrowseList,
  ConnectionView,
  PersonView,
  PinnedTaskView,
  RefreshAnswer,
  SettingsView,
  TaskUpdateOutcome,
} from './views';
import { ShortcutSchema } from './shortcut';
import { UPDATE_ACTIONS } from './update-line';
import { NotificationSettingsPatchSchema } from './notification-settings';
import type { UpdateAbout, UpdateFooterLine } from './update-line';
import { THEMES } from './views';
import type { ComplianceView } from './compliance-view';
import type { KnownTasks } from './views';
import { MAX_EVIDENCE_DESCRIPTION, MAX_EVIDENCE_FILES } from './evidence';
import type { EvidenceAttachAnswer, EvidenceList, EvidenceUploadsView } from './evidence';
import type { CaptureChoices, CaptureTaken } from './capture';
import { SYNC_INTERVALS } from './sync-interval';
import { MEMBER_ID_PATTERN } from './task-values';
import { COMPLIANCE_TASK_ID_PATTERN, CompliancePatchSchema } from './compliance-task';
import type { ComplianceTask } from './compliance-task';
import type { ComplianceChangeAnswer, ComplianceUpdateOutcome } from './compliance-change';

/**
 * The single IPC contract. Every method the renderer may call is here with
 * its channel, the zod schema main checks its input against, and (as a type
 * only) what it answers. Main registers handlers from this map, the preload
 * builds window.api from it: nothing else crosses the bridge.
 */
interface Method<I extends z.ZodType, O> {
  readonly channel: string;
  readonly input: I;
  /** Phantom: carries the result type, never read at run time. */
  readonly output?: O;
}
const method =
  <O>() =>
  <I extends z.ZodType>(channel: string, input: I): Method<I, O> => ({ channel, input });

const NoInput = z.undefined();
const Url = z.string().trim().min(1, 'Enter a URL.').max(2048, 'That URL is too long.');

export const ConnectApiKeyInput = z.strictObject({
  baseUrl: Url,
  apiKey: z
    .string()
    .trim()
    .min(1, 'Enter an API key.')
    .max(4096, 'That key is too long to be an API key.'),
  organizationId: z
    .string()
    .trim()
    .max(128)
    .regex(/^(org_[A-Za-z0-9]+)?$/, 'An organization id looks like "org_…".')
    .optional(),
});
export type ConnectApiKeyInput = z.infer<typeof ConnectApiKeyInput>;

/**
 * What the popup and the tray may change on a task: the five fields of the
 * interface's update, each as the service takes it (never a null title,
 * status or priority; an assignee is a member id or null, never "").
 */
const TaskChange = TaskPatchSchema;
export type TaskChange = z.input<typeof TaskChange>;

/**
 * What to pin: text the person pasted (an id or a link, parsed in main), or a
 * reference main already parsed (the clipboard offer), so the link's
 * organization and entity are kept and checked.
 */
export const TaskRefInput = z.strictObject({
  taskId: TaskIdSchema,
  organizationId: z
    .string()
    .regex(/^org_[A-Za-z0-9]{1,64}$/)
    .optional(),
  entityType: z.enum(ENTITY_TYPES).optional(),
  entityId: z
    .string()
    .regex(/^(vnd|rsk)_[A-Za-z0-9]{1,64}$/)
    .optional(),
});
const PinRefInput = z.union([
  z.string().max(4096, 'That is too long to be a task link.'),
  TaskRefInput,
]);

/** A vendor or risk to list the task items of (Browse). */
export const EntityInput = z.strictObject({
  entityType: z.enum(ENTITY_TYPES),
  entityId: z.string().regex(/^(vnd|rsk)_[A-Za-z0-9]{1,64}$/),
});
export type EntityInput = z.infer<typeof EntityInput>;

/** A task of the service's (`tski_…`), or one being created here (`new_…`): its edits follow it. */
const ChangeableTaskId = z.union([TaskIdSchema, LocalTaskIdSchema]);

export const UpdateTaskInput = z.strictObject({
  taskId: ChangeableTaskId,
  patch: TaskChange,
});
export type UpdateTaskInput = z.infer<typeof UpdateTaskInput>;

/** More than this in one bulk change is not a selection a person makes: refused, not truncated. */
export { MAX_BULK_TASKS };

/** A bulk change's selection: one to MAX_BULK_TASKS ids, each once. */
const selectionOf = (id: z.ZodString) =>
  z
    .array(id)
    .min(1, 'Choose at least one task.')
    .max(MAX_BULK_TASKS, `Change at most ${MAX_BULK_TASKS} tasks at once.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each task may be listed only once.');

/** One change for several tasks (a selection, or all filtered): each task gets its own outcome. */
export const UpdateTasksInput = z.strictObject({
  taskIds: selectionOf(TaskIdSchema),
  patch: TaskChange,
});
export type UpdateTasksInput = z.infer<typeof UpdateTasksInput>;

export const SettingsPatchInput = z.strictObject({
  theme: z.enum(THEMES).optional(),
  launchAtLogin: z.boolean().optional(),
  shortcut: ShortcutSchema.optional(),
  newTaskShortcut: ShortcutSchema.optional(),
  captureShortcut: ShortcutSchema.optional(),
  signInUrl: Url.optional(),
  serviceUrl: Url.optional(),
  requestsPerMinute: z.number().int().min(1).max(1000).optional(),
  syncInterval: z.enum(SYNC_INTERVALS).optional(),
  /** Only the switches given change; the others keep their value. */
  notifications: NotificationSettingsPatchSchema.optional(),
});
export type SettingsPatchInput = z.infer<typeof SettingsPatchInput>;

const ComplianceTaskId = z
  .string()
  .regex(
    COMPLIANCE_TASK_ID_PATTERN,
    'A compliance task id is "tsk_" followed by letters and digits.',
  );
const ComplianceTaskInput = z.strictObject({ taskId: ComplianceTaskId });

/** What compliance task to pin: pasted text (parsed in main) or a reference main parsed (the clipboard offer). */
export const PinComplianceInput = z.strictObject({
  ref: z.union([
    z.string().max(4096, 'That is too long to be a task link.'),
    z.strictObject({
      taskId: ComplianceTaskId,
      organizationId: z
        .string()
        .regex(/^org_[A-Za-z0-9]{1,64}$/)
        .optional(),
    }),
  ]),
  at: z.number().int().min(0).max(100_000).optional(),
  /** Then shown in its own view, as a link's is (main asks the popup, view:open). */
  open: z.literal(true).optional(),
});

/** A compliance task's change: only the fields PATCH /v1/tasks/{id} takes, not_relevant with its justification. */
export const UpdateComplianceTaskInput = z.strictObject({
  taskId: ComplianceTaskId,
  patch: CompliancePatchSchema,
});
export type UpdateComplianceTaskInput = z.infer<typeof UpdateComplianceTaskInput>;

/** One change for several compliance tasks (a selection): each through the outbox, each with its outcome. */
export const UpdateComplianceTasksInput = z.strictObject({
  taskIds: selectionOf(ComplianceTaskId),
  patch: CompliancePatchSchema,
});

export const SubmitForReviewInput = z.strictObject({
  taskId: ComplianceTaskId,
  approverId: z.string().regex(MEMBER_ID_PATTERN, 'Choose the approver from the people list.'),
});

/** Files by path (main reads them, never the renderer): 1 to 20, each path a plain string. */
export const AttachEvidenceInput = z.strictObject({
  taskId: ComplianceTaskId,
  paths: z
    .array(
      z
        .string()
        .min(1)
        .max(4096)
        .refine((p) => !p.includes('\0'), 'A path has no NUL.'),
    )
    .min(1, 'Choose at least one file.')
    .max(MAX_EVIDENCE_FILES, `Attach at most ${MAX_EVIDENCE_FILES} files at once.`),
  description: z
    .string()
    .max(
      MAX_EVIDENCE_DESCRIPTION,
      `A description is at most ${MAX_EVIDENCE_DESCRIPTION} characters.`,
    )
    .optional(),
});
export type AttachEvidenceInput = z.infer<typeof AttachEvidenceInput>;
const EvidenceDescription = AttachEvidenceInput.shape.description;
const CaptureId = z.uuid();
const Fraction = z.number().min(0).max(1);
/** A capture sent: to which task, with what words, and the part of it the person dragged (a region). */
export const AttachCaptureInput = z.strictObject({
  id: CaptureId,
  taskId: ComplianceTaskId,
  description: EvidenceDescription,
  region: z
    .strictObject({ x: Fraction, y: Fraction, width: Fraction, height: Fraction })
    .refine(
      (r) => r.x + r.width <= 1.000001 && r.y + r.height <= 1.000001,
      'The region is off the capture.',
    )
    .optional(),
});
const EvidenceItemInput = z.strictObject({
  taskId: ComplianceTaskId,
  attachmentId: z.string().min(1).max(200),
});

const ProfileId = z.string().min(1).max(256);
const ProfileInput = z.strictObject({ profileId: ProfileId });
/** A name of the person's choice; blank is refused with words. */
const ProfileLabel = z
  .string()
  .max(80, 'A name can have at most 80 characters.')
  .refine((s) => s.trim().length > 0, 'A name cannot be empty.');

export const contract = {
  getAccount: method<AccountStatus>()(CHANNELS.getAccount, NoInput),
  connectApiKey: method<AccountStatus>()(CHANNELS.connectApiKey, ConnectApiKeyInput),
  signInWithSession: method<AccountStatus>()(CHANNELS.signInWithSession, NoInput),
  startDemo: method<AccountStatus>()(CHANNELS.startDemo, NoInput),
  signOut: method<AccountStatus>()(CHANNELS.signOut, NoInput),
  /** Shows another profile kept on this computer; the one before keeps sending its own changes. */
  switchProfile: method<AccountStatus>()(CHANNELS.switchProfile, ProfileInput),
  renameProfile: method<AccountStatus>()(
    CHANNELS.renameProfile,
    z.strictObject({ profileId: ProfileId, label: ProfileLabel }),
  ),
  /** Removes a profile and its keychain entry; its pins and waiting changes stay for its return. */
  removeProfile: method<AccountStatus>()(CHANNELS.removeProfile, ProfileInput),
  getOrganization: method<Organization>()(
    CHANNELS.getOrganization,
    z.strictObject({ refresh: z.boolean().optional() }).optional(),
  ),
  listTasks: method<PinnedTaskView[]>()(CHANNELS.listTasks, NoInput),
  /**
   * Read the pinned tasks from the service again (where it offers the reads):
   * the popup asks when it opens and every minute while open. Resolves when
   * done; what changed arrives as tasks:changed.
   */
  refreshTasks: method<RefreshAnswer>()(CHANNELS.refreshTasks, NoInput),
  /**
   * Browse: the organization's vendors and risks, by name, where the service
   * lists them (an error says why not: no such reads, or the scopes missing).
   */
  listEntities: method<BrowseList>()(CHANNELS.listEntities, NoInput),
  /** Browse: one vendor's or risk's task items, as the service lists them now. */
  listEntityTasks: method<BrowseTasks>()(CHANNELS.listEntityTasks, EntityInput),
  /** Search: the vendors' and risks' task items read this run, and how many were not (nothing read). */
  getKnownTasks: method<KnownTasks>()(CHANNELS.getKnownTasks, NoInput),
  /** Search's "Read the rest": reads the next few vendors and risks not read yet, then answers as getKnownTasks. */
  readUnknownTasks: method<KnownTasks>()(CHANNELS.readUnknownTasks, NoInput),
  /** "Assigned to me" as it stands (what was kept shows at once), read again behind when old. */
  getAssigned: method<AssignedView>()(CHANNELS.getAssigned, NoInput),
  /** Reads "assigned to me" again in the background (progress comes as assigned:changed). */
  refreshAssigned: method<AssignedView>()(CHANNELS.refreshAssigned, NoInput),
  /** Who "me" is, as kept (null when unknown), without reading anything. */
  getMe: method<PersonView | null>()(CHANNELS.getMe, NoInput),
  /** The organization's members, to say which one you are (API key). */
  listPeople: method<PersonView[]>()(CHANNELS.listPeople, NoInput),
  /** "This is me" (API key); null forgets the choice. */
  setMe: method<AssignedView>()(
    CHANNELS.setMe,
    z.strictObject({
      memberId: z.string().regex(MEMBER_ID_PATTERN).nullable(),
    }),
  ),
  /**
   * The shown account's compliance tasks (`tsk_…`) that are the person's, as
   * kept (at once, also after a restart), and read again when not read yet
   * this run; later changes come as compliance:changed.
   */
  getCompliance: method<ComplianceView>()(CHANNELS.getCompliance, NoInput),
  /** `at`: where a new pin goes in the list (an unpin undone goes back to its place); else the end. */
  pinTask: method<PinnedTaskView>()(
    CHANNELS.pinTask,
    z.strictObject({ ref: PinRefInput, at: z.number().int().min(0).max(100_000).optional() }),
  ),
  unpinTask: method<PinnedTaskView[]>()(
    CHANNELS.unpinTask,
    z.strictObject({ taskId: ChangeableTaskId }),
  ),
  updateTask: method<PinnedTaskView>()(CHANNELS.updateTask, UpdateTaskInput),
  /** Resolves when every task's first attempt is over; progress shows meanwhile as tasks:changed. */
  updateTasks: method<TaskUpdateOutcome[]>()(CHANNELS.updateTasks, UpdateTasksInput),
  /**
   * A new task under a vendor or risk the service has listed: its row at once
   * ("Creating…" under a `new_…` id while it waits, or the task pinned once
   * it landed); a refusal is the service's words, and nothing is kept.
   */
  createTask: method<PinnedTaskView>()(CHANNELS.createTask, TaskCreateSchema),
  /** The vendors and risks the shown account made tasks under lately, the last used first. */
  recentEntities: method<BrowseEntity[]>()(CHANNELS.recentEntities, NoInput),
  dismissTaskError: method<PinnedTaskView>()(
    CHANNELS.dismissTaskError,
    z.strictObject({ taskId: TaskIdSchema }),
  ),
  getConnection: method<ConnectionView>()(CHANNELS.getConnection, NoInput),
  /**
   * Send waiting changes now, without waiting out the backoff: a "Retry now"
   * button, or the popup seeing the network come back (window 'online' event),
   * which Electron's main process cannot observe itself.
   */
  retrySync: method<ConnectionView>()(CHANNELS.retrySync, NoInput),
  /** Sends the changes of ConnectionView.othersWaiting with the current credentials, as the person asked. */
  handOverWaiting: method<ConnectionView>()(CHANNELS.handOverWaiting, NoInput),
  getSettings: method<SettingsView>()(CHANNELS.getSettings, NoInput),
  setSettings: method<SettingsView>()(CHANNELS.setSettings, SettingsPatchInput),
  openExternal: method<null>()(CHANNELS.openExternal, z.strictObject({ url: Url })),
  readClipboardTaskRef: method<ClipboardTaskRef | null>()(CHANNELS.readClipboardTaskRef, NoInput),
  hideWindow: method<null>()(CHANNELS.hideWindow, NoInput),
  /** Settings' Quit: the app exits (waiting changes are kept on disk for next time). */
  quitApp: method<null>()(CHANNELS.quitApp, NoInput),
  /** Settings' "Show log file": the file manager opens on the log file, to send it. */
  showLogFile: method<null>()(CHANNELS.showLogFile, NoInput),
  /** What the footer says about an update now (null: nothing to say); changes come as update:changed. */
  getUpdate: method<UpdateFooterLine | null>()(CHANNELS.getUpdate, NoInput),
  /** The footer's update button: an action by name, never a URL (main holds the release page's). */
  performUpdate: method<null>()(
    CHANNELS.performUpdate,
    z.strictObject({ action: z.enum(UPDATE_ACTIONS) }),
  ),
  /** What Settings' About says of updates now. */
  getUpdateAbout: method<UpdateAbout>()(CHANNELS.getUpdateAbout, NoInput),
  /** Settings' "Check now": answers once the check is over, with what it found. */
  checkForUpdates: method<UpdateAbout>()(CHANNELS.checkForUpdates, NoInput),
  /**
   * Changes a compliance task through the outbox, as updateTask does a task
   * item: answered with the first attempt that carried it (landed, queued,
   * refused with the service's words and what to offer instead).
   */
  updateComplianceTask: method<ComplianceChangeAnswer>()(
    CHANNELS.updateComplianceTask,
    UpdateComplianceTaskInput,
  ),
  /** Sent at once, not queued: the review actions need the person present and a web session. */
  submitForReview: method<ComplianceTask>()(CHANNELS.submitForReview, SubmitForReviewInput),
  approveTask: method<ComplianceTask>()(CHANNELS.approveTask, ComplianceTaskInput),
  rejectTask: method<ComplianceTask>()(CHANNELS.rejectTask, ComplianceTaskInput),
  /**
   * Resolves when every task's first attempt is over; the view follows as
   * compliance:changed.
   */
  updateComplianceTasks: method<ComplianceUpdateOutcome[]>()(
    CHANNELS.updateComplianceTasks,
    UpdateComplianceTasksInput,
  ),
  /**
   * Pins a compliance task (`tsk_…`), whoever's it is: answered with the view,
   * whose `pinned` has it; kept fresh with the list (compliance:changed).
   * `at`: where it goes (an unpin undone); else last.
   */
  pinComplianceTask: method<ComplianceView>()(CHANNELS.pinComplianceTask, PinComplianceInput),
  unpinComplianceTask: method<ComplianceView>()(CHANNELS.unpinComplianceTask, ComplianceTaskInput),
  /**
   * Attaches files to a compliance task: each checked and copied into the
   * app's data folder before the answer (queued: safe to delete the
   * original), then uploaded; progress comes as evidence:changed.
   */
  attachEvidence: method<EvidenceAttachAnswer>()(CHANNELS.attachEvidence, AttachEvidenceInput),
  /** The task's attachments as the service lists them (read now). */
  listEvidence: method<EvidenceList>()(CHANNELS.listEvidence, ComplianceTaskInput),
  /** Opens one in the browser through its download link (main holds the links; they expire). */
  openEvidence: method<null>()(CHANNELS.openEvidence, EvidenceItemInput),
  getEvidenceUploads: method<EvidenceUploadsView>()(CHANNELS.getEvidenceUploads, NoInput),
  dismissEvidenceRefusal: method<EvidenceUploadsView>()(
    CHANNELS.dismissEvidenceRefusal,
    z.strictObject({ id: z.string().min(1).max(64) }),
  ),
  /**
   * Attaches what the clipboard holds (main reads it): files copied in the
   * file manager where the OS says which, else an image, as a PNG.
   */
  pasteEvidence: method<EvidenceAttachAnswer>()(CHANNELS.pasteEvidence, ComplianceTaskInput),
  /**
   * What can be captured: the screens and windows, each with a small picture;
   * or why not yet (macOS asks first, with words that say why). `ask`: the
   * person read why and goes on (the OS asks them then).
   */
  getCaptureChoices: method<CaptureChoices>()(
    CHANNELS.getCaptureChoices,
    z.strictObject({ ask: z.literal(true).optional() }).optional(),
  ),
  /** Captures a screen or window (the popup steps aside meanwhile): kept in memory, shown, not sent. */
  takeCapture: method<CaptureTaken>()(
    CHANNELS.takeCapture,
    z.strictObject({ sourceId: z.string().min(1).max(200) }),
  ),
  /** Sends a capture the person saw: into the evidence queue as a file, then uploaded. */
  attachCapture: method<EvidenceAttachAnswer>()(CHANNELS.attachCapture, AttachCaptureInput),
  /** Forgets a capture: nothing of it is kept. */
  cancelCapture: method<null>()(CHANNELS.cancelCapture, z.strictObject({ id: CaptureId })),
  /** Opens the OS's screen recording settings (macOS), after a refusal. */
  openCaptureSettings: method<null>()(CHANNELS.openCaptureSettings, NoInput),
} as const satisfies { [M in keyof typeof CHANNELS]: Method<z.ZodType, unknown> };

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type InputOf<M extends MethodName> = z.input<Contract[M]['input']>;
export type ParsedInputOf<M extends MethodName> = z.output<Contract[M]['input']>;
export type OutputOf<M extends MethodName> = Exclude<Contract[M]['output'], undefined>;

/** Events main pushes to the renderer. */
interface EventPayloads {
  'tasks:changed': PinnedTaskView[];
  'org:changed': Organization | null;
  'account:changed': AccountStatus;
  'connection:changed': ConnectionView;
  /** Also changed from the tray menu (Launch at login) and by the shortcut's fate at start. */
  'settings:changed': SettingsView;
  /** Main asks the popup to show a screen: the tray's "Settings…", or a task from a tasktray:// link. */
  'view:open': ViewRequest;
  'assigned:changed': AssignedView;
  /** How far a gathering of "assigned to me" is: without the list, which assigned:changed carries. */
  'assigned:progress': { readonly done: number; readonly total: number };
  'update:changed': UpdateFooterLine | null;
  /** The shown account's compliance tasks changed (a read, a change landed, who "me" is). */
  'compliance:changed': ComplianceView;
  /** The shown account's evidence uploads: progress (only ever up), landings, refusals. */
  'evidence:changed': EvidenceUploadsView;
}

export type ViewRequest =
  | { readonly screen: 'tasks'; readonly taskId?: string }
  /** A compliance task opened from a link (pinned by then: ComplianceView's `pinned` has it). */
  | { readonly screen: 'compliance'; readonly taskId: string }
  | { readonly screen: 'settings' }
  | { readonly screen: 'assigned' }
  /** "Capture evidence…" (tray, shortcut): the chooser, then the task picker. */
  | { readonly screen: 'capture' }
  /** The quick entry of a new task: the tray's "New task…", or its own shortcut. */
  | { readonly screen: 'new-task' };
/** Events main pushes to the renderer: a payload for each name, none missing. */
export type Events = { [E in EventName]: EventPayloads[E] };
export { EVENT_NAMES };
export type { EventName };

/** The typed API the renderer sees as window.api. */
export type Api = {
  [M in MethodName]: undefined extends InputOf<M>
    ? (input?: InputOf<M>) => Promise<Result<OutputOf<M>>>
    : (input: InputOf<M>) => Promise<Result<OutputOf<M>>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
  /**
   * The paths of files dropped on the page (Electron's webUtils.getPathForFile,
   * in the preload): what attachEvidence takes. The page never reads a file.
   * A file with no path (made in the page) is left out.
   */
  filePaths(files: readonly File[]): string[];
};
