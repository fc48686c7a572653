import { join } from 'node:path';
import type { SettingsPatchInput } from '../../common/ipc';
import type { Organization } from '../../common/organization';
import { appError, bothProblems, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import { parseTaskRef } from '../../common/task-ref';
import type { TaskRef } from '../../common/task-ref';
import type {
  AccountStatus,
  ConnectionView,
  PinnedTaskView,
  SettingsView,
  ShortcutNotice,
} from '../../common/views';
import { createAccountService } from '../accounts/account-service';
import type { Connected, DemoService, SessionGrant } from '../accounts/account-service';
import { createDispatcher } from '../ipc/dispatcher';
import { parseBaseUrl } from '../service/client';
import type { Dispatch } from '../ipc/dispatcher';
import type { Handlers } from '../ipc/handlers';
import { consoleSink, createLogger } from '../log/logger';
import type { LogSink, Logger } from '../log/logger';
import { guardFor } from '../secrets/secret-guard';
import type { SecretStore } from '../secrets/secret-store';
import { createOutbox } from '../outbox/outbox';
import { createOutboxFile } from '../outbox/outbox-file';
import type { BackoffPolicy } from '../outbox/retry-policy';
import { createScheduler } from '../scheduler/scheduler';
import type { Scheduler } from '../scheduler/scheduler';
import { createRequestPacer } from '../service/pacing';
import type { RateLimit } from '../service/pacing';
import { DEFAULT_REQUESTS_PER_MINUTE } from '../settings/schema';
import type { Settings } from '../settings/schema';
import { createSettingsStore } from '../settings/settings-store';
import { ASSIGNED_FILE, createAssignedCache } from '../assigned/assigned-cache';
import { removeLeftoverTempFiles } from '../settings/atomic-file';
import { memoryPinStore, settingsPinStore } from '../tasks/pin-store';
import type { PinStore } from '../tasks/pin-store';
import { sameViews } from '../tasks/pinned-view';
import { createTaskService } from '../tasks/task-service';
import type { ActiveProfile } from '../tasks/task-service';
import { connectionFrom, isConnectionError, othersWaiting } from './connection';
import { createEvents } from './events';
import type { EventListener } from './events';
import { settingsView } from './settings-view';
import { entityKey } from '../reads/read-schemas';
import { createAssigned } from './assigned';
import { createTaskReads } from './task-reads';
import type { UpdateController } from '../update/update-controller';
import { updateFooterLine } from '../update/update-text';
import type { AppNotification, NotificationTarget } from '../notify/notify-events';
import { createNotifications } from './notifications';
import { sameData } from '../../common/same-data';
import { oneAtATime } from '../../common/one-at-a-time';

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
  /** Ends the app (Electron's app.quit); absent where there is no app to end. */
  readonly quit?: () => void;
  /** Shows the log file in the OS's file manager (Settings' About); absent where there is none. */
  readonly showLogFile?: () => Result<null>;
  /** The app's version, shown in Settings' About. */
  readonly appVersion?: string;
  /** Whether the computer has a network (Electron's net.isOnline); unknown means yes. */
  readonly isOnline?: () => boolean;
  readonly setLaunchAtLogin?: (on: boolean) => Promise<Result<boolean>>;
  /** What the OS will really do at next login: the person may have changed it outside the app. */
  readonly isLaunchAtLoginEnabled?: () => Promise<boolean>;
  readonly applyShortcut?: (accelerator: string) => Result<string>;
  /** The shortcut registered now, if any (it may differ from the saved one: refused at start). */
  readonly currentShortcut?: () => string | null;
  /** What Settings should say about the saved shortcut (shortcut-notice.ts). */
  readonly shortcutNotice?: (saved: string) => ShortcutNotice | null;
  readonly onSettingsChanged?: (view: SettingsView) => void;
  readonly timeoutMs?: number;
  readonly logSink?: LogSink;
  /** Shows a native notification (main/notify/electron-notifier.ts); none where absent. */
  readonly notify?: (notification: AppNotification) => void;
  /** Whether the popup is on screen: what it shows is not notified as well. */
  readonly popupVisible?: () => boolean;
  /** Every timer main sets for its own work; one is made when not given. */
  readonly scheduler?: Scheduler;
  readonly outbox?: OutboxOptions;
}

/** What the core needs of the update controller: its view, its changes, and the footer's button. */
export type UpdatesPort = Pick<
  UpdateController,
  'view' | 'onChange' | 'perform' | 'changesWaitingChanged'
>;

