import type { AppError } from '../../common/result';
import type { ConnectionState, ConnectionView } from '../../common/views';

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
