import type { AppError } from '../../common/result';
import { isMissingPermission } from '../service/error-mapping';
import type { ConnectionCause } from '../../common/connection-model';
import type { ConnectionState, ConnectionView, OthersWaiting } from '../../common/views';

/**
 * What the footer and tray say about the link to the service, from the last
 * outcome. `paused`: the service refused the account (401/403) and its
 * changes wait for the person to reconnect, whatever happened since.
 * `online`: whether the computer itself has a network, so a failed request
 * can say "this computer is offline" or "the service is not answering".
 */
export function connectionFrom(
  signedIn: boolean,
  lastError: AppError | null,
  pendingChanges: number,
  paused: AppError | null = null,
  online = true,
): ConnectionView {
  if (!signedIn) return { state: 'signed-out', cause: 'signed-out', pendingChanges, message: null };
  const problem = paused ?? lastError;
  const cause = causeOf(problem, online);
  const state: ConnectionState =
    cause === 'online'
      ? 'online'
      : cause === 'computer-offline' || cause === 'unreachable'
        ? 'offline'
        : cause === 'refused' || cause === 'permission'
          ? 'unauthorized'
          : 'error';
  return { state, cause, pendingChanges, message: problem ? problem.message : null };
}

function causeOf(e: AppError | null, online: boolean): ConnectionCause {
  if (!e) return 'online';
  switch (e.kind) {
    case 'network':
      return online ? 'unreachable' : 'computer-offline';
    case 'timeout':
      return online ? 'unreachable' : 'computer-offline';
    case 'unauthorized':
      return 'refused';
    case 'forbidden':
      return 'permission';
    case 'rate_limited':
      return 'rate-limited';
    default:
      return 'failing';
  }
}

/** Which errors say something about the connection (as opposed to one task). */
export const isConnectionError = (e: AppError): boolean =>
  ['network', 'timeout', 'unauthorized', 'server', 'rate_limited', 'bad_response'].includes(
    e.kind,
  ) || isMissingPermission(e);

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The waiting changes of other identities at this organization
 * (docs/ARCHITECTURE.md, invariant 7), said so the person can tell whose they are; null when none.
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
