import { join } from 'node:path';
import type { TaskRef } from '../../common/task-ref';
import type { UpdateTaskInput } from '../../common/ipc';
import { createAccountService } from '../accounts/account-service';
import { createDispatcher } from '../ipc/dispatcher';
import type { Handlers } from '../ipc/handlers';
import { consoleSink, createLogger } from '../log/logger';
import type { NotificationTarget } from '../notify/notify-events';
import { createOutbox } from '../outbox/outbox';
import { createOutboxFile } from '../outbox/outbox-file';
import { createScheduler } from '../scheduler/scheduler';
import { guardFor } from '../secrets/secret-guard';
import { createSettingsStore } from '../settings/settings-store';
import { createActiveProfiles } from './active-profile';
import { createAppNotifications } from './app-notifications';
import { createAppBehindReads, createAppReads, createAppTasks } from './app-tasks';
import { createAppAssigned } from './assigned-wiring';
import { createAppCompliance } from './compliance-wiring';
import { createAppComplianceChanges } from './compliance-change-wiring';
import { createAppEvidence } from './evidence-wiring';
import { createAppCapture } from './capture-wiring';
import { coreState } from './core-state';
import { createConnectionState } from './connection-state';
import { OUTBOX_FILE, SETTINGS_FILE } from './core-options';
import type { AppCoreOptions } from './core-options';
import { createEvents } from './events';
import { BOUNDS } from '../../common/bounds';
import { tooLargeMessage } from '../lib/json-size';
import type { EventListener } from './events';
import { createHandlers, guardedHandlers } from './ipc-handlers';
import { createOrganizationState } from './organization-state';
import { outboxListeners } from './outbox-listeners';
import { createOutboxRelay } from './outbox-relay';
import { createProfiles } from './profiles';
import { createChangePacing } from './request-pacing';
import { createSettingsChanges } from './settings-changes';
import { createReadBudgets } from '../reads/read-budgets';
import { createShownState } from './shown-state';
import { startUp } from './start-up';
import { createTaskActions } from './task-actions';
import { createTaskCreates } from './task-creates';
import { createUpdatesLink } from './updates-link';
import { createBackgroundSync } from './background-sync';
import { followConnection, followPower } from '../sync/sync-power';
import type { PowerEvent } from '../sync/sync-power';
import type { ConnectionView } from '../../common/views';
import type { UpdatesPort } from './updates-link';

export type { AppCoreOptions, Confirmation, OutboxOptions } from './core-options';
export { OUTBOX_FILE, SETTINGS_FILE } from './core-options';
export type { UpdatesPort } from './updates-link';

/**
 * The composition root of main, with no Electron in sight: it names every
 * service and who feeds whom, then starts and disposes them. index.ts plugs
 * Electron in; the tests plug in Node's fetch, temp folders, the real
 * keychain and the reference service. docs/ARCHITECTURE.md draws the map.
 */
