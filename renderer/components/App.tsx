import { lazy, startTransition, Suspense, useCallback, useEffect, useState } from 'react';
import type { AccountStatus } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useEscapeHides } from '../hooks/use-escape-hides';
import { useKeysHelp } from '../hooks/use-keys-help';
import { UndoContext, useUndoHost } from '../hooks/use-undo';
import { useMain } from '../hooks/use-main';
import { useSettings } from '../hooks/use-settings';
import { useTheme } from '../hooks/use-theme';
import { HomeScreen } from './HomeScreen';
import type { Place } from './PlacesNav';
import { ErrorScreen, LoadingScreen } from './ScreenMessage';

// The popup opens on its tasks; first run and settings are rare, so their code
// loads when first shown (a local file, milliseconds) instead of with every start.
const FirstRun = lazy(() => import('./FirstRun').then((m) => ({ default: m.FirstRun })));
const SettingsScreen = lazy(() =>
  import('./SettingsScreen').then((m) => ({ default: m.SettingsScreen })),
);
// Browse is opened now and then: its code loads when first asked for.
const loadBrowse = () => import('./BrowseScreen');
const loadAssigned = () => import('./AssignedScreen');
const BrowseScreen = lazy(() => loadBrowse().then((m) => ({ default: m.BrowseScreen })));
const AssignedScreen = lazy(() => loadAssigned().then((m) => ({ default: m.AssignedScreen })));

/**
 * Browse and Assigned to me are a click away from the first screen, the undo
 * toast a key away: their code is fetched once the popup is idle after it
 * has drawn, so that click finds it loaded. Not part of the first screen's
 * weight or time.
 */
function usePrefetchScreens(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const load = () => {
      void loadBrowse().catch(() => undefined);
      void loadAssigned().catch(() => undefined);
      void loadTaskView().catch(() => undefined);
      void loadUndoToast().catch(() => undefined);
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(load, { timeout: 2_000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 1_000);
    return () => clearTimeout(timer);
  }, [enabled]);
}
// A task's own view: opened from a row, its code loads then (and is prefetched when idle).
const loadTaskView = () => import('./TaskView');
const TaskView = lazy(() => loadTaskView().then((m) => ({ default: m.TaskView })));
// The undo toast shows after a change, not on the first screen: its code loads with the first.
const loadUndoToast = () => import('./UndoToast');
const UndoToast = lazy(() => loadUndoToast().then((m) => ({ default: m.UndoToast })));
// The keys help is asked for with "?" now and then: its code loads then (a local file).
const KeysHelp = lazy(() => import('./KeysHelp').then((m) => ({ default: m.KeysHelp })));
const ReconnectScreen = lazy(() =>
  import('./ReconnectScreen').then((m) => ({ default: m.ReconnectScreen })),
);

type Screen = 'home' | 'settings' | 'reconnect' | 'browse' | 'assigned' | 'task' | 'add-account';
/**
 * Screens that show one account's data and act with its key: they leave when
 * the account shown changes, however it changed (docs/ARCHITECTURE.md,
 * invariant 9). Settings and adding an account are the app's own.
 */
const ACCOUNT_SCREENS: ReadonlySet<Screen> = new Set(['reconnect', 'browse', 'assigned', 'task']);

