import { useEffect, useRef, useState } from 'react';
import {
  PRIORITY_LABELS,
  STATUS_LABELS,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from '../../common/task-values';
import type { TaskPriority, TaskStatus } from '../../common/task-values';
import type { ConnectionState, TaskUpdateOutcome } from '../../common/views';
import { useStore } from '../hooks/api-context';
import type { SelectMode } from '../hooks/use-select-mode';
import type { BulkPatch, TasksController } from '../hooks/use-tasks';
import type { TaskRowModel } from '../lib/task-model';
import type { BulkTarget } from '../lib/bulk-summary';
import { AssigneePicker } from './AssigneePicker';
import { answeredCount } from '../lib/bulk-progress';
import { progressText, summarizeBulk, taskCount } from '../lib/bulk-summary';
import { countSelection } from '../lib/selection';

/** One bulk change: what it sets, its words, and whether a row already has it. */
interface Change {
  readonly patch: BulkPatch;
  readonly target: BulkTarget;
  readonly has: (row: TaskRowModel) => boolean;
}

const statusChange = (status: TaskStatus): Change => ({
  patch: { status },
  target: status,
  has: (r) => r.status === status,
});
const priorityChange = (priority: TaskPriority): Change => ({
  patch: { priority },
  target: { label: `${PRIORITY_LABELS[priority]} priority` },
  has: (r) => r.priority === priority,
});
const assigneeChange = (memberId: string | null, name?: string): Change => ({
  patch: { assigneeId: memberId },
  target: { label: memberId === null ? 'no assignee' : `${name ?? memberId} as assignee` },
  has: (r) => r.assigneeId === memberId,
});

interface Run {
  readonly status: BulkTarget;
  /** The tasks sent, in list order (selected ones already showing the status are not). */
  readonly taskIds: readonly string[];
  readonly skipped: number;
  /** Null while main works through them. */
  readonly outcomes: readonly TaskUpdateOutcome[] | null;
  /** How the connection stood when the answer came: why queued changes wait. */
  readonly connection: ConnectionState | null;
}

/**
 * Select mode's bar, where the pin field was: select all (that the filter
 * shows), how many are ticked, one button per status, then the progress and
 * what came of it. The rows show each task's own outcome (queued, refused…).
 * Loaded on first use, like settings: most openings of the popup never need it.
 */
export function BulkBar(props: {
  readonly tasks: TasksController;
  /** The tasks the filter shows, in list order. */
  readonly shown: readonly string[];
  readonly select: SelectMode;
  readonly onLeave: () => void;
}) {
  const { tasks, shown, select, onLeave } = props;
  const store = useStore();
  const [run, setRun] = useState<Run | null>(null);
  const running = run !== null && run.outcomes === null;
  const alive = useRef(true);
  const allBox = useRef<HTMLInputElement>(null);

  const count = countSelection(select.selection, shown);
  const allShown = count.shown > 0 && count.shownSelected === count.shown;
  const someShown = count.shownSelected > 0 && !allShown;
  const filtered = shown.length < tasks.rows.length;
  const canApply = count.selected > 0 && !running;

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // "Some but not all" has no attribute in HTML: it is a property only.
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = someShown;
  }, [someShown]);

  // Esc leaves select mode (before the window-wide Esc hides the popup), except
  // mid-change: then the popup hides as usual and the change carries on.
  useEffect(() => {
    if (running) return;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      onLeave();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [running, onLeave]);

  const [picking, setPicking] = useState(false);

  const apply = async (change: Change) => {
    if (!canApply) return;
    const status = change.target;
    const chosen = tasks.rows.filter((r) => select.selection.ids.has(r.id));
    // As a single click on the value already shown: nothing to send (it would only bump updatedAt).
    const taskIds = chosen.filter((r) => !change.has(r)).map((r) => r.id);
    const skipped = chosen.length - taskIds.length;
    const connection = (): ConnectionState | null => {
      const c = store.get('connection');
      return c.phase === 'ready' ? c.value.state : null;
    };
    if (taskIds.length === 0) {
      setRun({ status, taskIds, skipped, outcomes: [], connection: connection() });
      return;
    }
    setRun({ status, taskIds, skipped, outcomes: null, connection: null });
    const outcomes = await tasks.changeMany(taskIds, change.patch);
    if (alive.current)
      setRun((r) => (r?.taskIds === taskIds ? { ...r, outcomes, connection: connection() } : r));
  };

  const views = tasks.state.phase === 'ready' ? tasks.state.value : [];
  const answered =
    run && running && tasks.bulk ? answeredCount(tasks.bulk.before, views, run.taskIds) : 0;
  const titles = new Map(tasks.rows.map((r) => [r.id, r.title]));
  const summary =
    run?.outcomes &&
    summarizeBulk({
      status: run.status,
      outcomes: run.outcomes,
      skipped: run.skipped,
      titleOf: (id) => titles.get(id) ?? id,
      connection: run.connection,
    });

  return (
    <section className="bulk" aria-label="Change several tasks">
      <div className="bulk__top">
        <label className="bulk__all">
          <input
            ref={allBox}
            type="checkbox"
            checked={allShown}
            onChange={() => (allShown ? select.clearShown() : select.selectShown())}
          />
          {filtered ? `Select all ${count.shown} shown` : 'Select all'}
        </label>
        <span className="bulk__count">
          {count.selected === 0 ? 'None selected' : `${count.selected} selected`}
          {count.hidden > 0 && `, ${count.hidden} hidden by the filter`}
        </span>
        <button type="button" className="button button--small" onClick={onLeave}>
          {run ? 'Close' : 'Cancel'}
        </button>
      </div>
      <div
        role="group"
        className="bulk__actions"
        aria-label={
          count.selected > 0 ? `Set ${taskCount(count.selected)} to` : 'Set the selected tasks to'
        }
      >
        <span className="bulk__label" aria-hidden="true">
          Set to
        </span>
        {TASK_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className="button button--small bulk__set"
            aria-disabled={!canApply}
            title={
              running
                ? 'Wait for the change on its way'
                : count.selected > 0
                  ? `Set ${taskCount(count.selected)} to ${STATUS_LABELS[s]}`
                  : 'Select tasks first'
            }
            onClick={() => void apply(statusChange(s))}
          >
            {STATUS_LABELS[s]}
          </button>
        ))}
      </div>
      <div
        role="group"
        className="bulk__actions"
        aria-label={
          count.selected > 0
            ? `Set the priority of ${taskCount(count.selected)} to`
            : 'Set the priority of the selected tasks to'
        }
      >
        <span className="bulk__label" aria-hidden="true">
          Priority
        </span>
        {TASK_PRIORITIES.map((p) => (
          <button
            key={p}
            type="button"
            className="button button--small bulk__set"
            aria-disabled={!canApply}
            onClick={() => void apply(priorityChange(p))}
          >
            {PRIORITY_LABELS[p]}
          </button>
        ))}
        <button
          type="button"
          className="button button--small bulk__set"
          aria-disabled={!canApply}
          aria-expanded={picking}
          onClick={() => canApply && setPicking((o) => !o)}
        >
          Assign…
        </button>
      </div>
      {picking && (
        <AssigneePicker
          current={null}
          me={null}
          onClose={() => setPicking(false)}
          onChoose={(memberId, name) => {
            setPicking(false);
            void apply(assigneeChange(memberId, name));
          }}
          allowUnassign
        />
      )}
      <div role="status" className="bulk__status">
        {run && running && (
          <>
            <p>{progressText(run.status, answered, run.taskIds.length)}</p>
            <progress
              className="bulk__meter"
              max={run.taskIds.length}
              value={answered}
              aria-hidden="true"
            />
          </>
        )}
        {summary && (
          <div className={`bulk__summary bulk__summary--${summary.tone}`}>
            <p>{summary.text}</p>
            {summary.refusals.length > 0 && (
              <ul>
                {summary.refusals.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
