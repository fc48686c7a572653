import type {
  ParsedInputOf,
  UpdateTaskInput,
  UpdateTasksInput,
  ViewRequest,
} from '../../common/ipc';
import { compliancePatchOf } from '../../common/compliance-change';
import type { ComplianceChange, ComplianceUpdateOutcome } from '../../common/compliance-change';
import { CompliancePatchSchema } from '../../common/compliance-task';
import type { CompliancePatch, ComplianceTask } from '../../common/compliance-task';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { isComplianceRef, parseTaskRef } from '../../common/task-ref';
import type { TaskRef } from '../../common/task-ref';
import type { PinnedTaskView } from '../../common/views';
import type { ComplianceView } from '../../common/compliance-view';
import type { AccountService } from '../accounts/account-service';
import type { NotificationTarget } from '../notify/notify-events';
import { entityKey } from '../reads/read-schemas';
import type { TaskService } from '../tasks/task-service';
import type { Assigned } from '../assigned/assigned-service';
import type { Notifications } from '../notify/notifications';
import type { TaskReads } from '../reads/task-reads';
import type { ComplianceChangeAnswer } from '../tasks/compliance-changes';
import type { AppComplianceChanges } from './compliance-change-wiring';
import type { CompliancePinning } from '../compliance/compliance-pinning';

export interface TaskActionsDeps {
  readonly accounts: Pick<AccountService, 'active'>;
  readonly tasks: TaskService;
  readonly reads: Pick<TaskReads, 'listed' | 'pinned' | 'checkRef'>;
  readonly assigned: Pick<Assigned, 'view'>;
  readonly notifications: Pick<Notifications, 'made' | 'waiting'>;
  readonly compliance: AppComplianceChanges;
  /** Compliance tasks' pins (a tasktray:// or web-app link to a `tsk_…`). */
  readonly compliancePins: Pick<CompliancePinning, 'pin' | 'pinRef'>;
  readonly switchTo: (profileId: string) => Promise<Result<unknown>>;
  readonly openView: (request: ViewRequest) => void;
}

type Patch = UpdateTaskInput['patch'];

/**
 * What the person does to tasks, from the popup, the tray menu, a link or a
 * notification. Each change is noted as made here (so it never comes back
 * as "changed by someone else") before it goes to the task service.
 */
