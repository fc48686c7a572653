import { join } from 'node:path';
import type { ComplianceView } from '../../common/compliance-view';
import type { EventName } from '../../common/channels';
import { sameData } from '../../common/same-data';
import type { AccountService } from '../accounts/account-service';
import { complianceClientFor } from '../accounts/credential';
import type { ServiceReach } from '../accounts/credential';
import type { ActiveAccount } from '../accounts/signed-in-accounts';
import type { Assigned } from '../assigned/assigned-service';
import { COMPLIANCE_FILE, createComplianceFile } from '../compliance/compliance-file';
import { createComplianceKeeper } from '../compliance/compliance-kept';
import type { KeptCompliance } from '../compliance/compliance-kept';
import { createComplianceReads } from '../compliance/compliance-reads';
import type { ComplianceAccount } from '../compliance/compliance-reads';
import { complianceView, NO_COMPLIANCE } from '../compliance/compliance-view-build';
import { createCompliancePins } from '../compliance/compliance-pins';
import { createCompliancePinning } from '../compliance/compliance-pinning';
import { newlyMine } from '../compliance/newly-mine';
import type { Logger } from '../log/logger';
import type { Outbox } from '../outbox/outbox';
import type { ReadBudgets } from '../reads/read-budgets';
import type { Scheduler } from '../scheduler/scheduler';
import type { ServiceClient } from '../service/client';
import type { ComplianceClient } from '../service/compliance-client';
import type { SettingsStore } from '../settings/settings-store';
import type { OrganizationState } from './organization-state';
import type { BackgroundSync } from './background-sync';
import type { AppCoreOptions } from './core-options';
import type { ActiveProfiles } from './active-profile';
import { createAppDeadlines } from './deadlines-wiring';
import type { Notifications } from '../notify/notifications';
import type { PauseReason } from '../sync/sync-state';
import type { ComplianceChanges } from '../tasks/compliance-changes';
import { createTurnBatch } from '../tasks/turn-batch';

/** The person's changes on their way (tasks/compliance-changes.ts), plugged in once both exist. */
export type ComplianceChangesPort = Pick<ComplianceChanges, 'view' | 'on'>;

export interface AppComplianceDeps {
  /** Where the kept lists go, and how the service is reached (as the accounts reach it). */
  readonly opts: Pick<AppCoreOptions, 'userDataDir' | 'fetch' | 'timeoutMs'>;
  readonly events: { emit(event: 'compliance:changed', view: ComplianceView): void };
  readonly redact: <T>(value: T) => T;
  readonly accounts: Pick<AccountService, 'active' | 'signedIn' | 'signedInIds'>;
  readonly organization: Pick<OrganizationState, 'current'>;
  readonly assigned: Pick<Assigned, 'view' | 'me' | 'meOf'>;
  readonly profiles: Pick<ActiveProfiles, 'saved' | 'active'>;
  readonly notifications: Pick<Notifications, 'remind' | 'assignedCompliance'>;
  readonly settings: Pick<SettingsStore, 'get' | 'update'>;
  readonly outbox: Pick<Outbox, 'quiet'>;
  readonly budgets: ReadBudgets;
  readonly scheduler: Scheduler;
  readonly log: Logger;
}

/**
 * The shown account's compliance tasks: kept per profile in compliance.json
 * (compliance/), read at the popup's opening and each sync round, and shown
 * as the person's own (compliance:changed whenever that view changes).
 */