/** Which screen: loading, first run (signed out), the tasks, or settings. */
export function App() {
  const account = useMain('account');
  const settings = useSettings();
  const api = useApi();
  const [screen, setScreenNow] = useState<Screen>('home');
  const [openTask, setOpenTask] = useState<string | null>(null);
  const setScreen = useCallback(
    (next: typeof screen) => startTransition(() => setScreenNow(next)),
    [],
  );
  // A task main asked to show (a tasktray:// link); the list focuses it when it is there.
  const [focusTask, setFocusTask] = useState<{ readonly taskId: string } | null>(null);
  const focusTaskDone = useCallback(() => setFocusTask(null), []);
  useTheme(settings.state.phase === 'ready' ? settings.state.value.theme : null);
  useEscapeHides();
  const undo = useUndoHost();
  const keysHelp = useKeysHelp();
  usePrefetchScreens(account.state.phase === 'ready' && account.state.value.state !== 'signed-out');

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
    [api, setScreen],
  );

  const a = account.state;
  // The places strip (Pinned · Assigned · Browse) moves between these screens.
  const go = (place: Place) => setScreen(place === 'pinned' ? 'home' : place);
  // The account the screen was opened for: another one shown (a switch from the tray, a
  // sign-out, a notification's account) sends an account's screen home at once.
  const shownId = a.phase === 'ready' && a.value.state === 'connected' ? a.value.profile.id : null;
  const [screenOwner, setScreenOwner] = useState(shownId);
  if (screenOwner !== shownId) {
    setScreenOwner(shownId);
    // An undo belongs to the account whose change it takes back.
    undo.offer(null);
    if (ACCOUNT_SCREENS.has(screen)) setScreenNow('home');
  }
  if (a.phase === 'loading') return <LoadingScreen label="Loading…" />;
  if (a.phase === 'error')
    return (
      <ErrorScreen heading="Task Tray could not start" error={a.error} onRetry={account.reload} />
    );

  // One boundary for every screen: moving to a screen whose code is still loading is a
  // transition (setScreen), so the screen before stays on show until it is ready instead of
  // a fallback that React would keep at least 300 ms.
  return (
    <UndoContext value={undo.offer}>
      <Suspense fallback={<LoadingScreen label="Loading…" />}>{screenFor(a.value)}</Suspense>
      {/* The live region is there from the start, so the words put in it are read out. */}
      <div className="undo-toast" role="status">
        {undo.shown && (
          <Suspense fallback={null}>
            <UndoToast shown={undo.shown} onUndo={undo.undo} onDismiss={undo.dismiss} />
          </Suspense>
        )}
      </div>
      {keysHelp.open && (
        <Suspense fallback={null}>
          <KeysHelp onClose={keysHelp.close} />
        </Suspense>
      )}
    </UndoContext>
  );

  function screenFor(status: AccountStatus) {
    if (status.state === 'signed-out')
      return <FirstRun problem={status.problem} settings={settings} onConnected={account.set} />;

    if (screen === 'add-account')
      return (
        <FirstRun
          problem={null}
          settings={settings}
          adding
          onCancel={() => setScreen('home')}
          onConnected={(next) => {
            setScreen('home');
            account.set(next);
          }}
        />
      );

    if (screen === 'settings')
      return (
        <SettingsScreen
          profile={status.profile}
          settings={settings}
          onBack={() => setScreen('home')}
          onReconnect={() => setScreen('reconnect')}
          onAddAccount={() => setScreen('add-account')}
          onSignedOut={(next) => {
            setScreen('home');
            account.set(next);
          }}
        />
      );

    if (screen === 'task' && openTask)
      return (
        <TaskView
          taskId={openTask}
          apiKey={status.profile.authKind === 'api-key'}
          onBack={() => {
            // Back on the list, on the task that was open.
            setFocusTask({ taskId: openTask });
            setScreen('home');
          }}
        />
      );

    if (screen === 'browse') return <BrowseScreen onBack={() => setScreen('home')} onGo={go} />;

    if (screen === 'assigned') return <AssignedScreen onBack={() => setScreen('home')} onGo={go} />;

    if (screen === 'reconnect')
      return (
        <ReconnectScreen
          profile={status.profile}
          onBack={() => setScreen('home')}
          onConnected={(next) => {
            setScreen('home');
            account.set(next);
          }}
        />
      );

    // A new profile is a new world: remount so nothing of the old one lingers.
    return (
      <HomeScreen
        key={status.profile.id}
        profile={status.profile}
        problem={status.problem}
        onReconnect={() => setScreen('reconnect')}
        focusTask={focusTask}
        onFocused={focusTaskDone}
        onOpenSettings={() => setScreen('settings')}
        onOpenBrowse={() => setScreen('browse')}
        onOpenAssigned={() => setScreen('assigned')}
        onAddAccount={() => setScreen('add-account')}
        onOpenTask={(taskId) => {
          setOpenTask(taskId);
          setScreen('task');
        }}
      />
    );
  }
}
