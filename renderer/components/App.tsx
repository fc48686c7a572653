import { lazy, startTransition, Suspense, useCallback, useEffect, useState } from 'react';
import type { ViewRequest } from '../../common/ipc';
import type { AccountStatus } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useEscapeHides } from '../hooks/use-escape-hides';
import { useKeysHelp } from '../hooks/use-keys-help';
import { UndoContext, useUndoHost } from '../hooks/use-undo';
import { useMain } from '../hooks/use-main';
import { useSettings } from '../hooks/use-settings';
import { useTheme } from '../hooks/use-theme';
import { loadAllNow, loadWhenIdle } from '../lib/idle-loads';
import { HomeScreen } from './HomeScreen';
import type { OpenTask, OtherScreenName } from './OtherScreen';
// The undo toast (after a change) and the keys' help ("?") are later parts: they load when idle.
import { ErrorScreen, KeysHelp, UndoToast } from './later';
import { LoadingScreen } from './ScreenMessage';

// The popup opens on its tasks; first run and the other screens are rare at start, so their
// code loads when first shown (a local file, milliseconds) instead of with every start.
const FirstRun = lazy(() => import('./FirstRun').then((m) => ({ default: m.FirstRun })));
const loadOtherScreen = loadWhenIdle(() => import('./OtherScreen'));
const OtherScreen = lazy(() => loadOtherScreen().then((m) => ({ default: m.OtherScreen })));

/**
 * Browse and Assigned to me are a click away from the first screen, the undo
 * toast and select mode a key away (`loadWhenIdle` lists every such part):
 * their code is fetched once the popup is idle after it has drawn, so that
 * click or key finds it loaded. Not part of the first screen's weight or time.
 */
function usePrefetchScreens(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    // The screens' own loaders are registered as their router's module runs.
    const load = () => void loadOtherScreen().then(loadAllNow, () => undefined);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(load, { timeout: 2_000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 1_000);
    return () => clearTimeout(timer);
  }, [enabled]);
}

type Screen = 'home' | OtherScreenName;
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
  const [openTask, setOpenTask] = useState<OpenTask | null>(null);
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

  // Main asks for a screen: the tray's "Settings…", or a task opened from a link (a compliance
  // task, `tsk_…`, in its own view; a task item focused in the list).
  useEffect(
    () =>
      api.on('view:open', (request) => {
        // Only a task opened from a link has an id.
        const { screen: to, taskId } = request as {
          screen: ViewRequest['screen'];
          taskId?: string;
        };
        if (taskId?.startsWith('tsk_')) return openTaskView(taskId);
        // A compliance request always carries its tsk_ id (above): what is left is a screen's name.
        setScreen(to === 'tasks' ? 'home' : (to as Screen));
        if (taskId) setFocusTask({ taskId });
      }),
    // openTaskView only sets state, whose setters never change: the first listener stays right.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, setScreen],
  );

  const a = account.state;
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
      <Suspense fallback={null}>
        <ErrorScreen heading="Task Tray could not start" error={a.error} onRetry={account.reload} />
      </Suspense>
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

  /**
   * A task's own view: a task item's, or a compliance task's (`tsk_…`, opened
   * asking why it is not relevant with `ask`). Home's onOpenComplianceTask is this too.
   */
  function openTaskView(taskId: string, ask?: 'not_relevant') {
    setOpenTask([taskId, ask]);
    setScreen('task');
  }

  function screenFor(status: AccountStatus) {
    if (status.state === 'signed-out')
      return <FirstRun problem={status.problem} settings={settings} onConnected={account.set} />;

    if (screen !== 'home' && (screen !== 'task' || openTask))
      return (
        <OtherScreen
          screen={screen}
          profile={status.profile}
          settings={settings}
          openTask={openTask}
          setScreen={setScreen}
          onConnected={account.set}
          onBackToTask={(taskId) => setFocusTask({ taskId })}
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
        onOpenTask={openTaskView}
        onOpenComplianceTask={openTaskView}
      />
    );
  }
}
