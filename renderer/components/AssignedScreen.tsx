import { useRef, useState } from 'react';
import { useAssigned } from '../hooks/use-assigned';
import { useEscape } from '../hooks/use-escape';
import { useFirstFocus } from '../hooks/use-first-focus';
import { AssignedTasks } from './AssignedTasks';
import { ChooseMe } from './ChooseMe';
import { ScreenHeader } from './primitives/ScreenHeader';
import { PlacesNav } from './PlacesNav';
import type { Place } from './PlacesNav';
import { ProblemLine, StatusLine } from './primitives/Lines';

/**
 * "Assigned to me": the person's open task items across every vendor and
 * risk, most pressing first. What main kept shows at once; main reads it
 * again behind and says how far it is. With an API key the person first
 * says who they are. Changing a task here pins it, as in Browse.
 */
export function AssignedScreen(props: {
  readonly onBack: () => void;
  /** The places strip: another place, chosen. */
  readonly onGo?: (place: Place) => void;
}) {
  const { view, error, setView } = useAssigned();
  const [choosing, setChoosing] = useState(false);

  const needsMe = view?.state === 'needs-me';
  // Choosing who you are again is one level in: Esc comes back to the list, then to the tasks.
  useEscape(choosing ? () => setChoosing(false) : props.onBack);
  const main = useRef<HTMLElement>(null);
  // The first task assigned (or, before there is one, the first control) once it is shown.
  useFirstFocus(main, 'li[data-task-id][tabindex="0"]', `${view?.tasks.length ?? -1}:${choosing}`);
  return (
    <div className="app">
      <ScreenHeader
        back={
          choosing
            ? { label: 'Back to assigned to me', onClick: () => setChoosing(false) }
            : { label: 'Back to tasks', onClick: props.onBack }
        }
      >
        {choosing || needsMe ? 'Who are you?' : 'Assigned to me'}
      </ScreenHeader>
      {props.onGo && !choosing && !needsMe && <PlacesNav current="assigned" onGo={props.onGo} />}
      <main className="browse" ref={main}>
        {!view && !error && <StatusLine>Loading…</StatusLine>}
        {error && <ProblemLine>{error.message}</ProblemLine>}
        {view && (choosing || needsMe) && (
          <ChooseMe
            view={view}
            onChosen={(v) => {
              setView(v);
              setChoosing(false);
            }}
          />
        )}
        {view && !choosing && !needsMe && (
          <AssignedTasks view={view} onChooseAgain={() => setChoosing(true)} />
        )}
      </main>
    </div>
  );
}
