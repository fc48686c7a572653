import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { parseTaskRef } from '../../common/task-ref';
import type { ClipboardTaskRef } from '../../common/task-ref';
import type { AccountService } from '../accounts/account-service';
import type { Handlers } from '../ipc/handlers';
import type { Outbox } from '../outbox/outbox';
import type { TaskService } from '../tasks/task-service';
import type { Assigned } from '../assigned/assigned-service';
import type { ConnectionState } from './connection-state';
import type { AppCoreOptions } from './core-options';
import type { OrganizationState } from './organization-state';
import type { Profiles } from './profiles';
import type { SettingsChanges } from './settings-changes';
import type { TaskActions } from './task-actions';
import type { TaskCreates } from './task-creates';
import type { TaskReads } from '../reads/task-reads';
import { createSearchReads } from '../reads/search-reads';
import type { BackgroundSync } from './background-sync';
import type { createUpdatesLink } from './updates-link';
import type { AppCompliance } from './compliance-wiring';
import type { EvidenceHandlers } from './evidence-wiring';
import type { CaptureHandlers } from './capture-wiring';

export interface HandlerServices {
  readonly accounts: AccountService;
  readonly profiles: Profiles;
  readonly organization: OrganizationState;
  readonly connection: ConnectionState;
  readonly outbox: Pick<Outbox, 'retryNow'>;
  readonly tasks: TaskService;
  readonly actions: TaskActions;
  /** New tasks from the quick entry, and the vendors and risks used last. */
  readonly creates: Pick<TaskCreates, 'create' | 'recent'>;
  readonly reads: TaskReads;
  readonly sync: Pick<BackgroundSync, 'refreshAsked'>;
  readonly assigned: Assigned;
  readonly compliance: Pick<AppCompliance, 'opened' | 'refresh' | 'pinning' | 'titleOf'>;
  /** Evidence on compliance tasks: its handlers as they are (evidence-wiring.ts). */
  readonly evidence: EvidenceHandlers;
  /** Captures of the screen as evidence (capture-wiring.ts). */
  readonly capture: CaptureHandlers;
  readonly settings: SettingsChanges;
  readonly updates: ReturnType<typeof createUpdatesLink>;
  /** What the OS lends the core (index.ts); each is answered "not available here" when absent. */
  readonly os: Pick<
    AppCoreOptions,
    'openExternal' | 'readClipboardText' | 'hideWindow' | 'quit' | 'showLogFile'
  >;
}

/** A pasted link is read from the clipboard only when it could be one. */
const MAX_CLIPBOARD_LINK = 4096;

/**
 * The IPC contract's handlers (common/ipc.ts), each a line or two over the
 * app's services. The dispatcher (main/ipc/dispatcher.ts) checks the sender
 * and the input before any of them runs, and guards every answer.
 */
