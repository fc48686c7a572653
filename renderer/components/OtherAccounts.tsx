import { useState } from 'react';
import type { AccountStatus, ProfileView } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useMain } from '../hooks/use-main';
import { profileDetail } from '../lib/profile-detail';
import { removeProfileText } from '../lib/remove-profile-text';
import { RemoveConfirm } from './RemoveConfirm';
import { ProfileRename } from './ProfileRename';

/** After a form closes, the focus goes back to the button that opened it (once it is drawn). */
const refocus = (selector: string): void => {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());
};

/**
 * The accounts kept on this computer besides the one shown: each can be
 * shown, renamed or removed, and another added. Their waiting changes go out
 * in the background with their own credentials.
 */
export function OtherAccounts(props: {
  readonly status: AccountStatus;
  readonly onAddAccount?: () => void;
}) {
  const api = useApi();
  const account = useMain('account');
  const connection = useMain('connection').state;
  const waiting = connection.phase === 'ready' ? connection.value.waitingElsewhere : undefined;
  const shownId = props.status.state === 'connected' ? props.status.profile.id : null;
  const others = props.status.profiles.filter((p) => p.id !== shownId);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = async (p: ProfileView, call: () => ReturnType<typeof api.switchProfile>) => {
    if (busy) return;
    setBusy(p.id);
    setError(null);
    const r = await call();
    setBusy(null);
    setRemoving(null);
    if (r.ok) account.set(r.value);
    else setError(r.error.message);
  };

  return (
    <>
      {others.length > 0 && (
        <ul className="accounts" aria-label="Other accounts">
          {others.map((p) => {
            const n = waiting?.[p.id] ?? 0;
            const name = p.name;
            return (
              <li key={p.id} className="accounts__item">
                {renaming === p.id ? (
                  <ProfileRename
                    profile={p}
                    onDone={(next) => {
                      setRenaming(null);
                      if (next) account.set(next);
                      refocus(`[data-rename="${p.id}"]`);
                    }}
                  />
                ) : (
                  <div className="accounts__head">
                    <span className="accounts__name">{name}</span>
                    <span className="accounts__detail">{profileDetail(p, n)}</span>
                  </div>
                )}
                {removing === p.id ? (
                  <RemoveConfirm
                    label={`Confirm removing ${name}`}
                    text={removeProfileText(p, n, { shown: false, nextName: null })}
                  >
                    <button
                      type="button"
                      className="button button--danger"
                      aria-disabled={busy !== null}
                      onClick={() => void act(p, () => api.removeProfile({ profileId: p.id }))}
                    >
                      {busy === p.id ? 'Removing…' : 'Remove'}
                    </button>
                    {/* The safe choice has the focus: Enter does not remove. */}
                    <button
                      type="button"
                      className="button"
                      autoFocus
                      onClick={() => {
                        setRemoving(null);
                        refocus(`[data-remove="${p.id}"]`);
                      }}
                    >
                      Cancel
                    </button>
                  </RemoveConfirm>
                ) : (
                  renaming !== p.id && (
                    <div className="accounts__actions">
                      <button
                        type="button"
                        className="link-button"
                        aria-label={`Show ${name}`}
                        onClick={() => void act(p, () => api.switchProfile({ profileId: p.id }))}
                      >
                        {busy === p.id ? 'Switching…' : 'Show'}
                      </button>
                      <button
                        type="button"
                        className="link-button"
                        aria-label={`Rename ${name}`}
                        data-rename={p.id}
                        onClick={() => setRenaming(p.id)}
                      >
                        Rename
                      </button>
                      <button
                        type="button"
                        className="link-button"
                        aria-label={`Remove ${name}…`}
                        data-remove={p.id}
                        onClick={() => setRemoving(p.id)}
                      >
                        Remove…
                      </button>
                    </div>
                  )
                )}
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {props.onAddAccount && (
        <button type="button" className="button" onClick={props.onAddAccount}>
          Add an account…
        </button>
      )}
    </>
  );
}
