import type { AppError } from '../../common/result';
import type { ConnectionState, ConnectionView } from '../../common/views';

/** What the footer and tray say about the link to the service, from the last outcome. */
export function connectionFrom(
  signedIn: boolean,
  lastError: AppError | null,
  pendingChanges: number,
): ConnectionView {
  if (!signedIn) return { state: 'signed-out', pendingChanges, message: null };
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
