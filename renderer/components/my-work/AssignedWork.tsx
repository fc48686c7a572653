import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAssigned } from '../../hooks/use-assigned';
import { useNow } from '../../hooks/use-now';
import { usePinThenChange } from '../../hooks/use-pin-then-change';
import { useTasks } from '../../hooks/use-tasks';
import { listedRef, progressText } from '../../lib/assigned-model';
import { TaskList } from '../TaskList';
import type { WorkShown } from './work-shown';

/** Task items My work lists before "All … assigned": the most pressing; the Assigned place has the rest. */
export const WORK_ITEMS = 10;

/**
 * My work's task items: those assigned to the person, most pressing first
 * (as Assigned to me orders them), the first few. Tasks already pinned show
 * in the pinned list below, not twice; one pinned from here (a change pins
 * it) stays where it is. With a key and nobody chosen yet, one line asks
 * who the person is (the Assigned place asks).
 */
export function AssignedWork(props: {
  readonly onOpenAssigned: () => void;
  readonly onOpenTask?: (taskId: string) => void;
  readonly onShown: (shown: WorkShown) => void;
}) {
  const { view, error } = useAssigned();
  const tasks = useTasks();
  const now = useNow();
  // The pins as My work first drew: those pinned later from here keep their row here.
  const [pinnedBefore] = useState(() => new Set(tasks.rows.map((r) => r.id)));
  const all = view?.tasks;
  const listed = useMemo(
    () => (all ?? []).filter((t) => !pinnedBefore.has(t.id)),
    [all, pinnedBefore],
  );
  const refOf = useCallback(
    (taskId: string) =>
      listedRef(
        listed.find((t) => t.id === taskId),
        taskId,
      ),
    [listed],
  );
  const { rows, problem, list } = usePinThenChange(listed, refOf, WORK_ITEMS);
  const count = listed.length + (view?.more ?? 0);
  // The Assigned place lists them all, the pinned ones too.
  const total = (all?.length ?? 0) + (view?.more ?? 0);
  const needsMe = view?.state === 'needs-me';
  const building = view?.state === 'building';

  const { onShown } = props;
  const shown: WorkShown =
    view === null && !error ? 'waiting' : rows.length > 0 || needsMe || building ? 'some' : 'empty';
  useEffect(() => onShown(shown), [onShown, shown]);

  if (needsMe)
    return (
      <p className="work__note">
        Say who you are, and what is assigned to you shows here.{' '}
        <button type="button" className="link-button" onClick={props.onOpenAssigned}>
          Choose…
        </button>
      </p>
    );
  if (rows.length === 0 && !building) return null;
  return (
    <section className="work__section" aria-labelledby="work-assigned">
      <h3 id="work-assigned" className="work__heading">
        Assigned to me{rows.length > 0 && <span className="tasks__count">{count}</span>}
      </h3>
      {building && rows.length === 0 && (
        <p className="work__note" role="status">
          {progressText(view.progress, false)}
        </p>
      )}
      {problem && (
        <p className="browse__problem" role="alert">
          {problem}
        </p>
      )}
      {rows.length > 0 && (
        <TaskList
          rows={rows}
          now={now}
          label="Task items assigned to me"
          {...list}
          {...(props.onOpenTask ? { onOpen: props.onOpenTask } : {})}
        />
      )}
      {total > rows.length && (
        <button type="button" className="link-button work__more" onClick={props.onOpenAssigned}>
          All {total} assigned to me
        </button>
      )}
    </section>
  );
}
