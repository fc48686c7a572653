import { Suspense } from 'react';
import type { AppError } from '../../common/result';
import type { ProfileView } from '../../common/views';
import { useMain } from '../hooks/use-main';
import { useRefreshWhileOpen } from '../hooks/use-refresh-while-open';
import { useIdle } from '../hooks/use-idle';
import { useRetryWhenOnline } from '../hooks/use-retry-when-online';
import { Freshness } from './Freshness';
import { ConnectionNotice, HandOverNotice, UpdateLine } from './later';
import { Footer } from './Footer';
import { OrgHeader } from './OrgHeader';
import { PlacesNav } from './PlacesNav';
import type { Place } from './PlacesNav';
import { TaskSection } from './TaskSection';

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
  const idle = useIdle();
  const connection = useMain('connection').state;
  const c = connection.phase === 'ready' ? connection.value : null;
  const othersWait = c?.othersWaiting !== undefined;
  // Online (or signed out) with no problem, the notice has nothing to say: ConnectionNotice decides the rest.
  const notice =
    props.problem !== null || (c !== null && c.cause !== 'online' && c.cause !== 'signed-out');
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
      {notice && (
        <Suspense fallback={null}>
          <ConnectionNotice
            profile={props.profile}
            problem={props.problem}
            onReconnect={props.onReconnect}
          />
        </Suspense>
      )}
      {/* Asked for once the popup is idle: an update is never what it opens for. */}
      {idle && (
        <Suspense fallback={null}>
          <UpdateLine />
        </Suspense>
      )}
      <Footer authKind={props.profile.authKind} onOpenSettings={props.onOpenSettings} />
    </div>
  );
}
