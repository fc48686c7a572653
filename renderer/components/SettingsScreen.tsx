import { useId, useRef, useState } from 'react';
import { THEMES } from '../../common/views';
import type { AccountStatus, ProfileView, Theme } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useMain } from '../hooks/use-main';
import type { SettingsController } from '../hooks/use-settings';
import { ScreenHeader } from './primitives/ScreenHeader';
import { AUTH_KIND_LABELS } from '../lib/profile-detail';
import { removeProfileText } from '../lib/remove-profile-text';
import { OtherAccounts } from './OtherAccounts';
import { ProfileRename } from './ProfileRename';
import { Notice } from './primitives/Notice';
import { ConnectionSettings } from './ConnectionSettings';
import { NotificationSettings } from './NotificationSettings';
import { ShortcutField } from './ShortcutField';

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** Profile and sign-out, launch at login, the global shortcut, the theme. */
export function SettingsScreen(props: {
  readonly profile: ProfileView;
  readonly settings: SettingsController;
  readonly onBack: () => void;
  readonly onSignedOut: (status: AccountStatus) => void;
  /** Connect again (another key, or another service address for this one). */
  readonly onReconnect?: () => void;
  readonly onAddAccount?: () => void;
}) {
  const api = useApi();
  const id = useId();
  const { profile, settings } = props;
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const connection = useMain('connection').state;
  const waiting = connection.phase === 'ready' ? connection.value.pendingChanges : 0;
  const account = useMain('account');
  const status = account.state.phase === 'ready' ? account.state.value : null;
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
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
    else setError(r.error.message);
  };

  const change = async (patch: Parameters<SettingsController['save']>[0]) => {
    setError(null);
    const r = await settings.save(patch);
    if (!r.ok) setError(r.error.message);
  };

  const s = settings.state;
  return (
    <div className="app">
      <ScreenHeader back={{ label: 'Back to tasks', onClick: props.onBack }}>Settings</ScreenHeader>
      <main className="settings">
        <section className="settings__section" aria-labelledby={`${id}-account`}>
          <h2 id={`${id}-account`} className="settings__heading">
            {many ? 'Shown account' : 'Account'}
          </h2>
          <dl className="profile">
            <div className="profile__row">
              <dt>Name</dt>
              <dd>
                {renaming ? (
                  <ProfileRename
                    profile={profile}
                    onDone={(done) => {
                      setRenaming(false);
                      if (done) account.set(done);
                      requestAnimationFrame(() => renameButton.current?.focus());
                    }}
                  />
                ) : (
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
                )}
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
            <div className="confirm" role="group" aria-label="Confirm sign out">
              <p>{removeProfileText(profile, waiting, { shown: true, nextName })}</p>
              <div className="form__actions">
                <button
                  type="button"
                  className="button button--danger"
                  aria-disabled={busy}
                  onClick={() => void signOut()}
                >
                  {busy ? 'Signing out…' : profile.demo ? 'Leave the demo' : 'Sign out'}
                </button>
                <button type="button" className="button" onClick={() => setConfirmSignOut(false)}>
                  Cancel
                </button>
              </div>
            </div>
          ) : (
            <button type="button" className="button" onClick={() => setConfirmSignOut(true)}>
              {profile.demo ? 'Leave the demo…' : 'Sign out…'}
            </button>
          )}
        </section>

        {status && (many || props.onAddAccount) && (
          <section className="settings__section" aria-labelledby={`${id}-accounts`}>
            <h2 id={`${id}-accounts`} className="settings__heading">
              {many ? 'Other accounts' : 'More accounts'}
            </h2>
            <OtherAccounts
              status={status}
              {...(props.onAddAccount ? { onAddAccount: props.onAddAccount } : {})}
            />
          </section>
        )}

        {s.phase === 'loading' && (
          <p className="muted" role="status">
            Loading settings…
          </p>
        )}
        {s.phase === 'error' && (
          <Notice tone="error" role="alert" title="Could not load settings">
            <p>{s.error.message}</p>
          </Notice>
        )}
        {s.phase === 'ready' && (
          <section className="settings__section" aria-labelledby={`${id}-general`}>
            <h2 id={`${id}-general`} className="settings__heading">
              General
            </h2>
            <label className="check">
              <input
                type="checkbox"
                checked={s.value.launchAtLogin}
                onChange={(e) => void change({ launchAtLogin: e.target.checked })}
              />
              <span>Open Task Tray when you log in</span>
            </label>
            <ShortcutField
              value={s.value.shortcut}
              notice={s.value.shortcutNotice}
              save={settings.save}
            />
            <fieldset className="theme">
              <legend className="field__label">Appearance</legend>
              <div className="segmented">
                {THEMES.map((t) => (
                  <label key={t} className="segmented__option">
                    <input
                      type="radio"
                      name={`${id}-theme`}
                      value={t}
                      checked={s.value.theme === t}
                      onChange={() => void change({ theme: t })}
                    />
                    <span>{THEME_LABELS[t]}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          </section>
        )}
        {s.phase === 'ready' && (
          <NotificationSettings value={s.value.notifications} save={change} />
        )}
        {s.phase === 'ready' && <ConnectionSettings settings={s.value} save={change} />}
        <section className="settings__section" aria-labelledby={`${id}-about`}>
          <h2 id={`${id}-about`} className="settings__heading">
            About
          </h2>
          <p className="muted">
            Task Tray{s.phase === 'ready' && s.value.version ? ` ${s.value.version}` : ''}: your
            compliance tasks from the menu bar or system tray.
          </p>
          <div className="form__actions">
            <button type="button" className="button" onClick={() => void api.quitApp()}>
              Quit Task Tray
            </button>
          </div>
        </section>
        {error && (
          <Notice tone="error" role="alert" onDismiss={() => setError(null)}>
            <p>{error}</p>
          </Notice>
        )}
      </main>
    </div>
  );
}
