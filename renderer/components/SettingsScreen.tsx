import { useId, useState } from 'react';
import type { AccountStatus, ProfileView } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useMain } from '../hooks/use-main';
import type { SettingsController } from '../hooks/use-settings';
import { ScreenHeader } from './primitives/ScreenHeader';
import { OtherAccounts } from './OtherAccounts';
import { Notice } from './primitives/Notice';
import { ConnectionSettings } from './ConnectionSettings';
import { SyncSettings } from './SyncSettings';
import { GeneralSettings } from './GeneralSettings';
import { NotificationSettings } from './NotificationSettings';
import { ShownAccount } from './ShownAccount';
import { StatusLine } from './primitives/Lines';

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
  const [error, setError] = useState<string | null>(null);
  const account = useMain('account');
  const status = account.state.phase === 'ready' ? account.state.value : null;
  const many = (status?.profiles.length ?? 1) > 1;

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
        <ShownAccount
          id={`${id}-account`}
          profile={profile}
          status={status}
          onRenamed={account.set}
          onSignedOut={props.onSignedOut}
          onError={setError}
          {...(props.onReconnect ? { onReconnect: props.onReconnect } : {})}
        />

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

        {s.phase === 'loading' && <StatusLine>Loading settings…</StatusLine>}
        {s.phase === 'error' && (
          <Notice tone="error" role="alert" title="Could not load settings">
            <p>{s.error.message}</p>
          </Notice>
        )}
        {s.phase === 'ready' && (
          <GeneralSettings id={id} value={s.value} save={settings.save} change={change} />
        )}
        {s.phase === 'ready' && (
          <NotificationSettings value={s.value.notifications} save={change} />
        )}
        {s.phase === 'ready' && <SyncSettings value={s.value.syncInterval} save={change} />}
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
            <button
              type="button"
              className="button"
              onClick={() =>
                void api.showLogFile().then((r) => {
                  if (!r.ok) setError(r.error.message);
                })
              }
            >
              Show log file
            </button>
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
