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
  getOrganization: 'org:get',
  listTasks: 'tasks:list',
  pinTask: 'tasks:pin',
  unpinTask: 'tasks:unpin',
  updateTask: 'tasks:update',
  updateTasks: 'tasks:update-many',
  dismissTaskError: 'tasks:dismiss-error',
  getConnection: 'connection:get',
  retrySync: 'sync:retry-now',
  getSettings: 'settings:get',
  setSettings: 'settings:set',
  openExternal: 'shell:open-external',
  readClipboardTaskRef: 'clipboard:task-ref',
  hideWindow: 'window:hide',
} as const;

export const EVENT_NAMES = [
  'tasks:changed',
  'org:changed',
  'account:changed',
  'connection:changed',
  'view:open',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** The most tasks one tasks:update-many request takes; the popup sends larger selections in batches. */
export const MAX_BULK_TASKS = 500;
