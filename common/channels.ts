/**
 * Every IPC channel by method name, and the events main pushes. Zod-free on
 * purpose: the sandboxed preload needs only these names, and bundles only
 * what it imports (common/ipc.ts holds the schemas main checks input with).
 */
export const CHANNELS = {
  getAccount: 'account:status',
  connectApiKey: 'account:connect-api-key',
  signInWithSession: 'account:sign-in-session',
  startDemo: 'account:start-demo',
  signOut: 'account:sign-out',
  switchProfile: 'account:switch',
  renameProfile: 'account:rename',
  removeProfile: 'account:remove',
  getOrganization: 'org:get',
  listTasks: 'tasks:list',
  refreshTasks: 'tasks:refresh',
  listEntities: 'browse:entities',
  listEntityTasks: 'browse:entity-tasks',
  getKnownTasks: 'search:known',
  readUnknownTasks: 'search:read-rest',
  getAssigned: 'assigned:get',
  refreshAssigned: 'assigned:refresh',
  listPeople: 'assigned:people',
  setMe: 'assigned:set-me',
  getMe: 'assigned:me',
  getCompliance: 'compliance:get',
  pinTask: 'tasks:pin',
  unpinTask: 'tasks:unpin',
  updateTask: 'tasks:update',
  updateTasks: 'tasks:update-many',
  dismissTaskError: 'tasks:dismiss-error',
  // A new task (quick entry): made through the outbox, its vendor or risk the last used first.
  createTask: 'tasks:create',
  recentEntities: 'tasks:recent-entities',
  getConnection: 'connection:get',
  retrySync: 'sync:retry-now',
  handOverWaiting: 'sync:hand-over',
  getSettings: 'settings:get',
  setSettings: 'settings:set',
  openExternal: 'shell:open-external',
  readClipboardTaskRef: 'clipboard:task-ref',
  hideWindow: 'window:hide',
  quitApp: 'app:quit',
  showLogFile: 'app:show-log-file',
  getUpdate: 'update:get',
  performUpdate: 'update:perform',
  getUpdateAbout: 'update:about',
  checkForUpdates: 'update:check',
  // Compliance tasks' changes and reviews (tsk_…).
  updateComplianceTask: 'compliance:update',
  submitForReview: 'compliance:submit-for-review',
  approveTask: 'compliance:approve',
  rejectTask: 'compliance:reject',
  updateComplianceTasks: 'compliance:update-many',
  pinComplianceTask: 'compliance:pin',
  unpinComplianceTask: 'compliance:unpin',
  // Evidence on compliance tasks: files attached by path, the list, the uploads on their way.
  attachEvidence: 'evidence:attach',
  listEvidence: 'evidence:list',
  openEvidence: 'evidence:open',
  getEvidenceUploads: 'evidence:uploads',
  dismissEvidenceRefusal: 'evidence:dismiss',
  pasteEvidence: 'evidence:paste',
  // A capture of the screen as evidence: the sources, the capture, where it goes.
  getCaptureChoices: 'capture:choices',
  takeCapture: 'capture:take',
  attachCapture: 'capture:attach',
  cancelCapture: 'capture:cancel',
  openCaptureSettings: 'capture:open-settings',
} as const;

export const EVENT_NAMES = [
  'tasks:changed',
  'org:changed',
  'account:changed',
  'connection:changed',
  'settings:changed',
  'view:open',
  'assigned:changed',
  'assigned:progress',
  'compliance:changed',
  'update:changed',
  'evidence:changed',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/**
 * What the popup's first frame shows, with the event that carries each
 * value's later changes. The preload asks main for these as the page starts,
 * before the renderer's bundle has even loaded: the answers are there when
 * React first renders (preload/bridge.ts).
 */
export const FIRST_SCREEN_READS = [
  ['getAccount', 'account:changed'],
  ['getOrganization', 'org:changed'],
  ['listTasks', 'tasks:changed'],
  ['getConnection', 'connection:changed'],
  ['getSettings', 'settings:changed'],
] as const satisfies readonly (readonly [keyof typeof CHANNELS, EventName | null])[];

/**
 * Messages between main and the preload that the renderer never sees. Main
 * sends tasks:changed whole when the list's tasks or order change, and
 * otherwise only the tasks that changed, as tasks:patched; the preload puts
 * the list back together, so the renderer always gets a whole list. A status
 * change then costs one task's bytes, not the whole list's, twice (pending,
 * confirmed). The preload says hello when a page starts: main's next list
 * is then sent whole, so a reloaded page never gets a patch without a base.
 */
export const WIRE = {
  tasksPatched: 'tasks:patched',
  hello: 'bridge:hello',
} as const;

/** The most tasks one tasks:update-many request takes; the popup sends larger selections in batches. */
export const MAX_BULK_TASKS = 500;
