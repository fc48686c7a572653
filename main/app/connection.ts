import type { AppError } from '../../common/result';
import type { ConnectionState, ConnectionView, OthersWaiting } from '../../common/views';

/**
 * What the footer and tray say about the link to the service, from the last
 * outcome. `paused`: the service refused the account (401/403) and its
 * changes wait for the person to reconnect, whatever happened since.
 */
export function connectionFrom(
  signedIn: boolean,
  lastError: AppError | null,
  pendingChanges: number,
  paused: AppError | null = null,
): ConnectionView {
  if (!signedIn) return { state: 'signed-out', pendingChanges, message: null };
  if (paused) return { state: 'unauthorized', pendingChanges, message: paused.message };
  const state: ConnectionState = !lastError
    ? 'online'
    : lastError.kind === 'network' || lastError.kind === 'timeout'
      ? 'offline'
      : lastError.kind === 'unauthorized'
        ? 'unauthorized'
        : 'error';
  return { state, pendingChanges, message: lastError ? lastError.message : null };
}

/** Which errors say something about the connection (as opposed to one task). */
export const isConnectionError = (e: AppError): boolean =>
  ['network', 'timeout', 'unauthorized', 'server', 'rate_limited', 'bad_response'].includes(
    e.kind,
  ) ||
  (e.kind === 'forbidden' && /scope|permission/i.test(e.message));

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The waiting changes of other identities at this organization (DESIGN.md
 * invariant 7), said so the person can tell whose they are; null when none.
 */
export function othersWaiting(
  profiles: readonly { id: string; authKind: 'api-key' | 'session'; createdAt: string }[],
  pendingTasks: (profileId: string) => number,
): OthersWaiting | null {
  const waiting = profiles
    .map((p) => ({ p, tasks: pendingTasks(p.id) }))
    .filter((x) => x.tasks > 0);
  if (waiting.length === 0) return null;
  const tasks = waiting.reduce((n, x) => n + x.tasks, 0);
  const [first] = waiting;
  const what = first!.p.authKind === 'api-key' ? 'another API key' : 'another web session';
  const when = Date.parse(first!.p.createdAt);
  const madeWith =
    waiting.length > 1
      ? `${waiting.length} other keys or sessions`
      : Number.isNaN(when)
        ? what
        : `${what}, connected on ${DAY.format(when)}`;
  return { tasks, madeWith };
}
