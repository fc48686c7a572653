import { lazy, Suspense, useEffect, useState } from 'react';
import { useApi } from '../hooks/api-context';
import { useEscapeHides } from '../hooks/use-escape-hides';
import { useMain } from '../hooks/use-main';
import { useSettings } from '../hooks/use-settings';
import { useTheme } from '../hooks/use-theme';
import { HomeScreen } from './HomeScreen';
import { ErrorScreen, LoadingScreen } from './ScreenMessage';

// The popup opens on its tasks; first run and settings are rare, so their code
// loads when first shown (a local file, milliseconds) instead of with every start.
const FirstRun = lazy(() => import('./FirstRun').then((m) => ({ default: m.FirstRun })));
const SettingsScreen = lazy(() =>
  import('./SettingsScreen').then((m) => ({ default: m.SettingsScreen })),
);
// Browse is opened now and then: its code loads when first asked for.
const BrowseScreen = lazy(() =>
  import('./BrowseScreen').then((m) => ({ default: m.BrowseScreen })),
);
const AssignedScreen = lazy(() =>
  import('./AssignedScreen').then((m) => ({ default: m.AssignedScreen })),
);
const ReconnectScreen = lazy(() =>
  import('./ReconnectScreen').then((m) => ({ default: m.ReconnectScreen })),
);

/** Which screen: loading, first run (signed out), the tasks, or settings. */
export function App() {
  const account = useMain('account');
  const settings = useSettings();
  const api = useApi();
  const [screen, setScreen] = useState<'home' | 'settings' | 'reconnect' | 'browse' | 'assigned'>(
    'home',
  );
  // A task main asked to show (a tasktray:// link); the list focuses it when it is there.
  const [focusTask, setFocusTask] = useState<{ readonly taskId: string } | null>(null);
  useTheme(settings.state.phase === 'ready' ? settings.state.value.theme : null);
  useEscapeHides();

  // Main asks for a screen: the tray's "Settings…", or a task opened from a link.
  useEffect(
    () =>
      api.on('view:open', (request) => {
        setScreen(
          request.screen === 'settings'
            ? 'settings'
            : request.screen === 'assigned'
              ? 'assigned'
              : 'home',
        );
        if (request.screen === 'tasks' && request.taskId) setFocusTask({ taskId: request.taskId });
      }),
    [api],
  );

  const a = account.state;
  if (a.phase === 'loading') return <LoadingScreen label="Loading…" />;
  if (a.phase === 'error')
    return (
      <ErrorScreen heading="Task Tray could not start" error={a.error} onRetry={account.reload} />
    );

  const status = a.value;
  if (status.state === 'signed-out')
    return (
      <Suspense fallback={<LoadingScreen label="Loading…" />}>
        <FirstRun problem={status.problem} settings={settings} onConnected={account.set} />
      </Suspense>
    );

  if (screen === 'settings')
    return (
      <Suspense fallback={<LoadingScreen label="Loading settings…" />}>
        <SettingsScreen
          profile={status.profile}
          settings={settings}
          onBack={() => setScreen('home')}
          onSignedOut={(next) => {
            setScreen('home');
            account.set(next);
          }}
        />
      </Suspense>
    );

  if (screen === 'browse')
    return (
      <Suspense fallback={<LoadingScreen label="Loading…" />}>
        <BrowseScreen onBack={() => setScreen('home')} />
      </Suspense>
    );

  if (screen === 'assigned')
    return (
      <Suspense fallback={<LoadingScreen label="Loading…" />}>
        <AssignedScreen onBack={() => setScreen('home')} />
      </Suspense>
    );

  if (screen === 'reconnect')
    return (
      <Suspense fallback={<LoadingScreen label="Loading…" />}>
        <ReconnectScreen
          profile={status.profile}
          onBack={() => setScreen('home')}
          onConnected={(next) => {
            setScreen('home');
            account.set(next);
          }}
        />
      </Suspense>
    );

  // A new profile is a new world: remount so nothing of the old one lingers.
  return (
    <HomeScreen
      key={status.profile.id}
      profile={status.profile}
      problem={status.problem}
      onReconnect={() => setScreen('reconnect')}
      focusTask={focusTask}
      onFocused={() => setFocusTask(null)}
      onOpenSettings={() => setScreen('settings')}
      onOpenBrowse={() => setScreen('browse')}
      onOpenAssigned={() => setScreen('assigned')}
    />
  );
}
