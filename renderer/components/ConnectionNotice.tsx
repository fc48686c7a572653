import { useState } from 'react';
import type { AppError } from '../../common/result';
import type { ProfileView } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useMain } from '../hooks/use-main';
import { Notice } from './Notice';

const changes = (n: number): string => (n === 1 ? '1 change' : `${n} changes`);

/**
 * The one place that asks for attention, just above the footer: a problem
 * main reports about the account, or changes that are waiting and why, with
 * what to do (wait, retry now, or connect again: the waiting changes go out
 * as soon as the service accepts the new key or session).
 */
export function ConnectionNotice(props: {
  readonly profile: ProfileView;
  /** What main says is wrong with the account, when it says anything. */
  readonly problem: AppError | null;
  readonly onReconnect: () => void;
}) {
  const api = useApi();
  const { state } = useMain('connection');
  const [retrying, setRetrying] = useState(false);
  const c = state.phase === 'ready' ? state.value : null;
  const waiting = c?.pendingChanges ?? 0;
  const refused = c?.state === 'unauthorized';
  if (!refused && props.problem)
    return (
      <Notice tone="warning" role="alert" className="connection-notice">
        <p>{props.problem.message}</p>
      </Notice>
    );
  if (!c || c.state === 'online' || c.state === 'signed-out') return null;
  if (waiting === 0 && !refused) return null;

  const retry = (
    <button
      type="button"
      className="link-button"
      aria-disabled={retrying}
      onClick={() => {
        if (retrying) return;
        setRetrying(true);
        void api.retrySync().finally(() => setRetrying(false));
      }}
    >
      {retrying ? 'Retrying…' : 'Retry now'}
    </button>
  );

  if (refused)
    return (
      <Notice
        tone="warning"
        role="alert"
        className="connection-notice"
        title={waiting > 0 ? `${changes(waiting)} paused` : 'The service refused the connection'}
      >
        {/* Main's account problem says the same, often with more (what happens to the changes). */}
        <p>{props.problem?.message ?? c.message}</p>
        <p className="notice__actions">
          {props.profile.authKind === 'api-key' ? (
            <button type="button" className="link-button" onClick={props.onReconnect}>
              Connect with another key
            </button>
          ) : (
            <button
              type="button"
              className="link-button"
              onClick={() => void api.signInWithSession()}
            >
              Sign in again
            </button>
          )}
        </p>
      </Notice>
    );

  return (
    <Notice
      tone={c.state === 'offline' ? 'info' : 'warning'}
      role="status"
      className="connection-notice"
      title={
        c.state === 'offline'
          ? `Offline: ${changes(waiting)} will be sent when the connection is back`
          : `${changes(waiting)} waiting to be sent`
      }
    >
      {c.message && c.state !== 'offline' && <p>{c.message}</p>}
      <p className="notice__actions">{retry}</p>
    </Notice>
  );
}
