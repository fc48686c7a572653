import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import {
  PRIORITY_LABELS,
  STATUS_LABELS,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from '../../common/task-values';
import { useBulkRun } from '../hooks/use-bulk-run';
import { useMain } from '../hooks/use-main';
import { useEscape } from '../hooks/use-escape';
import type { SelectMode } from '../hooks/use-select-mode';
import type { TasksController } from '../hooks/use-tasks';
import { assigneeChange, priorityChange, statusChange } from '../lib/bulk-action';
import type { BulkAction } from '../lib/bulk-action';
import { progressText, taskCount } from '../lib/bulk-summary';
import { countSelection } from '../lib/selection';
import { AssigneePicker } from './AssigneePicker';

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
  const { run, running, apply, answered, summary } = useBulkRun(tasks, select.selection.ids);
  const allBox = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const connection = useMain('connection').state;
  const waitSeconds =
    connection.phase === 'ready' ? connection.value.changesWaitSeconds : undefined;

  const count = countSelection(select.selection, shown);
  const allShown = count.shown > 0 && count.shownSelected === count.shown;
  const someShown = count.shownSelected > 0 && !allShown;
  const filtered = shown.length < tasks.rows.length;
  const canApply = count.selected > 0 && !running;
  const set = (change: BulkAction) => {
    if (canApply) void apply(change);
  };

  // "Some but not all" has no attribute in HTML: it is a property only.
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = someShown;
  }, [someShown]);

  // Esc leaves select mode, except mid-change: then the popup hides as usual and the change carries on.
  useEscape(onLeave, !running);

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
          {run ? 'Close' : 'Stop selecting'}
        </button>
      </div>
      <BulkGroup
        label={
          count.selected > 0 ? `Set ${taskCount(count.selected)} to` : 'Set the selected tasks to'
        }
        shownLabel="Set to"
      >
        {TASK_STATUSES.map((s) => (
          <SetButton
            key={s}
            enabled={canApply}
            title={
              running
                ? 'Wait for the change on its way'
                : count.selected > 0
                  ? `Set ${taskCount(count.selected)} to ${STATUS_LABELS[s]}`
                  : 'Select tasks first'
            }
            onClick={() => set(statusChange(s))}
          >
            {STATUS_LABELS[s]}
          </SetButton>
        ))}
      </BulkGroup>
      <BulkGroup
        label={
          count.selected > 0
            ? `Set the priority of ${taskCount(count.selected)} to`
            : 'Set the priority of the selected tasks to'
        }
        shownLabel="Priority"
      >
        {TASK_PRIORITIES.map((p) => (
          <SetButton key={p} enabled={canApply} onClick={() => set(priorityChange(p))}>
            {PRIORITY_LABELS[p]}
          </SetButton>
        ))}
        <SetButton
          enabled={canApply}
          expanded={picking}
          onClick={() => canApply && setPicking((o) => !o)}
        >
          Assign…
        </SetButton>
      </BulkGroup>
      {picking && (
        <AssigneePicker
          current={null}
          me={null}
          onClose={() => setPicking(false)}
          onChoose={(memberId, name) => {
            setPicking(false);
            set(assigneeChange(memberId, name));
          }}
          allowUnassign
        />
      )}
      <div role="status" className="bulk__status">
        {run && running && (
          <>
            <p>{progressText(run.status, answered, run.taskIds.length, waitSeconds)}</p>
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

/** A row of the bar's buttons: its name for assistive technology, and a shorter one shown. */
function BulkGroup(props: {
  readonly label: string;
  readonly shownLabel: string;
  readonly children: ReactNode;
}) {
  return (
    <div role="group" className="bulk__actions" aria-label={props.label}>
      <span className="bulk__label" aria-hidden="true">
        {props.shownLabel}
      </span>
      {props.children}
    </div>
  );
}

/** One of the bar's choices; disabled only in name, so it keeps its focus and says why. */
function SetButton(props: {
  readonly enabled: boolean;
  readonly title?: string;
  readonly expanded?: boolean;
  readonly onClick: () => void;
  readonly children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="button button--small bulk__set"
      aria-disabled={!props.enabled}
      title={props.title}
      aria-expanded={props.expanded}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}
