import { assignedForTray } from '../assigned/assigned-view';
import type { Assigned } from '../assigned/assigned-service';
import type { AccountService } from '../accounts/account-service';
import type { TaskService } from '../tasks/task-service';
import { MAX_TRAY_TASKS } from '../tray/menu';
import type { BackgroundSync } from './background-sync';
import type { ConnectionState } from './connection-state';
import type { OrganizationState } from './organization-state';
import type { SettingsChanges } from './settings-changes';
import type { AppDeadlines } from './deadlines-wiring';

/** What the tray shows (and tests read), gathered from the services; the core guards it. */
export const coreState = (s: {
  readonly accounts: Pick<AccountService, 'status'>;
  readonly organization: Pick<OrganizationState, 'current'>;
  readonly tasks: Pick<TaskService, 'list'>;
  readonly connection: Pick<ConnectionState, 'view'>;
  readonly sync: Pick<BackgroundSync, 'freshness'>;
  readonly settings: Pick<SettingsChanges, 'view'>;
  readonly assigned: Pick<Assigned, 'view'>;
  /** The shown account's compliance tasks due today or overdue (app/deadlines-wiring.ts). */
  readonly compliance: { readonly deadlines: Pick<AppDeadlines, 'tray'> };
}) => ({
  account: s.accounts.status(),
  organization: s.organization.current(),
  tasks: s.tasks.list(),
  connection: s.connection.view(),
  freshness: s.sync.freshness(),
  settings: s.settings.view(),
  // Redrawn and compared on every event: the tray's few tasks, not the list.
  assigned: assignedForTray(
    s.assigned.view(),
    new Set(s.tasks.list().map((t) => t.id)),
    MAX_TRAY_TASKS,
  ),
  deadlines: s.compliance.deadlines.tray(),
});
