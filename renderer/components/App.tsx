import { useState } from 'react';
import type { AccountStatus } from '../../common/views';
import { useEscapeHides } from '../hooks/use-escape-hides';
import { useRemote } from '../hooks/use-remote';
import type { Loader } from '../hooks/use-remote';
import { useSettings } from '../hooks/use-settings';
import { useTheme } from '../hooks/use-theme';
import { FirstRun } from './FirstRun';
import { HomeScreen } from './HomeScreen';
import { ErrorScreen, LoadingScreen } from './ScreenMessage';
import { SettingsScreen } from './SettingsScreen';

const loadAccount: Loader<AccountStatus> = (api) => api.getAccount();

/** Which screen: loading, first run (signed out), the tasks, or settings. */
export function App() {
  const account = useRemote('account:changed', loadAccount);
  const settings = useSettings();
  const [screen, setScreen] = useState<'home' | 'settings'>('home');
  useTheme(settings.state.phase === 'ready' ? settings.state.value.theme : null);
  useEscapeHides();

  const a = account.state;
  if (a.phase === 'loading') return <LoadingScreen label="Loading…" />;
  if (a.phase === 'error')
    return (
      <ErrorScreen heading="Task Tray could not start" error={a.error} onRetry={account.reload} />
    );

  const status = a.value;
  if (status.state === 'signed-out')
    return <FirstRun problem={status.problem} settings={settings} onConnected={account.set} />;

  if (screen === 'settings')
    return (
      <SettingsScreen
        profile={status.profile}
        settings={settings}
        onBack={() => setScreen('home')}
        onSignedOut={(next) => {
          setScreen('home');
          account.set(next);
        }}
      />
    );

  // A new profile is a new world: remount so nothing of the old one lingers.
  return (
    <HomeScreen
      key={status.profile.id}
      problem={status.problem}
      onOpenSettings={() => setScreen('settings')}
    />
  );
}
