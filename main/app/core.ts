import { join } from 'node:path';
import type { SettingsPatchInput } from '../../common/ipc';
import type { Organization } from '../../common/organization';
import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import { parseTaskRef } from '../../common/task-ref';
import type { TaskRef } from '../../common/task-ref';
import type { AccountStatus, SettingsView } from '../../common/views';
import { createAccountService } from '../accounts/account-service';
import type { Connected, DemoService, SessionGrant } from '../accounts/account-service';
import { createDispatcher } from '../ipc/dispatcher';
import { parseBaseUrl } from '../service/client';
import type { Dispatch } from '../ipc/dispatcher';
import type { Handlers } from '../ipc/handlers';
import { consoleSink, createLogger } from '../log/logger';
import type { LogSink, Logger } from '../log/logger';
import type { SecretStore } from '../secrets/secret-store';
import { createSettingsStore } from '../settings/settings-store';
import { memoryPinStore, settingsPinStore } from '../tasks/pin-store';
import type { PinStore } from '../tasks/pin-store';
import { createTaskService } from '../tasks/task-service';
import { connectionFrom, isConnectionError } from './connection';
import { createEvents } from './events';
import type { EventListener } from './events';
import { settingsView } from './settings-view';

export interface AppCoreOptions {
  readonly userDataDir: string;
  readonly secrets: SecretStore;
  /** Electron's net.fetch in the app (system proxy and certificates); Node's fetch in tests. */
  readonly fetch: typeof fetch;
  readonly startDemoService: () => Promise<DemoService>;
  readonly signInWithBrowser?: (
    signInUrl: string,
    serviceUrl: string,
  ) => Promise<Result<SessionGrant>>;
  readonly readClipboardText?: () => string | Promise<string>;
  readonly openExternal?: (url: string) => Promise<Result<null>>;
  readonly hideWindow?: () => void;
  readonly setLaunchAtLogin?: (on: boolean) => Promise<Result<boolean>>;
  readonly applyShortcut?: (accelerator: string) => Result<string>;
  readonly onSettingsChanged?: (view: SettingsView) => void;
  readonly timeoutMs?: number;
  readonly logSink?: LogSink;
}

export const SETTINGS_FILE = 'settings.json';

/**
 * Main's state and every handler of the IPC contract, with no Electron in
 * sight: index.ts plugs Electron in, the tests plug in Node's fetch, temp
 * folders, the real keychain and the reference service.
 */
