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

/** Signed in: who you are, the places, My work above your pins, and how the connection is doing. */
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
  /** A compliance task's own view; `ask`: it opens asking why the task is not relevant. */
  readonly onOpenComplianceTask?: ((taskId: string, ask?: 'not_relevant') => void) | undefined;
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
  // The strip asks only for another place than this one.
  const go = (place: Place) =>
    place === 'assigned' ? props.onOpenAssigned() : props.onOpenBrowse();
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
      <PlacesNav current="home" onGo={go} />
      {/* The places, the linked task and the task views are the screen's own props, by name. */}
      <TaskSection {...props} apiKey={props.profile.authKind === 'api-key'} />
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
