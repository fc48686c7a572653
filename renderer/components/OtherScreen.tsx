import { lazy } from 'react';
import { isComplianceTaskId } from '../../common/compliance-values';
import type { AccountStatus, ProfileView } from '../../common/views';
import type { SettingsController } from '../hooks/use-settings';
import { loadWhenIdle } from '../lib/idle-loads';
import type { Place } from './PlacesNav';

// Each screen's code loads when first shown (a local file, milliseconds); the ones a click or
// a key away from the tasks are also fetched once the popup is idle, so that click finds them.
const FirstRun = lazy(() => import('./FirstRun').then((m) => ({ default: m.FirstRun })));
const SettingsScreen = lazy(() =>
  import('./SettingsScreen').then((m) => ({ default: m.SettingsScreen })),
);
const loadBrowse = loadWhenIdle(() => import('./BrowseScreen'));
const loadAssigned = loadWhenIdle(() => import('./AssignedScreen'));
const loadTaskView = loadWhenIdle(() => import('./TaskView'));
const BrowseScreen = lazy(() => loadBrowse().then((m) => ({ default: m.BrowseScreen })));
const AssignedScreen = lazy(() => loadAssigned().then((m) => ({ default: m.AssignedScreen })));
const TaskView = lazy(() => loadTaskView().then((m) => ({ default: m.TaskView })));
// A compliance task's view loads when first opened: most people open task items more often.
const ComplianceTaskView = lazy(() =>
  import('./compliance/ComplianceTaskView').then((m) => ({ default: m.ComplianceTaskView })),
);
// The capture's screen loads when "Capture evidence…" is first chosen.
const CaptureScreen = lazy(() =>
  import('./capture/CaptureScreen').then((m) => ({ default: m.CaptureScreen })),
);
// The quick entry loads when first opened (the tray's "New task…" or its shortcut).
const NewTaskScreen = lazy(() =>
  import('./NewTaskScreen').then((m) => ({ default: m.NewTaskScreen })),
);
const ReconnectScreen = lazy(() =>
  import('./ReconnectScreen').then((m) => ({ default: m.ReconnectScreen })),
);

/**
 * The task a task view shows, and for a compliance task what to ask at once
 * (its "why not relevant"). A pair, not an object: App, which holds it, is in
 * the first screen's bundle, where every byte counts (bench item 1).
 */
export type OpenTask = readonly [taskId: string, ask?: 'not_relevant'];

export type OtherScreenName =
  | 'settings'
  | 'reconnect'
  | 'browse'
  | 'assigned'
  | 'task'
  | 'add-account'
  | 'capture'
  | 'new-task';

/**
 * The screens reached from the tasks (App draws the tasks and the first run
 * itself): their routing loads with the first of them, not with the popup.
 */
export function OtherScreen(props: {
  readonly screen: OtherScreenName;
  readonly profile: ProfileView;
  readonly settings: SettingsController;
  readonly openTask: OpenTask | null;
  readonly setScreen: (next: OtherScreenName | 'home') => void;
  readonly onConnected: (next: AccountStatus) => void;
  /** Back on the list, on this task. */
  readonly onBackToTask: (taskId: string) => void;
}) {
  const { screen, profile, setScreen } = props;
  const home = () => setScreen('home');
  const go = (place: Place) => setScreen(place);
  const connected = (next: AccountStatus) => {
    setScreen('home');
    props.onConnected(next);
  };
  switch (screen) {
    case 'add-account':
      return (
        <FirstRun
          problem={null}
          settings={props.settings}
          adding
          onCancel={home}
          onConnected={connected}
        />
      );
    case 'new-task':
      // Another account shown: a new entry, with that account's vendors and risks.
      return (
        <NewTaskScreen
          key={profile.id}
          onLeave={home}
          onCreated={(taskId) => {
            props.onBackToTask(taskId);
            home();
          }}
        />
      );
    case 'settings':
      return (
        <SettingsScreen
          profile={profile}
          settings={props.settings}
          onBack={home}
          onReconnect={() => setScreen('reconnect')}
          onAddAccount={() => setScreen('add-account')}
          onSignedOut={connected}
        />
      );
    case 'task': {
      if (!props.openTask) return null;
      const [taskId, ask] = props.openTask;
      const back = () => {
        props.onBackToTask(taskId);
        setScreen('home');
      };
      if (isComplianceTaskId(taskId))
        return <ComplianceTaskView key={taskId} taskId={taskId} ask={ask} onBack={back} />;
      return <TaskView taskId={taskId} apiKey={profile.authKind === 'api-key'} onBack={back} />;
    }
    case 'browse':
      return <BrowseScreen onBack={home} onGo={go} />;
    case 'assigned':
      return <AssignedScreen onBack={home} onGo={go} />;
    case 'capture':
      return <CaptureScreen onBack={home} />;
    case 'reconnect':
      return <ReconnectScreen profile={profile} onBack={home} onConnected={connected} />;
  }
}
