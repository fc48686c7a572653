import { join } from 'node:path';
import { bothProblems } from '../../common/result';
import type { AccountService } from '../accounts/account-service';
import { ASSIGNED_FILE } from '../assigned/assigned-cache';
import type { AssignedCache } from '../assigned/assigned-cache';
import { COMPLIANCE_FILE } from '../compliance/compliance-file';
import type { Logger } from '../log/logger';
import type { Outbox } from '../outbox/outbox';
import { removeLeftoverTempFiles } from '../storage/atomic-file';
import type { SettingsStore } from '../settings/settings-store';
import type { TaskService } from '../tasks/task-service';
import type { Assigned } from '../assigned/assigned-service';
import type { ConnectionState } from './connection-state';
import { OUTBOX_FILE, SETTINGS_FILE } from './core-options';
import type { OrganizationState } from './organization-state';
import type { SettingsChanges } from './settings-changes';
import type { ShownState } from './shown-state';
import type { TaskReads } from '../reads/task-reads';

export interface StartUpDeps {
  readonly userDataDir: string;
  readonly log: Logger;
  readonly settings: SettingsStore;
  readonly settingsChanges: Pick<SettingsChanges, 'followLoginItem'>;
  /** The pacer takes the saved requests-per-minute. */
  readonly followRateSetting: () => void;
  readonly assignedCache: AssignedCache;
  readonly outbox: Outbox;
  readonly accounts: AccountService;
  readonly shown: ShownState;
  readonly tasks: TaskService;
  readonly connection: ConnectionState;
  readonly organization: OrganizationState;
  readonly assigned: Assigned;
  readonly reads: TaskReads;
  /** Each profile's compliance tasks as kept (compliance.json). */
  readonly compliance: { load(): Promise<void> };
  /** Evidence the last run left waiting to upload (evidence-wiring.ts): loaded, then sent. */
  readonly evidence?: { start(): Promise<void> };
}

/**
 * Loads settings, the saved profile and the changes a previous run left in
 * the outbox; reaches the service (and replays those changes) in the background.
 */
export async function startUp(d: StartUpDeps): Promise<void> {
  // A crash mid-write leaves a temp copy of settings or the outbox: nothing else would remove it.
  for (const name of [SETTINGS_FILE, OUTBOX_FILE, ASSIGNED_FILE, COMPLIANCE_FILE]) {
    const removed = await removeLeftoverTempFiles(join(d.userDataDir, name));
    if (removed > 0)
      d.log.info(
        `Removed ${removed} unfinished cop${removed === 1 ? 'y' : 'ies'} of ${name} left by a crash.`,
      );
  }
  const loaded = await d.settings.load();
  await d.settingsChanges.followLoginItem();
  d.followRateSetting();
  await d.assignedCache.load();
  await d.compliance.load();
  const outboxProblem = await d.outbox.load();
  if (outboxProblem) d.log.warn(outboxProblem.message);
  // Both said when both files had one: each names its own file and what was lost from it.
  const problem = bothProblems(loaded.problem, outboxProblem);
  if (problem) d.accounts.setProblem(problem);
  await d.accounts.restore();
  d.shown.account();
  d.shown.tasks(d.tasks.list());
  d.connection.emit();
  d.outbox.refresh();
  await d.evidence?.start();
  const restored = d.accounts.active();
  if (restored) {
    // The organization first: a session's member is found in it.
    void d.organization.refresh().then(() => d.assigned.opened());
    d.reads.connected(restored.profile.id);
  }
}
