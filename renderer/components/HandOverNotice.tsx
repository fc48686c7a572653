import { useState } from 'react';
import { useApi } from '../hooks/api-context';
import { useMain } from '../hooks/use-main';
import { Notice } from './primitives/Notice';

const tasks = (n: number): string => (n === 1 ? '1 task' : `${n} tasks`);

/**
 * Changes another key or person made at this organization wait for them:
 * they go out with these credentials only when the person says so, because
 * the service will record them under this key's owner or this session's
 * user (docs/ARCHITECTURE.md, invariant 7).
 */
export function HandOverNotice(props: { readonly authKind: 'api-key' | 'session' }) {
  const api = useApi();
  const { state } = useMain('connection');
  const [sending, setSending] = useState(false);
  const others = state.phase === 'ready' ? state.value.othersWaiting : undefined;
  if (!others) return null;
  const mine = props.authKind === 'api-key' ? 'this key' : 'your session';
  return (
    <Notice
      tone="info"
      role="status"
      className="connection-notice"
      title={`Changes to ${tasks(others.tasks)} made with ${others.madeWith} are waiting`}
    >
      <p>
        They are sent only with the credentials that made them. Sent with {mine}, the service
        records them as made by {props.authKind === 'api-key' ? "this key's owner" : 'you'}.
      </p>
      <p className="notice__actions">
        <button
          type="button"
          className="link-button"
          aria-disabled={sending}
          onClick={() => {
            if (sending) return;
            setSending(true);
            void api.handOverWaiting().finally(() => setSending(false));
          }}
        >
          {sending ? 'Sending…' : `Send them with ${mine}`}
        </button>
      </p>
    </Notice>
  );
}