export function createAppCore(opts: AppCoreOptions) {
  const settings = createSettingsStore({ filePath: join(opts.userDataDir, SETTINGS_FILE) });
  const events = createEvents();
  // The logger reads the secrets in use lazily: accounts exists by the time anything is logged.
  const log: Logger = createLogger(opts.logSink ?? consoleSink, () => accounts.secretsInUse());
  const accounts = createAccountService({
    settings,
    secrets: opts.secrets,
    fetch: opts.fetch,
    timeoutMs: opts.timeoutMs ?? 15_000,
    log,
    startDemoService: opts.startDemoService,
    ...(opts.signInWithBrowser ? { signInWithBrowser: opts.signInWithBrowser } : {}),
  });

  let organization: Organization | null = null;
  let lastError: AppError | null = null;
  let demoPins: PinStore | null = null;

  const pinStore = (): PinStore | null => {
    const a = accounts.active();
    if (!a) return null;
    if (a.demo) return (demoPins ??= memoryPinStore());
    return settingsPinStore(settings, a.profile.id);
  };

  const connection = () =>
    connectionFrom(accounts.active() !== null, lastError, tasks.pendingCount());
  const emitConnection = () => events.emit('connection:changed', connection());
  const emitAccount = () => events.emit('account:changed', accounts.status());

  const tasks = createTaskService({
    pins: pinStore,
    client: () => accounts.active()?.client ?? null,
    organizationId: () => organization?.id ?? accounts.active()?.profile.organizationId ?? null,
    onChanged: (views) => {
      events.emit('tasks:changed', views);
      emitConnection();
    },
    onOutcome: (e) => {
      const next = e && isConnectionError(e) ? e : e ? lastError : null;
      if (next !== lastError) {
        lastError = next;
        emitConnection();
      }
    },
  });

  const setOrganization = (org: Organization | null) => {
    organization = org;
    events.emit('org:changed', org);
  };

  async function refreshOrganization(): Promise<Result<Organization>> {
    const a = accounts.active();
    if (!a) return err(appError('not_connected', 'Connect to the service first.'));
    const answer = await a.client.getOrganization();
    lastError = answer.ok ? null : answer.error;
    if (answer.ok) setOrganization(answer.value);
    emitConnection();
    return answer;
  }

  async function afterConnect(connected: Result<Connected>): Promise<Result<AccountStatus>> {
    if (!connected.ok) return connected;
    lastError = null;
    demoPins = null;
    setOrganization(connected.value.organization);
    if (connected.value.account.demo)
      await tasks.pinKnown(connected.value.account.demo.tasks.slice(0, 5));
    emitAccount();
    events.emit('tasks:changed', tasks.list());
    emitConnection();
    return ok(accounts.status());
  }

  async function setSettings(patch: SettingsPatchInput): Promise<Result<SettingsView>> {
    const before = settings.get();
    for (const url of [patch.serviceUrl, patch.signInUrl]) {
      const checked = url === undefined ? null : parseBaseUrl(url);
      if (checked && !checked.ok) return checked;
    }
    if (
      patch.launchAtLogin !== undefined &&
      patch.launchAtLogin !== before.launchAtLogin &&
      opts.setLaunchAtLogin
    ) {
      const done = await opts.setLaunchAtLogin(patch.launchAtLogin);
      if (!done.ok) return done;
    }
    if (patch.shortcut !== undefined && patch.shortcut !== before.shortcut && opts.applyShortcut) {
      const done = opts.applyShortcut(patch.shortcut);
      if (!done.ok) return done;
    }
    const saved = await settings.update((s) => ({ ...s, ...patch }));
    if (!saved.ok) return saved;
    const view = settingsView(saved.value);
    opts.onSettingsChanged?.(view);
    return ok(view);
  }

  const handlers: Handlers = {
    getAccount: async () => ok(accounts.status()),
    connectApiKey: async (input) => afterConnect(await accounts.connectApiKey(input)),
    signInWithSession: async () => afterConnect(await accounts.signInWithSession()),
    startDemo: async () => afterConnect(await accounts.startDemo()),
    signOut: async () => {
      await tasks.settle();
      const done = await accounts.signOut();
      organization = null;
      lastError = null;
      demoPins = null;
      events.emit('org:changed', null);
      events.emit('tasks:changed', []);
      emitAccount();
      emitConnection();
      return done.ok ? ok(accounts.status()) : done;
    },
    getOrganization: async (input) =>
      organization && !input?.refresh ? ok(organization) : refreshOrganization(),
    listTasks: async () => ok(tasks.list()),
    pinTask: (input) => tasks.pin(input.ref),
    unpinTask: (input) => tasks.unpin(input.taskId),
    updateTask: (input) => tasks.update(input),
    dismissTaskError: (input) => tasks.dismissError(input.taskId),
    getConnection: async () => ok(connection()),
    getSettings: async () => ok(settingsView(settings.get())),
    setSettings,
    openExternal: async (input) =>
      opts.openExternal
        ? opts.openExternal(input.url)
        : err(appError('internal', 'Opening links is not available here.')),
    readClipboardTaskRef: async (): Promise<Result<TaskRef | null>> => {
      const text = (await opts.readClipboardText?.()) ?? '';
      if (text.length === 0 || text.length > 4096) return ok(null);
      const ref = parseTaskRef(text);
      return ok(ref.ok ? ref.value : null);
    },
    hideWindow: async () => {
      opts.hideWindow?.();
      return ok(null);
    },
  };

  const dispatch: Dispatch = createDispatcher(handlers, {
    log,
    secretsInUse: () => accounts.secretsInUse(),
  });

  return {
    handlers,
    dispatch,
    log,
    onEvent: (listener: EventListener) => events.on(listener),
    state: () => ({
      account: accounts.status(),
      organization,
      tasks: tasks.list(),
      connection: connection(),
      settings: settingsView(settings.get()),
    }),
    /** A task from a tasktray:// link: pinned like a pasted one, with the same checks. */
    pinRef: (ref: TaskRef) => tasks.pinRef(ref),
    setStatus: (taskId: string, status: Parameters<typeof tasks.update>[0]['patch']['status']) =>
      tasks.update({ taskId, patch: { status } }),

    /** Loads settings and the saved profile; reaches the service in the background. */
    async start(): Promise<void> {
      const loaded = await settings.load();
      if (loaded.problem) accounts.setProblem(loaded.problem);
      await accounts.restore();
      emitAccount();
      events.emit('tasks:changed', tasks.list());
      emitConnection();
      if (accounts.active()) void refreshOrganization();
    },

    async dispose(): Promise<void> {
      await tasks.settle();
      await accounts.dispose();
    },
  };
}

export type AppCore = ReturnType<typeof createAppCore>;
