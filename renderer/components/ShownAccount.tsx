import { useRef, useState } from 'react';
import type { AccountStatus, ProfileView } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useMain } from '../hooks/use-main';
import { AUTH_KIND_LABELS } from '../lib/profile-detail';
import { removeProfileText } from '../lib/remove-profile-text';
import { ProfileRename } from './ProfileRename';
import { RemoveConfirm } from './RemoveConfirm';

/**
 * Settings' first section: the account shown (renamed in place), its
 * service, how it signed in, its organization, and removing it from this
 * computer (as Other accounts' Remove does), which says first what it
 * forgets and keeps.
 */
export function ShownAccount(props: {
  /** The section's heading id. */
  readonly id: string;
  readonly profile: ProfileView;
  readonly status: AccountStatus | null;
  readonly onRenamed: (status: AccountStatus) => void;
  readonly onSignedOut: (status: AccountStatus) => void;
  readonly onError: (message: string) => void;
  /** Connect again (another key, or another service address for this one). */
  readonly onReconnect?: () => void;
}) {
  const { profile, status } = props;
  const api = useApi();
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const [busy, setBusy] = useState(false);
  const connection = useMain('connection').state;
  const waiting = connection.phase === 'ready' ? connection.value.pendingChanges : 0;
  // Removing the shown account shows the newest other one that can send (accounts.remove).
  const next = status?.profiles.filter((p) => p.id !== profile.id && p.hasSecret && !p.demo).at(-1);
  const nextName = next?.name ?? null;
  const many = (status?.profiles.length ?? 1) > 1;

  const signOut = async () => {
    if (busy) return;
    setBusy(true);
    const r = await api.signOut();
    setBusy(false);
    if (r.ok) props.onSignedOut(r.value);
    else props.onError(r.error.message);
  };

  return (
    <section className="settings__section" aria-labelledby={props.id} data-section="account">
      <h2 id={props.id} className="settings__heading" tabIndex={-1}>
        {many ? 'Shown account' : 'Account'}
      </h2>
      <dl className="profile">
        <div className="profile__row">
          <dt>Name</dt>
          <dd>
            <ProfileName profile={profile} onRenamed={props.onRenamed} />
          </dd>
        </div>
        <div className="profile__row">
          <dt>Service</dt>
          <dd className="profile__url">
            {profile.baseUrl}
            {profile.authKind === 'api-key' && !profile.demo && props.onReconnect && (
              <>
                {' '}
                <button type="button" className="link-button" onClick={props.onReconnect}>
                  Change…
                </button>
              </>
            )}
          </dd>
        </div>
        <div className="profile__row">
          <dt>Signed in with</dt>
          <dd>
            {AUTH_KIND_LABELS[profile.authKind]}
            {profile.secretHint && <code className="profile__hint">{profile.secretHint}</code>}
          </dd>
        </div>
        {profile.organizationId && (
          <div className="profile__row">
            <dt>Organization</dt>
            <dd>
              <code>{profile.organizationId}</code>
            </dd>
          </div>
        )}
      </dl>
      {confirmSignOut ? (
        <RemoveConfirm
          label={`Confirm removing ${profile.name}`}
          text={removeProfileText(profile, waiting, { shown: true, nextName })}
        >
          <button
            type="button"
            className="button button--danger"
            aria-disabled={busy}
            onClick={() => void signOut()}
          >
            {busy ? 'Removing…' : profile.demo ? 'Leave the demo' : 'Remove'}
          </button>
          <button type="button" className="button" onClick={() => setConfirmSignOut(false)}>
            Cancel
          </button>
        </RemoveConfirm>
      ) : (
        <button type="button" className="button" onClick={() => setConfirmSignOut(true)}>
          {profile.demo ? 'Leave the demo…' : 'Remove from this computer…'}
        </button>
      )}
    </section>
  );
}

/** The account's name, and Rename (a demo keeps its name); focus comes back to Rename after. */
function ProfileName(props: {
  readonly profile: ProfileView;
  readonly onRenamed: (status: AccountStatus) => void;
}) {
  const { profile } = props;
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  if (renaming)
    return (
      <ProfileRename
        profile={profile}
        onDone={(done) => {
          setRenaming(false);
          if (done) props.onRenamed(done);
          requestAnimationFrame(() => renameButton.current?.focus());
        }}
      />
    );
  return (
    <>
      {profile.label}
      {profile.demo && <span className="badge badge--neutral">Demo</span>}
      {!profile.demo && (
        <button
          type="button"
          className="link-button"
          ref={renameButton}
          aria-label={`Rename ${profile.label}`}
          onClick={() => setRenaming(true)}
        >
          Rename
        </button>
      )}
    </>
  );
}
