import type { TaskChange } from '../reads/changes-since';
import type { EntityKey } from '../reads/read-schemas';

/**
 * What a page of the audit log names for a round (sync-plan.ts `named`):
 * the vendors and risks of the task items changed since the last round. A
 * change whose row names no vendor or risk is placed by its pin when it is
 * one; otherwise it could be anywhere (a task assigned to the person in an
 * entity nobody reads), so the round reads as if there were no log (null).
 * An incomplete page (more changed than it holds, or the first round) is
 * null too: everything is read once.
 */
export function namedByLog(
  changes: readonly TaskChange[],
  complete: boolean,
  pins: readonly { readonly taskId: string; readonly entity: EntityKey | null }[],
): EntityKey[] | null {
  if (!complete) return null;
  const pinned = new Map(pins.map((p) => [p.taskId, p.entity]));
  const named: EntityKey[] = [];
  for (const change of changes) {
    const entity = change.entity ?? pinned.get(change.taskId) ?? null;
    if (!entity) return null;
    named.push(entity);
  }
  return named;
}
