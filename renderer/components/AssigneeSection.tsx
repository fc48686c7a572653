import { useCallback, useRef, useState } from 'react';
import type { PersonView } from '../../common/views';
import { NO_ASSIGNEE } from '../lib/people';
import { AssigneePicker } from './AssigneePicker';

/**
 * A task's assignee in its view: who it is (or who it is being assigned
 * to, while that is on its way), and Change…, which opens the picker.
 */
export function AssigneeSection(props: {
  /** The assignee shown (the waiting change's, if any). */
  readonly assigneeId: string | null;
  readonly assigning: boolean;
  /** The assignee's name as the task holds it. */
  readonly assignee: string | null;
  readonly me: PersonView | null;
  readonly onAssign: (memberId: string | null) => void;
}) {
  const { assigneeId, me } = props;
  const [picking, setPicking] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  // The picker gone, focus goes back to what opened it (not to the page).
  const closePicker = useCallback(() => {
    setPicking(false);
    requestAnimationFrame(() => changeButton.current?.focus());
  }, []);
  // The name of the member just chosen, to say who the task is being assigned to.
  const [chosenName, setChosenName] = useState<string | null>(null);

  return (
    <div className="task-view__section">
      <div className="task-view__section-head">
        <h3 className="task-view__label">Assignee</h3>
        {!picking && (
          <button
            ref={changeButton}
            type="button"
            className="link-button"
            onClick={() => setPicking(true)}
          >
            Change…
          </button>
        )}
      </div>
      <p className="task-view__assignee">
        {props.assigning
          ? assigneeId === null
            ? 'Unassigning…'
            : `Assigning to ${me?.id === assigneeId ? 'you' : (chosenName ?? assigneeId)}…`
          : (props.assignee ?? NO_ASSIGNEE)}
      </p>
      {picking && (
        <AssigneePicker
          current={assigneeId}
          me={me}
          onClose={closePicker}
          onChoose={(memberId, name) => {
            closePicker();
            setChosenName(name ?? null);
            if (memberId !== assigneeId) props.onAssign(memberId);
          }}
        />
      )}
    </div>
  );
}