export function createAppCompliance(deps: AppComplianceDeps) {
  const { accounts, log } = deps;
  const keeper = createComplianceKeeper(
    createComplianceFile({
      filePath: join(deps.opts.userDataDir, COMPLIANCE_FILE),
      redact: deps.redact,
      onProblem: (message) => log.warn(message),
    }),
  );
  const reach: ServiceReach = { fetch: deps.opts.fetch, timeoutMs: deps.opts.timeoutMs ?? 15_000 };
  // One compliance client per signed-in client: the same key, the same client, for its life.
  const clients = new WeakMap<ServiceClient, ComplianceClient>();
  const complianceOf = (a: ActiveAccount): ComplianceClient => {
    let c = clients.get(a.client);
    if (!c) {
      const { baseUrl, authKind, organizationId } = a.profile;
      c = complianceClientFor(reach, { baseUrl, authKind, organizationId, secret: a.secret });
      clients.set(a.client, c);
    }
    return c;
  };
  // Any account signed in, shown or not: the background sync reads each with its own key.
  const account = (profileId: string): ComplianceAccount | null => {
    const shown = accounts.active();
    const a = shown?.profile.id === profileId ? shown : accounts.signedIn(profileId);
    if (!a) return null;
    return { client: a.client, compliance: complianceOf(a), address: a.profile.baseUrl };
  };

  let changes: ComplianceChangesPort | null = null;
  const pins = createCompliancePins({ settings: deps.settings, now: () => deps.scheduler.now() });
  const pinOwner = () => {
    const p = deps.profiles.active();
    return p ? { profileId: p.profileId, durable: p.durable, scope: p.pins } : null;
  };
  const shownPins = (id: string | undefined): string[] =>
    ((o) => (o && o.profileId === id ? pins.ids(o) : []))(pinOwner());
  const organizationId = (): string | null =>
    deps.organization.current()?.id ?? accounts.active()?.profile.organizationId ?? null;
  const view = (): ComplianceView => {
    const a = accounts.active();
    if (!a) return NO_COMPLIANCE;
    const id = a.profile.id;
    const meId = deps.assigned.view().me?.id ?? null;
    const port = changes;
    return complianceView({
      overlay: port ? (task) => port.view(id, task, meId) : undefined,
      pinnedIds: shownPins(id),
      kept: keeper.list(id),
      availability: reads.availability(id),
      authKind: a.profile.authKind,
      memberId: meId,
      organizationId: organizationId(),
      signInUrl: deps.settings.get().signInUrl,
      nowMs: deps.scheduler.now(),
    });
  };
  const deadlines = createAppDeadlines({
    ...{ userDataDir: deps.opts.userDataDir, kept: keeper, accounts, profiles: deps.profiles },
    ...{ assigned: deps.assigned, notifications: deps.notifications, settings: deps.settings },
    ...{ scheduler: deps.scheduler, log },
    pinned: () => shownPins(accounts.active()?.profile.id),
  });
  const titleIn = (profileId: string, taskId: string): string | null =>
    keeper.list(profileId)?.tasks.find((t) => t.id === taskId)?.title ?? null;
  let told: ComplianceView | null = null;
  /** Tells the popup when what it shows would change; the same view twice is told once. */
  const changed = (): void => {
    const next = view();
    if (told && sameData(told, next)) return;
    told = next;
    deps.events.emit('compliance:changed', next);
  };
  const shownIs = (profileId: string) => accounts.active()?.profile.id === profileId;

  const reads = createComplianceReads({
    keeper,
    account,
    budgets: deps.budgets,
    quiet: () => deps.outbox.quiet(),
    scheduler: deps.scheduler,
    log,
    onAvailability: (profileId) => {
      if (shownIs(profileId)) changed();
    },
    // Someone gave the person a task (their own changes landed in the kept list before).
    onRead: (profileId, before, after) => {
      const me = deps.assigned.meOf(profileId) ?? deps.profiles.saved(profileId)?.memberId ?? null;
      for (const t of newlyMine(before, after, me))
        deps.notifications.assignedCompliance(profileId, t.id, t.title);
    },
  });
  keeper.on((profileId) => {
    if (shownIs(profileId)) changed();
  });
  // Local midnight: the same tasks, other words of days ("due today"): told again, and the
  // tray, redrawn on every event, says them anew.
  deadlines.onDayTurned(() => {
    told = null;
    changed();
  });
  pins.on((profileId) => {
    if (!shownIs(profileId)) return;
    deadlines.pinsChanged();
    changed();
  });
  const pinning = createCompliancePinning({ pins, active: pinOwner, organizationId, view });

  /** The popup's read of the shown account (its opening, or getCompliance before any read this run). */
  const readShown = (): Promise<void> => {
    const a = accounts.active();
    return a ? reads.opened(a.profile.id) : Promise.resolve();
  };

  return {
    /** The changes on their way are shown over the kept tasks; the view is told again when they move. */
    attachChanges(port: ComplianceChangesPort): void {
      changes = port;
      // A bulk change moves the outbox hundreds of times a turn; the view (a few ms for a
      // large organization) is built once per turn.
      const batch = createTurnBatch(changed);
      port.on((profileId) => {
        if (shownIs(profileId)) batch.soon();
      });
    },
    /** Pinning compliance tasks (a link, a paste, the popup): pinComplianceTask, unpinComplianceTask. */
    pinning,
    /** What the reminders, the tray and the outbox build on. */
    kept: keeper as KeptCompliance,
    reads,
    /** What is due, reminded and shown in the tray (deadlines-wiring.ts). */
    deadlines,
    async load(): Promise<void> {
      await keeper.load();
      await deadlines.start();
    },
    /** The popup opened or asked again: the shown account's list is read (a 304 when unchanged). */
    refresh: readShown,
    /** getCompliance: the view as kept, and a read when none was made this run. */
    async opened(): Promise<ComplianceView> {
      const a = accounts.active();
      // Who "me" is, checked once a run: the view is the person's own tasks. A key's kept
      // choice answers at once from what was kept (the check is a read of the people; the
      // view is told again if it changes); with none yet (a session) the answer waits for it.
      const asking = deps.assigned.me();
      if (deps.assigned.view().me)
        void asking.then(changed, (e: unknown) => log.error('Who "me" is', e));
      else await asking;
      if (a && !reads.asked(a.profile.id)) void readShown();
      return view();
    },
    /** The view is the shown account's, for the person "me" is, in its organization: it follows them. */
    followEvent(event: EventName): void {
      if (event === 'account:changed' || event === 'assigned:changed' || event === 'org:changed') {
        changed();
        // Signed in, or who "me" is learnt: their reminders may be due.
        deadlines.check();
      }
    },
    /** The background sync's pause and unpause, with a reminders check on waking (the time zone may have moved). */
    alongsidePower(sync: Pick<BackgroundSync, 'pause' | 'unpause'>) {
      return {
        pause: (reason: PauseReason) => sync.pause(reason),
        unpause(reason: PauseReason): void {
          sync.unpause(reason);
          deadlines.check();
        },
      };
    },
    /** A compliance task's title as kept for a profile (a notification); null: not kept. */
    titleIn,
    /** …for the shown account (the clipboard offer). */
    titleOf: (taskId: string): string | null => {
      const a = accounts.active();
      return a ? titleIn(a.profile.id, taskId) : null;
    },
    /** "Open…" of a compliance task (the tray): its page in the web app, when it is known. */
    webUrlOf: (taskId: string): string | null =>
      [...view().tasks, ...view().pinned].find((t) => t.id === taskId)?.webUrl ?? null,
    /** The background sync's connect and forget, with the compliance reads' beside them. */
    alongside(sync: Pick<BackgroundSync, 'connected' | 'forget'>) {
      return {
        connected(profileId: string): void {
          sync.connected(profileId);
          reads.connected(profileId);
        },
        forget(profileId: string): void {
          sync.forget(profileId);
          reads.forget(profileId);
          void deadlines.reminders.forget(profileId);
        },
      };
    },
    view,
    async dispose(): Promise<void> {
      await deadlines.dispose();
      await reads.dispose();
    },
  };
}
export type AppCompliance = ReturnType<typeof createAppCompliance>;