export interface OutboxOptions {
  /** Waits between retries (tests make them short). */
  readonly backoff?: BackoffPolicy;
  /** Pacing; by default the requestsPerMinute setting over 60 s. Given here, the setting is not used. */
  readonly rate?: RateLimit;
  /** The jitter's random source. */
  readonly random?: () => number;
}

export const SETTINGS_FILE = 'settings.json';
/** Changes waiting to reach the service, in the user-data folder beside the settings. */
export const OUTBOX_FILE = 'outbox.json';
const MINUTE_MS = 60_000;

/**
 * Main's state and every handler of the IPC contract, with no Electron in
 * sight: index.ts plugs Electron in, the tests plug in Node's fetch, temp
 * folders, the real keychain and the reference service.
 */
export function createAppCore(opts: AppCoreOptions) {
  // One guard for everything that leaves main or goes to disk (invariant 1). It reads the
  // secrets lazily: accounts exists by the time anything is written, sent or logged.
  const secretsInUse = () => accounts.secretsInUse();
  const guard = guardFor(secretsInUse);
  const redact = <T>(value: T): T => guard().value(value);
  const settings = createSettingsStore({
    filePath: join(opts.userDataDir, SETTINGS_FILE),
    redact,
  });
  const events = createEvents(redact);
  const log: Logger = createLogger(opts.logSink ?? consoleSink, secretsInUse);
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
  /** The updater, once the app has one (attachUpdates); none in tests and development runs. */
  let updates: UpdatesPort | null = null;
  let stopUpdates: (() => void) | null = null;
  /** Each profile's organization as last read this run: switching shows it at once, then reads it again. */
  const knownOrganizations = new Map<string, Organization>();
  let lastError: AppError | null = null;
  let demoPins: PinStore | null = null;

  /** The last answer of activeProfile(), kept while the account (and the demo's pins) stay the same. */
  let activeMemo: {
    readonly account: object;
    readonly demoPins: PinStore | null;
    readonly profile: ActiveProfile;
  } | null = null;
  /** Asked for by every change, answer and row: made once per sign-in, not once per call. */
  const activeProfile = (): ActiveProfile | null => {
    const a = accounts.active();
    if (!a) return null;
    if (activeMemo?.account === a && activeMemo.demoPins === demoPins) return activeMemo.profile;
    const profile: ActiveProfile = a.demo
      ? { profileId: a.profile.id, pins: (demoPins ??= memoryPinStore()), durable: false }
      : { profileId: a.profile.id, pins: settingsPinStore(settings, a.profile.id), durable: true };
    activeMemo = { account: a, demoPins, profile };
    return profile;
  };
  const pinsFor = (profileId: string): PinStore | null => {
    const a = accounts.active();
    if (a?.profile.id === profileId) return activeProfile()?.pins ?? null;
    // A signed-out profile's pins stay in settings; the demo's went with it.
    return settingsPinStore(settings, profileId);
  };

  /** A profile as settings keep it (what it was last served, who the person is there). */
  const savedProfile = (profileId: string) =>
    settings.get().profiles.find((p) => p.id === profileId);

  /** The other identities' profiles at the active one's organization of the same service. */
  const neighbours = (): readonly Settings['profiles'][number][] => {
    const a = accounts.active();
    if (!a || a.demo) return [];
    const s = settings.get();
    const me = savedProfile(a.profile.id);
    if (!me?.servedOrganizationId) return [];
    // A profile whose secret was read sends its own changes: only one that cannot (no secret, or
    // paused: its key was refused) waits for a hand-over.
    return s.profiles.filter(
      (p) =>
        p.id !== me.id &&
        (!accounts.canSend(p.id) || outbox.pausedReason(p.id) !== null) &&
        p.baseUrl === me.baseUrl &&
        p.servedOrganizationId === me.servedOrganizationId,
    );
  };
  /** Waiting changes of the profiles not shown, which go out in the background. */
  const waitingElsewhere = (shownId: string | null): Record<string, number> | null => {
    let found: Record<string, number> | null = null;
    for (const p of settings.get().profiles) {
      if (p.id === shownId || !accounts.canSend(p.id)) continue;
      const n = outbox.pendingTasks(p.id);
      if (n > 0) (found ??= {})[p.id] = n;
    }
    return found;
  };
  const connection = (): ConnectionView => {
    const a = accounts.active();
    const view = connectionFrom(
      a !== null,
      lastError,
      tasks.pendingCount(),
      a ? outbox.pausedReason(a.profile.id) : null,
      opts.isOnline?.() ?? true,
    );
    const others = othersWaiting(neighbours(), (id) => outbox.pendingTasks(id));
    const elsewhere = waitingElsewhere(a?.profile.id ?? null);
    return {
      ...view,
      ...(others ? { othersWaiting: others } : {}),
      ...(elsewhere ? { waitingElsewhere: elsewhere } : {}),
    };
  };
  /** The last connection state sent: it goes out again only when it reads differently. */
  let shownConnection: ConnectionView | null = null;
  const emitConnection = () => {
    const view = connection();
    const last = shownConnection;
    if (
      last &&
      last.state === view.state &&
      last.cause === view.cause &&
      last.pendingChanges === view.pendingChanges &&
      last.message === view.message &&
      last.othersWaiting?.tasks === view.othersWaiting?.tasks &&
      sameData(last.waitingElsewhere, view.waitingElsewhere)
    )
      return;
    shownConnection = view;
    events.emit('connection:changed', view);
    // A restart to update asked for while changes waited happens once the last is sent.
    updates?.changesWaitingChanged();
  };
  const emitAccount = () => events.emit('account:changed', accounts.status());
  /**
   * The last list of tasks sent: one that reads the same is not sent again.
   * Each event carries every row (and the popup and the tray redraw from it);
   * bookkeeping behind a landed change (the snapshot written, the outbox
   * entry removed) changes nothing a row shows.
   */
  let shownTasks: readonly PinnedTaskView[] | null = null;
  const emitTasks = (views: PinnedTaskView[]) => {
    if (shownTasks && sameViews(shownTasks, views)) return;
    shownTasks = views;
    events.emit('tasks:changed', views);
  };

  /**
   * The connection state follows the last answer. A refusal of one task says
   * nothing against it; given by the service (it has a status), it says the
   * service was reached, so an "offline" from before is over. A refusal made
   * here, with nothing sent, says nothing either way.
   */
  const noteOutcome = (e: AppError | null) => {
    const next = e && isConnectionError(e) ? e : e && e.status === undefined ? lastError : null;
    if (next !== lastError) {
      lastError = next;
      emitConnection();
    }
  };

  const scheduler =
    opts.scheduler ?? createScheduler({ onError: (label, e) => log.error(`${label} failed`, e) });
  const pacer = createRequestPacer(
    opts.outbox?.rate ?? { limit: DEFAULT_REQUESTS_PER_MINUTE, windowMs: MINUTE_MS },
    scheduler,
  );
  const followRateSetting = () => {
    if (!opts.outbox?.rate)
      pacer.setRate({ limit: settings.get().requestsPerMinute, windowMs: MINUTE_MS });
  };
  const isActive = (profileId: string) => accounts.active()?.profile.id === profileId;

  const notifications = createNotifications({
    clock: scheduler,
    settings: () => settings.get().notifications,
    popupVisible: () => opts.popupVisible?.() ?? false,
    shownProfileId: () => accounts.active()?.profile.id ?? null,
    profileLabel: (id) => {
      return accounts.status().profiles.find((p) => p.id === id)?.name ?? null;
    },
    titleOf: (profileId, taskId) => pinsFor(profileId)?.get(taskId)?.snapshot?.title ?? null,
    // Through the guard as everything leaving main (invariant 1): titles and reasons come from the service.
    show: (n) => {
      // Gathered before its account was removed: it still says what happened, but opens nothing.
      const gone =
        n.target !== null && !accounts.status().profiles.some((p) => p.id === n.target?.profileId);
      opts.notify?.(redact(gone ? { ...n, target: null } : n));
    },
    log,
  });
  /** Who the person is at a profile, to leave their own changes out of "changed by someone else". */
  const meOf = (profileId: string): string | null =>
    (isActive(profileId) ? assigned.view().me?.id : null) ??
    savedProfile(profileId)?.memberId ??
    null;
  /** A change whose first attempt did not land waited: its landing is news later. */
  const noteWaiting = <T extends Result<PinnedTaskView>>(result: T): T => {
    if (result.ok && result.value.sync === 'queued') {
      const shown = accounts.active();
      if (shown) notifications.waiting(shown.profile.id, result.value.id);
    }
    return result;
  };

  const outbox = createOutbox({
    store: createOutboxFile({ filePath: join(opts.userDataDir, OUTBOX_FILE), redact }),
    scheduler,
    pacer,
    // Each profile's changes go out with its own credentials, shown or not (invariant 7).
    clientFor: (profileId) => accounts.clientFor(profileId),
    onLanded: (profileId, taskId, task, keepError, morePieces) => {
      notifications.landed(profileId, taskId, task, morePieces);
      return tasks.landed(profileId, taskId, task, keepError);
    },
    onRefused: (profileId, taskId, error, morePieces) => {
      const unpinned = !pinsFor(profileId)?.get(taskId);
      notifications.refused(profileId, taskId, error, { unpinned, morePieces });
      return tasks.refused(profileId, taskId, error);
    },
    onAttempt: (profileId, error) => {
      if (isActive(profileId)) noteOutcome(error);
    },
    onPaused: (profileId, error) => {
      if (!isActive(profileId)) {
        // Its profile is not shown: the list of accounts says it waits; nothing else changes.
        log.warn(`Changes of a profile not shown are paused: ${error.message}`);
        emitConnection();
        return;
      }
      accounts.setProblem({
        ...error,
        message: `${error.message} Your changes are kept and will be sent once you reconnect.`,
      });
      emitAccount();
      emitConnection();
    },
    onChange: () => tasks.changed(),
    log,
    ...(opts.outbox?.backoff ? { backoff: opts.outbox.backoff } : {}),
    ...(opts.outbox?.random ? { random: opts.outbox.random } : {}),
  });

  const tasks = createTaskService({
    active: activeProfile,
    pinsFor,
    outbox,
    organizationId: () => {
      const a = accounts.active();
      // Before the organization is read (started while the service cannot be reached), the one
      // this profile was last served: a link to another is still refused, not pinned.
      const served = a ? savedProfile(a.profile.id)?.servedOrganizationId : undefined;
      return organization?.id ?? a?.profile.organizationId ?? served ?? null;
    },
    onChanged: (views) => {
      emitTasks(views);
      emitConnection();
    },
    onRead: (profileId, before, after) =>
      notifications.pinnedRead(
        profileId,
        before.snapshot,
        after,
        before.changedHereAt ?? null,
        meOf(profileId),
      ),
    log,
  });

  const reads = createTaskReads({
    client: () => {
      const a = accounts.active();
      return a ? { profileId: a.profile.id, client: a.client } : null;
    },
    active: activeProfile,
    tasks,
    quiet: () => outbox.quiet(),
    scheduler,
    log,
  });

  const assignedCache = createAssignedCache({
    filePath: join(opts.userDataDir, ASSIGNED_FILE),
    redact,
    onProblem: (message) => log.warn(message),
  });
  const assigned = createAssigned({
    signedIn: () => {
      const a = accounts.active();
      if (!a) return null;
      const kept = savedProfile(a.profile.id);
      return {
        profileId: a.profile.id,
        client: a.client,
        authKind: a.profile.authKind,
        organizationId: organization?.id ?? a.profile.organizationId ?? null,
        memberId: kept?.memberId ?? null,
      };
    },
    rememberMe: async (profileId, memberId) => {
      const saved = await settings.update((s) => ({
        ...s,
        profiles: s.profiles.map((p) => {
          if (p.id !== profileId) return p;
          const { memberId: _old, ...rest } = p;
          return memberId ? { ...rest, memberId } : rest;
        }),
      }));
      return saved.ok ? ok(null) : saved;
    },
    cache: assignedCache,
    quiet: () => outbox.quiet(),
    scheduler,
    log,
    onChanged: (view) => {
      events.emit('assigned:changed', view);
      const shown = accounts.active();
      if (!shown) return;
      const pins = pinsFor(shown.profile.id);
      notifications.assigned(shown.profile.id, view, (t) => {
        const at = pins?.get(t.id)?.changedHereAt;
        return at != null && at === t.updatedAt;
      });
    },
  });

  const setOrganization = (org: Organization | null) => {
    organization = org;
    const shown = accounts.active();
    if (org && shown) knownOrganizations.set(shown.profile.id, org);
    events.emit('org:changed', org);
  };

  async function refreshOrganization(): Promise<Result<Organization>> {
    const a = accounts.active();
    if (!a) return err(appError('not_connected', 'Connect to the service first.'));
    const answer = await a.client.getOrganization();
    // Signed out or switched account while it was on its way: the answer is about someone else.
    if (accounts.active()?.profile.id !== a.profile.id) {
      return err(
        appError('not_connected', 'The account changed while the organization was loading.'),
      );
    }
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
    // Connected (again): this profile's waiting changes, paused or left from a sign-out, go out now.
    outbox.resumeProfile(connected.value.account.profile.id);
    reads.connected(connected.value.account.profile.id);
    assigned.signedOut();
    // Gathered behind, so the tray menu and the view have it; a list kept from an earlier run shows meanwhile.
    assigned.opened();
    emitAccount();
    emitTasks(tasks.list());
    emitConnection();
    return ok(accounts.status());
  }

  /** Connects; a demo that was running is gone, and so is everywhere its changes could land. */
  async function connectWith(run: () => Promise<Result<Connected>>) {
    const before = accounts.active();
    const connected = await run();
    if (connected.ok && before?.demo) await outbox.discardProfile(before.profile.id);
    return afterConnect(connected);
  }

  /** What the OS said about launch at login when settings could not keep it (they say otherwise). */
  let launchAtLoginUnsaved: boolean | undefined;
  /** Settings show the OS's truth about launch at login, not what was last asked for. */
  async function followLoginItem(): Promise<void> {
    const actual = await opts.isLaunchAtLoginEnabled?.().catch(() => undefined);
    if (actual === undefined || actual === settings.get().launchAtLogin) return;
    const saved = await settings.update((s) => ({ ...s, launchAtLogin: actual }));
    if (!saved.ok) launchAtLoginUnsaved = actual;
  }

  const viewOf = (s: Settings): SettingsView =>
    settingsView(
      launchAtLoginUnsaved === undefined ? s : { ...s, launchAtLogin: launchAtLoginUnsaved },
      opts.shortcutNotice?.(s.shortcut) ?? null,
      opts.appVersion ?? null,
    );

  const settingsChanged = (view: SettingsView): void => {
    opts.onSettingsChanged?.(view);
    // The tray menu changes settings too: the popup follows.
    events.emit('settings:changed', view);
  };

  /** One change of settings at a time (the popup and the tray menu both make them): each starts from the last. */
  const settingsTurn = oneAtATime();
  const setSettings = (patch: SettingsPatchInput): Promise<Result<SettingsView>> =>
    settingsTurn(() => setSettingsNow(patch));

  async function setSettingsNow(patch: SettingsPatchInput): Promise<Result<SettingsView>> {
    const before = settings.get();
    for (const url of [patch.serviceUrl, patch.signInUrl]) {
      const checked = url === undefined ? null : parseBaseUrl(url);
      if (checked && !checked.ok) return checked;
    }
    // What was changed in the OS before the settings were saved, undone if they are not: the
    // settings screen must not say "not saved" about a change that took effect anyway.
    // Each is put back as the OS had it, which need not be what the settings say.
    const undo: { what: string; run: () => Promise<Result<unknown>> }[] = [];
    const undoAll = async () => {
      if (undo.length === 0) return;
      for (const step of undo.reverse()) {
        const done = await step.run().catch(() => err(appError('internal', 'It threw.')));
        if (!done.ok) log.warn(`Could not put ${step.what} back as it was`, done.error.message);
      }
      // The OS may now do what the settings cannot say: the popup and the tray follow.
      settingsChanged(viewOf(settings.get()));
    };
    const { setLaunchAtLogin, applyShortcut } = opts;
    if (
      patch.launchAtLogin !== undefined &&
      patch.launchAtLogin !== (launchAtLoginUnsaved ?? before.launchAtLogin) &&
      setLaunchAtLogin
    ) {
      const was =
        (await opts.isLaunchAtLoginEnabled?.().catch(() => undefined)) ??
        launchAtLoginUnsaved ??
        before.launchAtLogin;
      const done = await setLaunchAtLogin(patch.launchAtLogin);
      if (!done.ok) return done;
      const asked = patch.launchAtLogin;
      undo.push({
        what: 'launch at login',
        run: async () => {
          const back = await setLaunchAtLogin(was);
          // What the OS does now, shown while the settings say otherwise.
          const now = back.ok ? was : asked;
          launchAtLoginUnsaved = now === before.launchAtLogin ? undefined : now;
          return back;
        },
      });
    }
    if (patch.shortcut !== undefined && patch.shortcut !== before.shortcut && applyShortcut) {
      // None registered (the saved one was refused at start): the saved one is tried again, so
      // Settings keep saying why it does not work rather than show it as working.
      const was = opts.currentShortcut?.() ?? before.shortcut;
      const done = applyShortcut(patch.shortcut);
      if (!done.ok) {
        await undoAll();
        return done;
      }
      undo.push({ what: 'the shortcut', run: async () => applyShortcut(was) });
    }
    // The notification switches given change; the others keep their value.
    const { notifications: switches, ...rest } = patch;
    const saved = await settings.update((s) => ({
      ...s,
      // What the OS said of launch at login when it could not be saved goes in with this save.
      ...(launchAtLoginUnsaved === undefined ? {} : { launchAtLogin: launchAtLoginUnsaved }),
      ...rest,
      ...(switches ? { notifications: { ...s.notifications, ...switches } } : {}),
    }));
    if (!saved.ok) {
      await undoAll();
      return saved;
    }
    // Saved: either what was asked for or what the OS said; the file and the OS agree again.
    launchAtLoginUnsaved = undefined;
    if (patch.requestsPerMinute !== undefined) followRateSetting();
    const view = viewOf(saved.value);
    settingsChanged(view);
    return ok(view);
  }

  /** A change from the tray: a task of "assigned to me" that is not pinned yet is pinned first, as in the popup. */
  async function changeFromTray(
    taskId: string,
    patch: Parameters<typeof tasks.update>[0]['patch'],
  ): ReturnType<typeof tasks.update> {
    const listed = tasks.list().some((t) => t.id === taskId)
      ? undefined
      : assigned.view().tasks.find((t) => t.id === taskId);
    if (listed) {
      const entity = entityKey(listed.entityType, listed.entityId) ?? {};
      const pinned = await tasks.pinRef({ taskId, ...entity }, listed);
      if (!pinned.ok) return pinned;
    }
    notifications.made(accounts.active()?.profile.id ?? '', [taskId], 'tray');
    return noteWaiting(await tasks.update({ taskId, patch }));
  }

  /** Another profile is shown (or none): everything the popup and the tray show follows. */
  function shownChanged(): void {
    const a = accounts.active();
    lastError = null;
    if (!a?.demo) demoPins = null;
    setOrganization(a ? (knownOrganizations.get(a.profile.id) ?? null) : null);
    emitAccount();
    emitTasks(tasks.list());
    emitConnection();
    if (!a) return;
    outbox.refresh();
    reads.connected(a.profile.id);
    // The organization first: a session's member is found in it.
    void refreshOrganization().then(() => assigned.opened());
  }

  /**
   * Removes a profile and its keychain entry. Its waiting changes stay on
   * disk under its id, sent only if the same key (or person) connects again;
   * the demo's go with its service. Removing the shown one shows the next.
   */
  async function removeProfile(profileId: string): Promise<Result<AccountStatus>> {
    const shown = accounts.active();
    const isShown = shown?.profile.id === profileId;
    // Requests on the wire finish first.
    await outbox.suspendProfile(profileId);
    if (isShown) assigned.signedOut();
    const done = await accounts.remove(profileId);
    if (isShown && shown.demo) await outbox.discardProfile(profileId);
    knownOrganizations.delete(profileId);
    notifications.forget(profileId);
    outbox.refresh();
    if (isShown) shownChanged();
    else {
      emitAccount();
      emitConnection();
    }
    return done.ok ? ok(accounts.status()) : done;
  }

  const handlers: Handlers = {
    getAccount: async () => ok(accounts.status()),
    connectApiKey: (input) => connectWith(() => accounts.connectApiKey(input)),
    signInWithSession: () => connectWith(() => accounts.signInWithSession()),
    startDemo: () => connectWith(() => accounts.startDemo()),
    signOut: async () => {
      const leaving = accounts.active();
      return leaving ? removeProfile(leaving.profile.id) : ok(accounts.status());
    },
    switchProfile: async ({ profileId }) => {
      const before = accounts.active();
      if (before?.profile.id === profileId) return ok(accounts.status());
      // What "assigned to me" was gathering belongs to the profile before.
      assigned.signedOut();
      const switched = await accounts.switchTo(profileId);
      if (!switched.ok) {
        assigned.opened();
        return switched;
      }
      if (before?.demo) {
        await outbox.discardProfile(before.profile.id);
        notifications.forget(before.profile.id);
      }
      shownChanged();
      return ok(accounts.status());
    },
    renameProfile: async ({ profileId, label }) => {
      const renamed = await accounts.rename(profileId, label);
      if (!renamed.ok) return renamed;
      emitAccount();
      return ok(accounts.status());
    },
    removeProfile: ({ profileId }) => removeProfile(profileId),
    getOrganization: async (input) =>
      organization && !input?.refresh ? ok(organization) : refreshOrganization(),
    listTasks: async () => ok(tasks.list()),
    refreshTasks: () => reads.refresh(),
    listEntities: () => reads.entities(),
    listEntityTasks: (input) => reads.entityTasks(input),
    getAssigned: async () => ok(assigned.opened()),
    getMe: async () => ok(assigned.view().me),
    refreshAssigned: async () => ok(assigned.refresh()),
    listPeople: () => assigned.people(),
    setMe: (input) => assigned.setMe(input.memberId),
    pinTask: async (input) => {
      const pinned =
        typeof input.ref === 'string'
          ? await tasks.pin(input.ref)
          : await tasks.pinRef(input.ref, reads.listed(input.ref.taskId));
      if (pinned.ok && pinned.value.snapshot === null) reads.pinned(pinned.value.id);
      return pinned;
    },
    unpinTask: (input) => tasks.unpin(input.taskId),
    updateTask: async (input) => {
      notifications.made(accounts.active()?.profile.id ?? '', [input.taskId], 'popup');
      return noteWaiting(await tasks.update(input));
    },
    updateTasks: async (input) => {
      notifications.made(accounts.active()?.profile.id ?? '', input.taskIds, 'bulk');
      const outcomes = await tasks.updateMany(input);
      if (outcomes.ok) for (const o of outcomes.value) noteWaiting(o.result);
      return outcomes;
    },
    dismissTaskError: (input) => tasks.dismissError(input.taskId),
    getConnection: async () => ok(connection()),
    retrySync: async () => {
      outbox.retryNow();
      return ok(connection());
    },
    handOverWaiting: async () => {
      const a = accounts.active();
      if (!a || a.demo) return err(appError('not_connected', 'Connect first.'));
      const mine = activeProfile()?.pins;
      for (const p of neighbours()) {
        if (!mine || outbox.pendingTasks(p.id) === 0) continue;
        // Their tasks show in this list, so the person sees them go out and land.
        for (const pin of settingsPinStore(settings, p.id).list())
          if (!mine.get(pin.taskId) && outbox.laneView(p.id, pin.taskId)) await mine.put(pin);
        await outbox.handOver(p.id, a.profile.id);
      }
      emitTasks(tasks.list());
      emitConnection();
      return ok(connection());
    },
    getSettings: async () => ok(viewOf(settings.get())),
    setSettings,
    openExternal: async (input) =>
      opts.openExternal
        ? opts.openExternal(input.url) // eng-disable OPEN_EXTERNAL_JS_CHECK -- opts.openExternal is openExternalSafely: parsed, http(s) only
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
    getUpdate: async () => ok(updates ? updateFooterLine(updates.view()) : null),
    performUpdate: async ({ action }) => {
      if (!updates) return err(appError('internal', 'Updates are not available here.'));
      updates.perform(action);
      return ok(null);
    },
    showLogFile: async () =>
      opts.showLogFile?.() ?? err(appError('internal', 'The log file is not available here.')),
    quitApp: async () => {
      if (!opts.quit) return err(appError('internal', 'Quitting is not available here.'));
      // After the answer is on its way: the renderer hears that it worked.
      setTimeout(opts.quit, 0);
      return ok(null);
    },
  };

  const dispatch: Dispatch = createDispatcher(handlers, { log, guard });
  // Electron's adapters (tray menu, notifications) call handlers without the dispatcher: their
  // answers go through the same guard, since a message may quote what the service sent.
  const guardedHandlers = Object.fromEntries(
    Object.entries(handlers).map(([name, handle]) => [
      name,
      async (input: never) => redact(await (handle as (i: never) => Promise<unknown>)(input)),
    ]),
  ) as Handlers;

  return {
    /** For main's own adapters: answered through the guard, as IPC answers are. */
    handlers: guardedHandlers,
    /** Text an adapter shows outside the popup (a notification), through the guard. */
    safeText: (text: string): string => guard().text(text),
    dispatch,
    log,
    onEvent: (listener: EventListener) => events.on(listener),
    /** What the tray shows (and tests read): through the same guard as the popup's events. */
    state: () =>
      redact({
        account: accounts.status(),
        organization,
        tasks: tasks.list(),
        connection: connection(),
        settings: viewOf(settings.get()),
        assigned: assigned.view(),
      }),
    /** Tells the popup the settings' view changed outside setSettings (the shortcut at start). */
    settingsChanged: () => events.emit('settings:changed', viewOf(settings.get())),
    /** A task from a tasktray:// link: pinned like a pasted one, with the same checks. */
    pinRef: async (ref: TaskRef) => {
      const pinned = await tasks.pinRef(ref);
      if (pinned.ok && pinned.value.snapshot === null) reads.pinned(pinned.value.id);
      // Shown in a notification when refused: the refusal quotes the organization's id.
      return redact(pinned);
    },
    /** From the tray menu (changeFromTray). */
    async setStatus(taskId: string, status: Parameters<typeof tasks.update>[0]['patch']['status']) {
      return changeFromTray(taskId, { status });
    },
    /** From the tray menu, as a status is. */
    async setPriority(
      taskId: string,
      priority: Parameters<typeof tasks.update>[0]['patch']['priority'],
    ) {
      return changeFromTray(taskId, { priority });
    },

    /**
     * Loads settings, the saved profile and the changes a previous run left
     * in the outbox; reaches the service (and replays those changes) in the background.
     */
    async start(): Promise<void> {
      // A crash mid-write leaves a temp copy of settings or the outbox: nothing else would remove it.
      for (const name of [SETTINGS_FILE, OUTBOX_FILE, ASSIGNED_FILE]) {
        const removed = await removeLeftoverTempFiles(join(opts.userDataDir, name));
        if (removed > 0)
          log.info(
            `Removed ${removed} unfinished cop${removed === 1 ? 'y' : 'ies'} of ${name} left by a crash.`,
          );
      }
      const loaded = await settings.load();
      await followLoginItem();
      followRateSetting();
      await assignedCache.load();
      const outboxProblem = await outbox.load();
      if (outboxProblem) log.warn(outboxProblem.message);
      // Both said when both files had one: each names its own file and what was lost from it.
      const problem = bothProblems(loaded.problem, outboxProblem);
      if (problem) accounts.setProblem(problem);
      await accounts.restore();
      emitAccount();
      emitTasks(tasks.list());
      emitConnection();
      outbox.refresh();
      const restored = accounts.active();
      if (restored) {
        // The organization first: a session's member is found in it.
        void refreshOrganization().then(() => assigned.opened());
        reads.connected(restored.profile.id);
      }
    },

    /** The machine woke up or the network came back: send waiting changes now, not after the backoff. */
    resume(): void {
      outbox.retryNow();
      if (accounts.active()) void refreshOrganization();
    },

    /**
     * A notification was clicked: its account is shown (switched to if another
     * is), then its task, as a tasktray:// link shows one.
     */
    async openTask(target: NotificationTarget): Promise<Result<null>> {
      const switched = await guardedHandlers.switchProfile({ profileId: target.profileId });
      if (!switched.ok) return switched;
      // Unpinned since the notification: its account's list is shown, without asking the popup
      // to wait for a row that will never come (the first row would not take focus meanwhile).
      const pinned = tasks.list().some((v) => v.id === target.taskId);
      events.emit(
        'view:open',
        pinned ? { screen: 'tasks', taskId: target.taskId } : { screen: 'tasks' },
      );
      return ok(null);
    },

    /** Main's timers, for what runs beside the core on its clock (the updater's schedule). */
    scheduler,

    /** What main's own timers did: a benchmark checks an idle app does not wake itself up. */
    timers: () => scheduler.stats(),

    /**
     * Tasks with a change still to send, for every profile that can send them
     * (the shown one and those behind): an update never restarts over them.
     * A removed profile's changes wait for its return, not for a restart.
     */
    waitingChanges: (): number => {
      // Only what will go out on its own: not a removed profile's changes (they wait for its
      // return) nor a refused key's (they wait for the person), which no restart would lose.
      let n = 0;
      for (const p of accounts.status().profiles)
        if ((p.hasSecret || p.demo) && outbox.pausedReason(p.id) === null)
          n += outbox.pendingTasks(p.id);
      return n;
    },

    /**
     * Plugs in the updater (started after the core, since it asks the core how
     * many changes wait): the footer hears its line, again only when it reads
     * differently (download progress moves in steps).
     */
    attachUpdates(port: UpdatesPort): void {
      stopUpdates?.();
      updates = port;
      let shown = JSON.stringify(updateFooterLine(port.view()));
      events.emit('update:changed', updateFooterLine(port.view()));
      stopUpdates = port.onChange((view) => {
        const line = updateFooterLine(view);
        const text = JSON.stringify(line);
        if (text === shown) return;
        shown = text;
        events.emit('update:changed', line);
      });
    },

    async dispose(): Promise<void> {
      stopUpdates?.();
      notifications.dispose();
      await reads.dispose();
      await assigned.dispose();
      await outbox.dispose();
      if (!opts.scheduler) scheduler.dispose();
      await accounts.dispose();
    },
  };
}

export type AppCore = ReturnType<typeof createAppCore>;
