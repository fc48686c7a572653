import { useCallback, useEffect, useState } from 'react';
import type { AssignedView } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useNow } from '../hooks/use-now';
import { usePinThenChange } from '../hooks/use-pin-then-change';
import { afterNextPaint } from '../lib/after-paint';
import { listedRef, openCount, personLabel, progressText } from '../lib/assigned-model';
import { FIRST_SCREEN_ROWS } from '../lib/first-screen';
import { relativeTime } from '../lib/relative-time';
import { TaskList } from './TaskList';
import { ProblemLine } from './primitives/Lines';

/** Who the list is for, how far main has read, and the tasks assigned (Assigned to me). */
export function AssignedTasks(props: {
  readonly view: AssignedView;
  readonly onChooseAgain: () => void;
}) {
  const { view } = props;
  const api = useApi();
  const now = useNow();

  // As the pinned list does: the first screenful of rows in the first frame, the rest right after.
  const [firstScreenOnly, setFirstScreenOnly] = useState(true);
  useEffect(() => afterNextPaint(() => setFirstScreenOnly(false)), []);
  const refOf = useCallback(
    (taskId: string) =>
      listedRef(
        view.tasks.find((t) => t.id === taskId),
        taskId,
      ),
    [view.tasks],
  );
  const { rows, problem, list } = usePinThenChange(
    view.tasks,
    refOf,
    firstScreenOnly ? FIRST_SCREEN_ROWS : undefined,
  );

  const built = relativeTime(view.builtAt, now);
  return (
    <>
      <p className="browse__counts">
        {view.me && <>As {personLabel(view.me)}. </>}
        {view.canChooseMe && (
          <button type="button" className="link-button" onClick={props.onChooseAgain}>
            Not you?
          </button>
        )}
      </p>
      {view.state === 'building' && (
        <div className="assigned__progress" role="status">
          <span>{progressText(view.progress, view.tasks.length > 0)}</span>
          {view.progress && view.progress.total > 0 && (
            <progress
              value={view.progress.done}
              max={view.progress.total}
              aria-label="Vendors and risks read"
            />
          )}
        </div>
      )}
      {(view.state === 'failed' || view.state === 'unavailable') && view.message && (
        <ProblemLine>{view.message}</ProblemLine>
      )}
      {view.state !== 'failed' && view.state !== 'unavailable' && view.message && (
        <p className="browse__note">{view.message}</p>
      )}
      {problem && <ProblemLine>{problem}</ProblemLine>}
      {view.state !== 'unavailable' && (
        <p className="browse__counts">
          {view.tasks.length === 0
            ? // Only a list read whole says there is nothing: a failed read says why above.
              view.state === 'ready'
              ? 'Nothing open is assigned to you.'
              : ''
            : openCount(view.tasks.length, view.more)}
          {built && view.state !== 'building' && (
            <>
              {view.tasks.length > 0 ? ' · ' : ' '}read {built}{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => void api.refreshAssigned()}
              >
                Read again
              </button>
            </>
          )}
        </p>
      )}
      {rows.length > 0 && <TaskList rows={rows} now={now} label="Tasks assigned to me" {...list} />}
    </>
  );
}
