import { useId, useRef, useState } from 'react';
import type { AccountStatus, ProfileView } from '../../common/views';
import { useEscape } from '../hooks/use-escape';
import { useFirstFocus } from '../hooks/use-first-focus';
import { useMain } from '../hooks/use-main';
import type { SettingsController } from '../hooks/use-settings';
import { useSettingsChanges } from '../hooks/use-settings-changes';
import { AboutSettings } from './AboutSettings';
import { SettingsIndex } from './SettingsIndex';
import type { SettingsPlace } from './SettingsIndex';
import { SettingsSaved } from './SettingsSaved';
import { ScreenHeader } from './primitives/ScreenHeader';
import { OtherAccounts } from './OtherAccounts';
import { Notice } from './primitives/Notice';
import { ConnectionSettings } from './ConnectionSettings';
import { SyncSettings } from './SyncSettings';
import { GeneralSettings } from './GeneralSettings';
import { NotificationSettings } from './NotificationSettings';
import { ShownAccount } from './ShownAccount';
import { StatusLine } from './primitives/Lines';

/**
 * The account and the others kept here, then the settings: an index at the
 * top to jump to a section, and one save model (every change saves at once,
 * said at the bottom with its Undo).
 */
export function SettingsScreen(props: {
  readonly profile: ProfileView;
  readonly settings: SettingsController;
  readonly onBack: () => void;
  readonly onSignedOut: (status: AccountStatus) => void;
  /** Connect again (another key, or another service address for this one). */
  readonly onReconnect?: () => void;
  readonly onAddAccount?: () => void;
}) {
  const id = useId();
  const { profile, settings } = props;
  const [error, setError] = useState<string | null>(null);
  const account = useMain('account');
  const status = account.state.phase === 'ready' ? account.state.value : null;
  const many = (status?.profiles.length ?? 1) > 1;
  useEscape(props.onBack);
  const main = useRef<HTMLElement>(null);
  useFirstFocus(main, null, settings.state.phase);

  const changes = useSettingsChanges(settings);
  const problem = error ?? changes.problem;
  const dismiss = () => {
    setError(null);
    changes.setProblem(null);
  };
  const places: SettingsPlace[] = [
    { key: 'account', label: 'Account' },
    ...(status && (many || props.onAddAccount)
      ? [{ key: 'accounts', label: many ? 'Other accounts' : 'More accounts' }]
      : []),
    { key: 'general', label: 'General' },
    { key: 'notifications', label: 'Notifications' },
    { key: 'keeping-current', label: 'Keeping current' },
    { key: 'service', label: 'Service' },
    { key: 'about', label: 'About' },
  ];

  const s = settings.state;
  return (
    <div className="app">
      <ScreenHeader back={{ label: 'Back to tasks', onClick: props.onBack }}>Settings</ScreenHeader>
      <main className="settings" ref={main}>
        <SettingsIndex places={places} />
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
          <section
            className="settings__section"
            aria-labelledby={`${id}-accounts`}
            data-section="accounts"
          >
            <h2 id={`${id}-accounts`} className="settings__heading" tabIndex={-1}>
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
        {s.phase === 'ready' && <GeneralSettings id={id} value={s.value} change={changes.change} />}
        {s.phase === 'ready' && (
          <NotificationSettings value={s.value.notifications} change={changes.change} />
        )}
        {s.phase === 'ready' && (
          <SyncSettings value={s.value.syncInterval} change={changes.change} />
        )}
        {s.phase === 'ready' && (
          <ConnectionSettings id={id} settings={s.value} change={changes.change} />
        )}
        <AboutSettings
          id={`${id}-about`}
          version={s.phase === 'ready' ? s.value.version : null}
          onError={setError}
        />
      </main>
      <SettingsSaved
        last={changes.last}
        onUndo={() => void changes.undo()}
        problem={problem}
        onDismiss={dismiss}
      />
    </div>
  );
}
