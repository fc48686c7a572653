import type { ConnectionState, ConnectionView } from '../../common/views';
import { useRemote } from '../hooks/use-remote';
import type { Loader } from '../hooks/use-remote';
import { SettingsIcon } from './icons';

const loadConnection: Loader<ConnectionView> = (api) => api.getConnection();

const STATE_LABELS: Record<ConnectionState, string> = {
  online: 'Connected',
  offline: 'Offline',
  unauthorized: 'Not signed in to the service',
  error: 'Service problem',
  'signed-out': 'Signed out',
};

export const pendingText = (n: number): string =>
  n === 1 ? '1 change waiting' : `${n} changes waiting`;

/** Connection state, changes not yet confirmed, and the way to settings. */
export function Footer({ onOpenSettings }: { readonly onOpenSettings: () => void }) {
  const { state } = useRemote('connection:changed', loadConnection);
  const c = state.phase === 'ready' ? state.value : null;
  return (
    <footer className="footer">
      <p className="footer__status" role="status">
        {c ? (
          <>
            <span className={`dot dot--${c.state}`} aria-hidden="true" />
            <span className="footer__state">{STATE_LABELS[c.state]}</span>
            {c.message && c.state !== 'online' && (
              <span className="footer__message" title={c.message}>
                {c.message}
              </span>
            )}
            {c.pendingChanges > 0 && (
              <span className="footer__pending">{pendingText(c.pendingChanges)}</span>
            )}
          </>
        ) : state.phase === 'error' ? (
          <span className="footer__state">Connection state unknown</span>
        ) : null}
      </p>
      <button
        type="button"
        className="icon-button"
        onClick={onOpenSettings}
        aria-label="Settings"
        title="Settings"
      >
        <SettingsIcon />
      </button>
    </footer>
  );
}
