import { isComplianceTaskId } from '../../common/compliance-task';
import { isLocalTaskId } from '../../common/task-create';
import type { AccountService } from '../accounts/account-service';
import type { ComplianceChanges } from '../tasks/compliance-changes';
import type { Logger } from '../log/logger';
import type { TaskService } from '../tasks/task-service';
import type { ActiveProfiles } from './active-profile';
import type { AppComplianceChanges } from './compliance-change-wiring';
import type { ConnectionState } from './connection-state';
import type { Notifications } from '../notify/notifications';
import type { OutboxListeners } from './outbox-relay';
import type { ShownState } from './shown-state';

export interface OutboxListenersDeps {
  readonly accounts: Pick<AccountService, 'active' | 'setProblem'>;
  readonly profiles: Pick<ActiveProfiles, 'pinsFor'>;
  readonly tasks: Pick<TaskService, 'landed' | 'refused' | 'changed' | 'created' | 'creating'>;
  /** Compliance tasks' changes, and their titles as kept (a refusal's notification names the task). */
  readonly compliance: Pick<AppComplianceChanges, 'titleIn'> & {
    readonly changes: Pick<ComplianceChanges, 'landed' | 'refused' | 'outboxChanged'>;
  };
  readonly notifications: Pick<Notifications, 'landed' | 'refused' | 'renamed'>;
  readonly connection: Pick<ConnectionState, 'noteOutcome' | 'emit'>;
  readonly shown: Pick<ShownState, 'account'>;
  readonly log: Logger;
}

/**
 * What becomes of a change once the outbox has an answer: the row shows it,
 * the notifications hear it, and the connection state follows the shown
 * account's last answer. Another account's answers change only its line in
 * the list of accounts.
 */
export function outboxListeners(deps: OutboxListenersDeps): OutboxListeners {
  const { tasks, notifications, connection } = deps;
  const isShown = (profileId: string) => deps.accounts.active()?.profile.id === profileId;
  return {
    onLanded: (profileId, taskId, task, keepError, morePieces) => {
      notifications.landed(profileId, taskId, task, morePieces);
      return tasks.landed(profileId, taskId, task, keepError);
    },
    onComplianceLanded: async (profileId, taskId, task, keepError) => {
      notifications.landed(profileId, taskId, task);
      deps.compliance.changes.landed(profileId, taskId, task, keepError);
    },
    // A task made here: pinned under its real id before the create leaves the outbox.
    onCreated: (profileId, localId, task) => {
      // One that waited is news once made, as a waiting change is; clicked, it opens the new pin.
      notifications.renamed(profileId, localId, task.id);
      notifications.landed(profileId, task.id, task);
      return tasks.created(profileId, localId, task);
    },
    onRefused: (profileId, taskId, error, morePieces) => {
      // A task being made here is no pin: its row goes, and a notification says the service's words.
      if (isLocalTaskId(taskId)) {
        const title = tasks.creating(profileId, taskId)?.snapshot?.title ?? null;
        notifications.refused(profileId, taskId, error, { title, unpinned: true });
        tasks.changed();
        return Promise.resolve();
      }
      // A compliance task is no pin: its kept task shows again, with the service's words.
      if (isComplianceTaskId(taskId)) {
        const title = deps.compliance.titleIn(profileId, taskId);
        notifications.refused(profileId, taskId, error, { title, morePieces });
        return deps.compliance.changes.refused(profileId, taskId, error);
      }
      const unpinned = !deps.profiles.pinsFor(profileId)?.get(taskId);
      notifications.refused(profileId, taskId, error, { unpinned, morePieces });
      return tasks.refused(profileId, taskId, error);
    },
    onAttempt: (profileId, error) => {
      if (isShown(profileId)) connection.noteOutcome(error);
    },
    onPaused: (profileId, error) => {
      if (!isShown(profileId)) {
        // Its profile is not shown: the list of accounts says it waits; nothing else changes.
        deps.log.warn(`Changes of a profile not shown are paused: ${error.message}`);
        connection.emit();
        return;
      }
      deps.accounts.setProblem({
        ...error,
        message: `${error.message} Your changes are kept and will be sent once you reconnect.`,
      });
      deps.shown.account();
      connection.emit();
    },
    onChange: () => {
      tasks.changed();
      deps.compliance.changes.outboxChanged();
    },
  };
}
