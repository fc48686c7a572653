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

export interface AppComplianceDeps {
  /** Where the kept lists go, and how the service is reached (as the accounts reach it). */
  readonly opts: Pick<AppCoreOptions, 'userDataDir' | 'fetch' | 'timeoutMs'>;
  readonly events: { emit(event: 'compliance:changed', view: ComplianceView): void };
  readonly redact: <T>(value: T) => T;
  readonly accounts: Pick<AccountService, 'active'>;
  readonly organization: Pick<OrganizationState, 'current'>;
  readonly assigned: Pick<Assigned, 'view' | 'me'>;
  readonly settings: Pick<SettingsStore, 'get'>;
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
  // The account shown: invariant 9 keeps reads to it (docs/ARCHITECTURE.md) until the background sync reads others.
  const account = (profileId: string): ComplianceAccount | null => {
    const a = accounts.active();
    if (a?.profile.id !== profileId) return null;
    return { client: a.client, compliance: complianceOf(a), address: a.profile.baseUrl };
  };

  const view = (): ComplianceView => {
    const a = accounts.active();
    if (!a) return NO_COMPLIANCE;
    const id = a.profile.id;
    return complianceView({
      kept: keeper.list(id),
      availability: reads.availability(id),
      authKind: a.profile.authKind,
      memberId: deps.assigned.view().me?.id ?? null,
      organizationId: deps.organization.current()?.id ?? a.profile.organizationId ?? null,
      signInUrl: deps.settings.get().signInUrl,
      nowMs: deps.scheduler.now(),
    });
  };
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
  });
  keeper.on((profileId) => {
    if (shownIs(profileId)) changed();
  });

  /** The popup's read of the shown account (its opening, or getCompliance before any read this run). */
  const readShown = (): Promise<void> => {
    const a = accounts.active();
    return a ? reads.opened(a.profile.id) : Promise.resolve();
  };

  return {
    /** What the reminders, the tray and the outbox build on. */
    kept: keeper as KeptCompliance,
    reads,
    load: () => keeper.load(),
    /** The popup opened or asked again: the shown account's list is read (a 304 when unchanged). */
    refresh: readShown,
    /** getCompliance: the view as kept, and a read when none was made this run. */
    async opened(): Promise<ComplianceView> {
      const a = accounts.active();
      // Who "me" is, asked once a run: the view is the person's own tasks.
      await deps.assigned.me();
      if (a && !reads.asked(a.profile.id)) void readShown();
      return view();
    },
    /** The view is the shown account's, for the person "me" is, in its organization: it follows them. */
    followEvent(event: EventName): void {
      if (event === 'account:changed' || event === 'assigned:changed' || event === 'org:changed')
        changed();
    },
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
        },
      };
    },
    view,
    dispose: () => reads.dispose(),
  };
}
export type AppCompliance = ReturnType<typeof createAppCompliance>;
