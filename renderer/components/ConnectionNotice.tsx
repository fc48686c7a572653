import { useState } from 'react';
import type { AppError } from '../../common/result';
import type { ProfileView } from '../../common/views';
import { connectionHeadline } from '../../common/connection-headline';
import { connectionState } from '../../common/connection-state';
import { useApi } from '../hooks/api-context';
import { useMain } from '../hooks/use-main';
import { Notice } from './primitives/Notice';

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
  const authKind = props.profile.authKind;
  const words = c
    ? { ...connectionState(c, authKind), headline: connectionHeadline(c, authKind) }
    : null;
  const refused = words?.action === 'reconnect';
  if (!refused && props.problem)
    return (
      <Notice tone="warning" role="alert" className="connection-notice">
        <p>{props.problem.message}</p>
      </Notice>
    );
  if (!c || !words || c.cause === 'online' || c.cause === 'signed-out') return null;
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
        tone="error"
        role="alert"
        className="connection-notice"
        title={waiting > 0 ? `${changes(waiting)} paused: ${words.label}` : words.label}
      >
        {/* Main's account problem says the same, often with more (what happens to the changes). */}
        <p>{props.problem?.message ?? c.message ?? words.headline}</p>
        <p className="notice__actions">
          {authKind === 'api-key' ? (
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
      tone={words.tone === 'info' ? 'info' : 'warning'}
      role="status"
      className="connection-notice"
      title={words.headline}
    >
      {/* The service's own words, when it gave any: "this computer is offline" needs none. */}
      {c.message && c.cause !== 'computer-offline' && <p>{c.message}</p>}
      {words.action === 'retry' && <p className="notice__actions">{retry}</p>}
    </Notice>
  );
}