export function createAppCore(opts: AppCoreOptions) {
  // One guard for everything that leaves main or goes to disk (docs/ARCHITECTURE.md, invariant 1).
  // It reads the secrets lazily: accounts exist by the time anything is written, sent or logged.
  const guard = guardFor(() => accounts.secretsInUse());
  const redact = <T>(value: T): T => guard().value(value);
  const log = createLogger(opts.logSink ?? consoleSink, () => accounts.secretsInUse());
  const settings = createSettingsStore({
    filePath: join(opts.userDataDir, SETTINGS_FILE),
    redact,
    release: opts.appVersion,
  });
  const events = createEvents(redact, (event) =>
    log.warn(tooLargeMessage(`The ${event} event`, BOUNDS.ipcBytes)),
  );
  const accounts = createAccountService({
    ...opts,
    settings,
    timeoutMs: opts.timeoutMs ?? 15_000,
    log,
  });
  const scheduler =
    opts.scheduler ?? createScheduler({ onError: (label, e) => log.error(`${label} failed`, e) });
  const { pacer, followSetting: followRateSetting } = createChangePacing(
    opts.outbox?.rate,
    settings,
    scheduler,
  );

  // The reads' budget per service address, shared by every room that reads (reads/read-budget.ts).
  const readBudgets = createReadBudgets(scheduler);
  const profiles = createActiveProfiles(accounts, settings);
  const shown = createShownState(events, accounts);
  const updates = createUpdatesLink((line) => events.emit('update:changed', line));
  const relay = createOutboxRelay();
  const outbox = createOutbox({
    store: createOutboxFile({
      filePath: join(opts.userDataDir, OUTBOX_FILE),
      redact,
      release: opts.appVersion,
    }),
    scheduler,
    pacer,
    // Each profile's changes go out with its own credentials, shown or not (docs/ARCHITECTURE.md, invariant 7).
    clientFor: (profileId) => accounts.clientFor(profileId),
    complianceFor: (profileId) => accounts.complianceFor(profileId),
    ...relay.ends,
    ...{ log, backoff: opts.outbox?.backoff, random: opts.outbox?.random },
  });
  const isOnline = () => opts.isOnline?.() ?? true;
  const connection = createConnectionState({
    ...{ accounts, profiles, settings, outbox, isOnline },
    waits: { readsMs: () => readBudgets.personWaitMs(), changesMs: () => pacer.drainMs() },
    onShown: (view) => {
      events.emit('connection:changed', view);
      updates.changesWaitingChanged();
    },
  });
  // A read of the person's starts or stops waiting for the service's limit: the popup says so.
  readBudgets.onWaitChanged(() => connection.emit());
  const organization = createOrganizationState({
    ...{ accounts, connection, onChanged: (org) => events.emit('org:changed', org) },
  });
  const notifications = createAppNotifications({
    ...{ clock: scheduler, settings, accounts, profiles, redact, log },
    ...{ notify: opts.notify, popupVisible: opts.popupVisible },
  });
  const behind = createAppBehindReads({ accounts, outbox, budgets: readBudgets, scheduler });
  const { assigned, cache: assignedCache } = createAppAssigned({
    ...{ userDataDir: opts.userDataDir, redact, accounts, profiles, organization, settings },
    ...{ outbox, notifications, scheduler, log, budgets: readBudgets, behind },
    emit: (view) => events.emit('assigned:changed', view),
    emitProgress: (progress) => events.emit('assigned:progress', progress),
  });
  const compliance = createAppCompliance({
    ...{ opts, events, redact, accounts, organization, assigned, settings, profiles },
    ...{ outbox, scheduler, log, budgets: readBudgets, notifications },
  });
  const tasks = createAppTasks({
    ...{ accounts, profiles, organization, outbox, assigned, notifications, connection, shown },
    log,
  });
  const complianceWrites = createAppComplianceChanges({
    ...{ accounts, profiles, outbox, assigned, log, compliance, kept: opts.complianceKept },
  });
  const evidence = createAppEvidence({ opts, accounts, profiles, scheduler, log, events, redact });
  const capture = createAppCapture({ opts, accounts, compliance, evidence, events, log });
  const listening = { accounts, profiles, tasks, notifications, connection, shown, log };
  relay.attach(outboxListeners({ ...listening, compliance: complianceWrites }));
  const reads = createAppReads({
    ...{ accounts, profiles, tasks, outbox, scheduler, log, behind },
    budgets: readBudgets,
  });
  const sync = createBackgroundSync({
    ...{ accounts, profiles, reads, assigned, settings, scheduler, log, isOnline },
    shownRefused: () => connection.view().state === 'unauthorized',
    compliance: compliance.reads,
    onChanged: () => connection.emit(),
  });
  events.on((event, payload) => {
    if (event === 'connection:changed')
      followConnection(sync, (payload as ConnectionView).state, accounts.othersSignedIn());
    compliance.followEvent(event);
  });
  const people = createProfiles({
    ...{ accounts, active: profiles, settings, organization, connection, shown },
    ...{ outbox, tasks, reads, assigned, notifications },
    // Main asks the person itself; where it cannot, the answer is no.
    confirm: opts.confirm ?? (async () => false),
    sync: compliance.alongside(sync),
  });
  const settingsChanges = createSettingsChanges({
    ...{ ...opts, settings, log },
    onChanged: (view) => {
      opts.onSettingsChanged?.(view);
      // The tray menu changes settings too: the popup follows.
      events.emit('settings:changed', view);
    },
    ...{ onRateChanged: followRateSetting, onSyncChanged: () => sync.followSetting() },
  });
  const actions = createTaskActions({
    ...{ accounts, tasks, reads, assigned, notifications },
    ...{ compliance: complianceWrites, compliancePins: compliance.pinning },
    switchTo: async (profileId) => redact(await people.switchTo(profileId)),
    openView: (request) => events.emit('view:open', request),
  });
  const creates = createTaskCreates({ ...listening, reads, outbox, settings, events });
  const coreParts = { accounts, organization, tasks, connection, sync, assigned, compliance };
  const handlers: Handlers = createHandlers({
    ...{ accounts, profiles: people, organization, connection, outbox, tasks, actions },
    ...{ reads, sync, compliance, creates, evidence: evidence.handlers, capture: capture.handlers },
    ...{ assigned, settings: settingsChanges, updates, os: opts },
  });
  return {
    /** For main's own adapters: answered through the guard, as IPC answers are. */
    handlers: guardedHandlers(handlers, redact),
    /** Text an adapter shows outside the popup (a notification), through the guard. */
    safeText: (text: string): string => guard().text(text),
    dispatch: createDispatcher(handlers, { log, guard }),
    log,
    onEvent: (listener: EventListener) => events.on(listener),
    /** What the tray shows (and tests read): through the same guard as the popup's events. */
    state: () => redact(coreState({ ...coreParts, settings: settingsChanges })),
    /** Tells the popup the settings' view changed outside setSettings (the shortcut at start). */
    settingsChanged: () => events.emit('settings:changed', settingsChanges.view()),
    /** A tasktray:// link's task pinned, answered with its screen; refused: in a notification, so guarded. */
    pinRef: async (ref: TaskRef) => redact(await actions.pinLink(ref)),
    /** From the tray menu: an assigned task not pinned yet is pinned first. */
    setStatus: (taskId: string, status: UpdateTaskInput['patch']['status']) =>
      actions.fromTray(taskId, { status }),
    setPriority: (taskId: string, priority: UpdateTaskInput['patch']['priority']) =>
      actions.fromTray(taskId, { priority }),
    /** Each profile's compliance tasks as kept: the reminders, the tray and the outbox build on it. */
    compliance: compliance.kept,
    /** From the tray menu or a notification: a compliance task's change, as the popup's. */
    changeCompliance: actions.changeCompliance,
    complianceWebUrl: (taskId: string) => compliance.webUrlOf(taskId),
    startCapture: capture.start, // "Capture evidence…" (tray, shortcut): the popup shows the chooser
    start: () =>
      startUp({
        ...{ userDataDir: opts.userDataDir, log, settings, settingsChanges, followRateSetting },
        ...{ assignedCache, outbox, accounts, shown, tasks, connection, organization },
        ...{ assigned, reads, compliance, evidence },
      }).then(() => sync.start()),
    /** The machine woke up or the network came back: send waiting changes now, not after the backoff. */
    resume(): void {
      for (const queue of [outbox, evidence.queue]) queue.retryNow();
      if (accounts.active()) void organization.refresh();
    },
    /** The computer sleeps or wakes, the screen locks or unlocks (powerMonitor): the background follows. */
    power: (event: PowerEvent): void => followPower(compliance.alongsidePower(sync), event),
    /** A notification was clicked: its account is shown, then its task. */
    openTask: (target: NotificationTarget) => actions.openTask(target),
    openNewTask: creates.open, // the tray's "New task…" and its shortcut
    /** The background sync: its phase and freshness, and a round's end for tests and the bench. */
    backgroundSync: sync,
    /** Main's timers, for what runs beside the core on its clock (the updater's schedule). */
    scheduler,
    /** What main's own timers did: a benchmark checks an idle app does not wake itself up. */
    timers: () => scheduler.stats(),
    /** Changes an update must not restart over (profiles.ts: only those that go out on their own). */
    waitingChanges: (): number => people.waitingChanges(),
    /** Plugs in the updater, started after the core since it asks how many changes wait. */
    attachUpdates: (port: UpdatesPort): void => updates.attach(port),
    async dispose(): Promise<void> {
      updates.dispose();
      notifications.dispose();
      sync.dispose();
      // First: a read waiting its turn is let go (false), so the rooms below finish.
      readBudgets.dispose();
      behind.dispose();
      await reads.dispose();
      await assigned.dispose();
      await Promise.all([compliance.dispose(), evidence.queue.dispose()]);
      await outbox.dispose();
      if (!opts.scheduler) scheduler.dispose();
      await accounts.dispose();
    },
  };
}

export type AppCore = ReturnType<typeof createAppCore>;
