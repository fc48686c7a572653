import { useEffect, useState } from 'react';
import type { connectionHeadline } from '../../common/connection-headline';
import { connectionState } from '../../common/connection-state';
import { useMain } from '../hooks/use-main';
import { idleReached } from '../lib/idle-loads';
import { loadLater } from './later';
import { SettingsIcon } from './icons';

export const pendingText = (n: number): string =>
  n === 1 ? '1 change waiting' : `${n} changes waiting`;

/** The footer's few characters for it, beside the state: the notice above says it in full. */
const pendingShort = (n: number): string => `${n} waiting`;

// The state's full sentence is only the footer's tooltip (the notice says it when it matters):
// it loads when the popup is idle, long before anyone can hover.
type Headline = typeof connectionHeadline;
function useHeadline(): Headline | null {
  const [headline, setHeadline] = useState<Headline | null>(null);
  useEffect(() => {
    let live = true;
    void idleReached
      .then(loadLater)
      .then((m) => live && setHeadline(() => m.connectionHeadline))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return headline;
}

/**
 * Connection state, changes not yet confirmed, and the way to settings: the
 * line is theirs alone (the places are a strip under the header), so the
 * state's words are always whole, wrapping rather than cut.
 */
export function Footer(props: {
  readonly onOpenSettings: () => void;
  /** Names what the service refused: the key or the web session. */
  readonly authKind?: 'api-key' | 'session';
}) {
  const { onOpenSettings } = props;
  const { state } = useMain('connection');
  const c = state.phase === 'ready' ? state.value : null;
  const words = c ? connectionState(c, props.authKind) : null;
  const headline = useHeadline();
  return (
    <footer className="footer">
      <p className="footer__status" role="status">
        {c && words ? (
          <>
            <span className={`dot dot--${words.tone}`} aria-hidden="true" />
            {/* The why is in the notice above; here a glance, the full text on hover. */}
            <span className="footer__state" title={c.message ?? headline?.(c, props.authKind)}>
              {words.label}
            </span>
            {c.pendingChanges > 0 && c.cause !== 'online' && (
              <span className="footer__pending" title={pendingText(c.pendingChanges)}>
                <span aria-hidden="true">{pendingShort(c.pendingChanges)}</span>
                <span className="visually-hidden">{pendingText(c.pendingChanges)}</span>
              </span>
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
