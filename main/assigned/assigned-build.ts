import { appError, err, ok } from '../../common/result';
import type { AppError, Result } from '../../common/result';
import type { Task } from '../../common/task';
import type { EntityKey } from '../reads/read-schemas';
import type { ServiceReads } from '../reads/service-reads';
import { judgeReadFailure } from '../reads/read-availability';
import { BOUNDS } from '../../common/bounds';
import { createGathering } from './assigned-gather';

export interface BuildProgress {
  /** Vendors and risks read so far… */
  readonly done: number;
  /** …of this many (0 until they are listed). */
  readonly total: number;
}

export interface BuildDeps {
  readonly reads: ServiceReads;
  readonly memberId: string;
  readonly onProgress: (progress: BuildProgress) => void;
  /** Waits before trying a failed read again (the scheduler's timer; tests make it short). */
  readonly wait: (ms: number) => Promise<void>;
  /** Stops the build between reads (signed out, another person chosen, quit). */
  readonly stopped: () => boolean;
}

export type BuildOutcome =
  | {
      readonly kind: 'built';
      /** The most pressing open tasks, at most BOUNDS.assignedShown, without descriptions. */
      readonly tasks: Task[];
      /** Open tasks met beyond those. */
      readonly more: number;
      readonly note: string | null;
    }
  | { readonly kind: 'stopped' }
  | { readonly kind: 'failed'; readonly error: AppError };

/** How often one vendor's or risk's read is tried before the build gives up on it. */
export const ATTEMPTS = 5;
const TRANSIENT = new Set(['rate_limited', 'server', 'network', 'timeout']);

/**
 * "Assigned to me": the service has no list of one person's tasks, so every
 * vendor and risk is asked for the task items assigned to the member
 * (../shared/SERVICE.md). A 429 or a 5xx on the way is waited out and the
 * same read tried again (the pacer holds after a 429), so the build finishes
 * and nothing is counted twice (tasks are kept by id). What is kept is
 * bounded in total (assigned-gather.ts).
 */
export async function buildAssigned(deps: BuildDeps): Promise<BuildOutcome> {
  const vendors = await listed(deps, () => deps.reads.vendors());
  if (deps.stopped()) return { kind: 'stopped' };
  const riskList = await listed(deps, () => deps.reads.risks());
  if (deps.stopped()) return { kind: 'stopped' };
  if (!vendors.ok && !riskList.ok) return { kind: 'failed', error: vendors.error };
  const entities: EntityKey[] = [
    ...(vendors.ok
      ? vendors.value.items.map((v) => ({ entityType: 'vendor' as const, entityId: v.id }))
      : []),
    ...(riskList.ok
      ? riskList.value.items.map((r) => ({ entityType: 'risk' as const, entityId: r.id }))
      : []),
  ];
  // One kind refused (a key without vendor:read): the other is still the person's.
  const note = !vendors.ok
    ? leftOut('vendors', vendors.error)
    : !riskList.ok
      ? leftOut('risks', riskList.error)
      : vendors.value.more || riskList.value.more
        ? `Only the tasks of the first ${entities.length.toLocaleString('en-US')} vendors and risks are included.`
        : null;

  const found = createGathering(BOUNDS.assignedShown);
  deps.onProgress({ done: 0, total: entities.length });
  for (const [i, entity] of entities.entries()) {
    const tasks = await listed(deps, () =>
      deps.reads.entityTasks(entity, { assigneeId: deps.memberId, withoutDescriptions: true }),
    );
    if (deps.stopped()) return { kind: 'stopped' };
    if (!tasks.ok) return { kind: 'failed', error: tasks.error };
    found.add(tasks.value.items);
    deps.onProgress({ done: i + 1, total: entities.length });
  }
  return { kind: 'built', ...found.result(), note };
}

/** Why one kind of entity's tasks are missing from the list, and what would bring them. */
const leftOut = (feature: 'vendors' | 'risks', error: AppError): string => {
  const judged = judgeReadFailure(feature, error);
  const what = feature === 'vendors' ? "Vendors' tasks" : "Risks' tasks";
  if (judged.kind === 'scope')
    return `${what} are not included: listing ${feature} needs an API key with the ${judged.scopes.join(', ')} scope.`;
  if (judged.kind === 'absent')
    return `${what} are not included: this service does not list ${feature}.`;
  return `${what} are not included: ${error.message}`;
};

/** One read, tried again after a wait while the service is busy or away. */
async function listed<T>(deps: BuildDeps, read: () => Promise<Result<T>>): Promise<Result<T>> {
  let last: AppError = appError('internal', 'Nothing was read.');
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (deps.stopped()) return err(appError('not_connected', 'Stopped.'));
    const answer = await read();
    if (answer.ok) return ok(answer.value);
    last = answer.error;
    if (!TRANSIENT.has(answer.error.kind)) break;
    // A 429's Retry-After is kept by the pacer already; other failures back off 1, 2, 4, 8 s.
    if (answer.error.kind !== 'rate_limited') await deps.wait(1_000 * 2 ** attempt);
  }
  return err(last);
}