export function createHandlers(s: HandlerServices): Handlers {
  const { accounts, profiles, tasks, reads, assigned, os } = s;
  const search = createSearchReads(reads);
  return {
    getAccount: async () => ok(accounts.status()),
    connectApiKey: (input) => profiles.connectWith(() => accounts.connectApiKey(input)),
    signInWithSession: () => profiles.connectWith(() => accounts.signInWithSession()),
    startDemo: () => profiles.connectWith(() => accounts.startDemo()),
    signOut: () => profiles.signOut(),
    switchProfile: ({ profileId }) => profiles.switchTo(profileId),
    renameProfile: ({ profileId, label }) => profiles.rename(profileId, label),
    removeProfile: ({ profileId }) => profiles.remove(profileId),
    getOrganization: async (input) => {
      const org = s.organization.current();
      return org && !input?.refresh ? ok(org) : s.organization.refresh();
    },
    listTasks: async () => ok(tasks.list()),
    refreshTasks: async () => {
      // Compliance tasks are read beside the pins (one request, a 304 when unchanged).
      const [answer] = await Promise.all([s.sync.refreshAsked(), s.compliance.refresh()]);
      return answer;
    },
    listEntities: () => reads.entities(),
    listEntityTasks: (input) => reads.entityTasks(input),
    getKnownTasks: async () => search.known(),
    readUnknownTasks: () => search.readRest(),
    getAssigned: async () => ok(assigned.opened()),
    getMe: async () => ok(await assigned.me()),
    refreshAssigned: async () => ok(assigned.refresh()),
    listPeople: () => assigned.people(),
    setMe: (input) => assigned.setMe(input.memberId),
    getCompliance: async () => ok(await s.compliance.opened()),
    pinTask: (input) => s.actions.pin(input.ref, input.at),
    unpinTask: (input) => tasks.unpin(input.taskId),
    updateTask: (input) => s.actions.update(input),
    updateTasks: (input) => s.actions.updateMany(input),
    createTask: (input) => s.creates.create(input),
    recentEntities: async () => s.creates.recent(),
    dismissTaskError: (input) => tasks.dismissError(input.taskId),
    getConnection: async () => ok(s.connection.view()),
    retrySync: async () => {
      s.outbox.retryNow();
      return ok(s.connection.view());
    },
    handOverWaiting: () => profiles.handOverWaiting(),
    getSettings: async () => ok(s.settings.view()),
    setSettings: (patch) => s.settings.set(patch),
    openExternal: async (input) =>
      os.openExternal
        ? os.openExternal(input.url) // eng-disable OPEN_EXTERNAL_JS_CHECK -- os.openExternal is openExternalSafely: parsed, http(s) only
        : err(appError('internal', 'Opening links is not available here.')),
    readClipboardTaskRef: async (): Promise<Result<ClipboardTaskRef | null>> => {
      const text = (await os.readClipboardText?.()) ?? '';
      if (text.length === 0 || text.length > MAX_CLIPBOARD_LINK) return ok(null);
      const ref = parseTaskRef(text);
      if (!ref.ok) return ok(null);
      // Its title where this account has read the task (Browse, Assigned to me): an id says little.
      const id = ref.value.taskId;
      const known = s.reads.listed(id) ?? s.assigned.view().tasks.find((t) => t.id === id);
      const title = known?.title ?? s.compliance.titleOf(id);
      return ok({ ref: ref.value, title: title?.trim() || null });
    },
    hideWindow: async () => {
      os.hideWindow?.();
      return ok(null);
    },
    getUpdate: async () => ok(s.updates.footerLine()),
    performUpdate: async ({ action }) => s.updates.perform(action),
    getUpdateAbout: async () => ok(s.updates.about()),
    checkForUpdates: async () => ok(await s.updates.checkNow()),
    showLogFile: async () =>
      os.showLogFile?.() ?? err(appError('internal', 'The log file is not available here.')),
    updateComplianceTask: (input) => s.actions.updateCompliance(input),
    submitForReview: (input) => s.actions.submitForReview(input.taskId, input.approverId),
    approveTask: (input) => s.actions.approve(input.taskId),
    rejectTask: (input) => s.actions.reject(input.taskId),
    updateComplianceTasks: (input) => s.actions.updateComplianceMany(input),
    pinComplianceTask: (input) => s.actions.pinCompliance(input),
    unpinComplianceTask: (input) => s.compliance.pinning.unpin(input.taskId),
    ...s.evidence,
    ...s.capture,
    quitApp: async () => {
      const quit = os.quit;
      if (!quit) return err(appError('internal', 'Quitting is not available here.'));
      // After the answer is on its way: the renderer hears that it worked.
      setTimeout(quit, 0);
      return ok(null);
    },
  };
}

/**
 * The same handlers for main's own adapters (tray menu, notifications), which
 * call them without the dispatcher: their answers go through the same guard,
 * since a message may quote what the service sent.
 */
export function guardedHandlers(handlers: Handlers, redact: <T>(value: T) => T): Handlers {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handle]) => [
      name,
      async (input: never) => redact(await (handle as (i: never) => Promise<unknown>)(input)),
    ]),
  ) as Handlers;
}