export function createTaskActions(deps: TaskActionsDeps) {
  const { tasks, notifications } = deps;
  const shownId = () => deps.accounts.active()?.profile.id ?? '';

  /**
   * A change whose first attempt did not land waited: its landing is news
   * later. Noted for the account it was made in (`profileId`, read as it
   * was made), though another may be shown by the time it is answered.
   */
  const noteWaiting = <T extends Result<PinnedTaskView>>(profileId: string, result: T): T => {
    if (profileId && result.ok && result.value.sync === 'queued')
      notifications.waiting(profileId, result.value.id);
    return result;
  };

  /** A task pinned with no snapshot yet is read behind, so its row fills in. */
  const readIfBare = (pinned: Result<PinnedTaskView>): Result<PinnedTaskView> => {
    if (pinned.ok && pinned.value.snapshot === null) deps.reads.pinned(pinned.value.id);
    return pinned;
  };

  /** A task of "assigned to me" that is not pinned yet is pinned first, as in the popup. */
  async function fromTray(taskId: string, patch: Patch): Promise<Result<PinnedTaskView>> {
    const listed = tasks.list().some((t) => t.id === taskId)
      ? undefined
      : deps.assigned.view().tasks.find((t) => t.id === taskId);
    if (listed) {
      const entity = entityKey(listed.entityType, listed.entityId) ?? {};
      const pinned = await tasks.pinRef({ taskId, ...entity }, listed);
      if (!pinned.ok) return pinned;
    }
    const profileId = shownId();
    notifications.made(profileId, [taskId], 'tray');
    return noteWaiting(profileId, await tasks.update({ taskId, patch }));
  }

  /**
   * A compliance task's change, from wherever it was made: checked as the
   * service takes it (not_relevant needs its justification) before anything
   * is queued, then through the outbox. Noted as made here, as a task
   * item's change is: one that waited is news when it lands, a refusal is
   * news unless the popup that made it shows it.
   */
  async function changeCompliance(
    taskId: string,
    change: ComplianceChange | CompliancePatch,
    origin: 'popup' | 'tray' | 'bulk' = 'tray',
  ): Promise<Result<ComplianceChangeAnswer>> {
    const patch = 'kind' in change ? compliancePatchOf(change) : change;
    const checked = CompliancePatchSchema.safeParse(patch);
    if (!checked.success)
      return err(
        appError('bad_input', [...new Set(checked.error.issues.map((i) => i.message))].join(' ')),
      );
    const profileId = shownId();
    notifications.made(profileId, [taskId], origin);
    const answer = await deps.compliance.changes.update(taskId, checked.data);
    if (answer.ok && answer.value.outcome === 'queued') notifications.waiting(profileId, taskId);
    return answer;
  }

  const { reviews } = deps.compliance;

  return {
    fromTray,
    changeCompliance,
    /** The popup's change of a compliance task (updateComplianceTask). */
    updateCompliance: (input: { taskId: string; patch: CompliancePatch }) =>
      changeCompliance(input.taskId, input.patch, 'popup'),
    /**
     * One change for a selection of compliance tasks: each through the
     * outbox as a single change goes (checked, noted, merged, paced), each
     * answered with its own outcome once its first attempt is over.
     */
    async updateComplianceMany(input: {
      taskIds: readonly string[];
      patch: CompliancePatch;
    }): Promise<Result<ComplianceUpdateOutcome[]>> {
      const results = await Promise.all(
        input.taskIds.map((taskId) => changeCompliance(taskId, input.patch, 'bulk')),
      );
      return ok(input.taskIds.map((taskId, i) => ({ taskId, result: results[i]! })));
    },
    /** Reviews go at once (they need the person and a session), never through the outbox. */
    submitForReview: (taskId: string, approverId: string): Promise<Result<ComplianceTask>> =>
      reviews.submitForReview(taskId, approverId),
    approve: (taskId: string): Promise<Result<ComplianceTask>> => reviews.approve(taskId),
    reject: (taskId: string): Promise<Result<ComplianceTask>> => reviews.reject(taskId),
    async update(input: UpdateTaskInput): Promise<Result<PinnedTaskView>> {
      const profileId = shownId();
      notifications.made(profileId, [input.taskId], 'popup');
      return noteWaiting(profileId, await tasks.update(input));
    },
    async updateMany(input: UpdateTasksInput) {
      const profileId = shownId();
      notifications.made(profileId, input.taskIds, 'bulk');
      const outcomes = await tasks.updateMany(input);
      if (outcomes.ok) for (const o of outcomes.value) noteWaiting(profileId, o.result);
      return outcomes;
    },
    /**
     * Pasted text, or a row of Browse (its listed answer is the first
     * snapshot), refused when another account's read listed it.
     */
    async pin(ref: ParsedInputOf<'pinTask'>['ref'], at?: number): Promise<Result<PinnedTaskView>> {
      if (typeof ref === 'string') {
        // A compliance task is no task item: its pin has its own door (pinComplianceTask).
        const parsed = parseTaskRef(ref);
        if (parsed.ok && isComplianceRef(parsed.value))
          return err(
            appError(
              'bad_input',
              'That is a compliance task (tsk_…), not a task item: it is pinned among the compliance tasks.',
            ),
          );
        return readIfBare(await tasks.pin(ref));
      }
      const mine = deps.reads.checkRef(ref);
      if (!mine.ok) return mine;
      return readIfBare(await tasks.pinRef(ref, deps.reads.listed(ref.taskId), at));
    },
    /**
     * A compliance task pinned from the popup (its pin field, the clipboard's
     * offer); with `open`, then shown in its own view as a link's is.
     */
    async pinCompliance(
      input: ParsedInputOf<'pinComplianceTask'>,
    ): Promise<Result<ComplianceView>> {
      const pinned = await deps.compliancePins.pin(input.ref, input.at);
      const ref = typeof input.ref === 'string' ? parseTaskRef(input.ref) : ok(input.ref);
      if (pinned.ok && input.open && ref.ok)
        deps.openView({ screen: 'compliance', taskId: ref.value.taskId });
      return pinned;
    },
    /**
     * A task from a tasktray:// link: pinned like a pasted one, with the same
     * checks, a compliance task among the compliance tasks; answered with
     * the screen that shows it.
     */
    async pinLink(ref: TaskRef): Promise<Result<ViewRequest>> {
      if (isComplianceRef(ref)) {
        const pinned = await deps.compliancePins.pinRef(ref);
        return pinned.ok ? ok({ screen: 'compliance', taskId: ref.taskId }) : pinned;
      }
      const pinned = readIfBare(await tasks.pinRef(ref));
      return pinned.ok ? ok({ screen: 'tasks', taskId: pinned.value.id }) : pinned;
    },
    /**
     * A notification was clicked: its account is shown (switched to if another
     * is), then its task, as a tasktray:// link shows one.
     */
    async openTask(target: NotificationTarget): Promise<Result<null>> {
      const switched = await deps.switchTo(target.profileId);
      if (!switched.ok) return switched;
      if (isComplianceRef(target)) {
        deps.openView({ screen: 'compliance', taskId: target.taskId });
        return ok(null);
      }
      // Unpinned since the notification: its account's list is shown, without asking the popup
      // to wait for a row that will never come (the first row would not take focus meanwhile).
      const pinned = tasks.list().some((v) => v.id === target.taskId);
      deps.openView(pinned ? { screen: 'tasks', taskId: target.taskId } : { screen: 'tasks' });
      return ok(null);
    },
  };
}

export type TaskActions = ReturnType<typeof createTaskActions>;
