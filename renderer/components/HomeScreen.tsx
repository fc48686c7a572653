import { lazy, Suspense } from 'react';
import type { AppError } from '../../common/result';
import type { ProfileView } from '../../common/views';
import { useMain } from '../hooks/use-main';
import { useRefreshWhileOpen } from '../hooks/use-refresh-while-open';
import { useRetryWhenOnline } from '../hooks/use-retry-when-online';
import { ConnectionNotice } from './ConnectionNotice';
import { Freshness } from './Freshness';
import { Footer } from './Footer';
import { OrgHeader } from './OrgHeader';
import { PlacesNav } from './PlacesNav';
import type { Place } from './PlacesNav';
import { TaskSection } from './TaskSection';
import { UpdateLine } from './UpdateLine';

// Rare (another identity's changes wait at this organization): its code loads when needed.
const HandOverNotice = lazy(() =>
  import('./HandOverNotice').then((m) => ({ default: m.HandOverNotice })),
);

/** Signed in: who you are, the places, your pinned tasks, and how the connection is doing. */
export function HomeScreen(props: {
  readonly profile: ProfileView;
  readonly problem: AppError | null;
  readonly onReconnect: () => void;
  readonly focusTask: { readonly taskId: string } | null;
  readonly onFocused: () => void;
  readonly onOpenSettings: () => void;
  readonly onOpenBrowse: () => void;
  readonly onOpenAssigned: () => void;
  readonly onOpenTask?: (taskId: string) => void;
  readonly onAddAccount?: () => void;
}) {
  useRetryWhenOnline();
  const checked = useRefreshWhileOpen();
  const connection = useMain('connection').state;
  const othersWait = connection.phase === 'ready' && connection.value.othersWaiting !== undefined;
  const go = (place: Place) => {
    if (place === 'assigned') props.onOpenAssigned();
    else if (place === 'browse') props.onOpenBrowse();
  };
  return (
    <div className="app">
      <OrgHeader
        demo={props.profile.demo}
        profileLabel={props.profile.label}
        {...(props.onAddAccount
          ? {
              accounts: {
                onAddAccount: props.onAddAccount,
                onManageAccounts: props.onOpenSettings,
              },
            }
          : {})}
      />
      <PlacesNav current="pinned" onGo={go} />
      <TaskSection
        onOpenAssigned={props.onOpenAssigned}
        onOpenBrowse={props.onOpenBrowse}
        focusTask={props.focusTask}
        onFocused={props.onFocused}
        apiKey={props.profile.authKind === 'api-key'}
        {...(props.onOpenTask ? { onOpenTask: props.onOpenTask } : {})}
      />
      {othersWait && (
        <Suspense fallback={null}>
          <HandOverNotice authKind={props.profile.authKind} />
        </Suspense>
      )}
      <Freshness note={checked} />
      <ConnectionNotice
        profile={props.profile}
        problem={props.problem}
        onReconnect={props.onReconnect}
      />
      <UpdateLine />
      <Footer authKind={props.profile.authKind} onOpenSettings={props.onOpenSettings} />
    </div>
  );
}
