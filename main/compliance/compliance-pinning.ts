import type { ComplianceView } from '../../common/compliance-view';
import { appError, err, ok } from '../../common/result';
import type { Result } from '../../common/result';
import { isComplianceRef, parseTaskRef } from '../../common/task-ref';
import type { TaskRef } from '../../common/task-ref';
import type { CompliancePins, PinOwner } from './compliance-pins';

export interface CompliancePinningDeps {
  readonly pins: Pick<CompliancePins, 'pin' | 'unpin'>;
  /** The shown profile, and whether its pins are kept on disk (the demo's are not). */
  readonly active: () => PinOwner | null;
  /** The signed-in organization's id, when known, to refuse links to another one. */
  readonly organizationId: () => string | null;
  /** The view after the pin: what the popup shows, its pinned list with the task. */
  readonly view: () => ComplianceView;
}

const notConnected = () => err(appError('not_connected', 'Connect to the service first.'));

/**
 * Pinning a compliance task from a link, a paste or the popup: the same
 * checks as a task item's pin (another organization's link is refused in
 * the same words), answered with the view that shows it.
 */
export function createCompliancePinning(deps: CompliancePinningDeps) {
  async function pinRef(ref: TaskRef, at?: number): Promise<Result<ComplianceView>> {
    if (!isComplianceRef(ref))
      return err(
        appError(
          'bad_input',
          'That is a task item (tski_…), not a compliance task: pin it with the task list.',
        ),
      );
    const o = deps.active();
    if (!o) return notConnected();
    const orgId = deps.organizationId();
    if (ref.organizationId && orgId && ref.organizationId !== orgId)
      return err(
        appError(
          'bad_input',
          `That link is for organization ${ref.organizationId}, but Task Tray is signed in to ${orgId}. Sign in to that organization to pin it.`,
        ),
      );
    const saved = await deps.pins.pin(o, ref.taskId, at);
    return saved.ok ? ok(deps.view()) : saved;
  }

  return {
    pinRef,
    /** Pasted text or a reference main parsed (the clipboard offer). */
    async pin(ref: string | TaskRef, at?: number): Promise<Result<ComplianceView>> {
      if (typeof ref !== 'string') return pinRef(ref, at);
      const parsed = parseTaskRef(ref);
      return parsed.ok ? pinRef(parsed.value, at) : parsed;
    },
    async unpin(taskId: string): Promise<Result<ComplianceView>> {
      const o = deps.active();
      if (!o) return notConnected();
      const saved = await deps.pins.unpin(o, taskId);
      return saved.ok ? ok(deps.view()) : saved;
    },
  };
}

export type CompliancePinning = ReturnType<typeof createCompliancePinning>;
