import { useEffect, useRef, useState } from 'react';
import { PRIORITY_LABELS, TASK_PRIORITIES } from '../../common/task-values';
import { useBulkRun } from '../hooks/use-bulk-run';
import { useMain } from '../hooks/use-main';
import { useEscape } from '../hooks/use-escape';
import type { SelectMode } from '../hooks/use-select-mode';
import type { TasksController } from '../hooks/use-tasks';
import { assigneeChange, priorityChange, statusChange } from '../lib/bulk-action';
import type { BulkAction } from '../lib/bulk-action';
import { bulkKinds, bulkStatusLabel, bulkStatuses } from '../lib/bulk-kinds';
import { progressText, taskCount } from '../lib/bulk-summary';
import type { ComplianceRowModel } from '../lib/compliance-rows';
import { countSelection } from '../lib/selection';
import { AssigneePicker } from './AssigneePicker';
import { BulkGroup, SetButton } from './BulkParts';
import { JustificationPrompt } from './compliance/JustificationPrompt';

/**
 * Select mode's bar, where the pin field was: select all (that the filter
 * shows), how many are ticked, one button per status of the kinds ticked
 * (task items, compliance tasks, or the statuses both share), then the
 * progress and what came of it. The rows show each task's own outcome
 * (queued, refused…). Loaded on first use, like settings: most openings of
 * the popup never need it.
 */
export function BulkBar(props: {
  readonly tasks: TasksController;
  /** My work's compliance tasks, selectable beside the pinned task items. */
  readonly work: readonly ComplianceRowModel[];
  /** The tasks the filter shows, in list order (compliance tasks first, as on screen). */
  readonly shown: readonly string[];
  readonly select: SelectMode;
  readonly onLeave: () => void;
}) {
  const { tasks, work, shown, select, onLeave } = props;
  const { run, running, apply, answered, summary } = useBulkRun(tasks, work, select.selection.ids);
  const allBox = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const kinds = bulkKinds(select.selection.ids, shown);
  const statuses = bulkStatuses(kinds);
  const bar = useRef<HTMLElement>(null);
  // Not relevant asks why first, as on one task: one reason for all of them. A task item ticked
  // meanwhile takes Not relevant off the bar, and the question with it.
  const [askingNow, setAsking] = useState(false);
  const asking = askingNow && statuses.includes('not_relevant');
  const closeQuestion = () => {
    setAsking(false);
    // The field goes: focus back on the button that asked, not on the page.
    requestAnimationFrame(() =>
      bar.current?.querySelector<HTMLElement>('.bulk__set[aria-expanded]')?.focus(),
    );
  };
  const connection = useMain('connection').state;
  const waitSeconds =
    connection.phase === 'ready' ? connection.value.changesWaitSeconds : undefined;

  const count = countSelection(select.selection, shown);
  const allShown = count.shown > 0 && count.shownSelected === count.shown;
  const someShown = count.shownSelected > 0 && !allShown;
  const filtered = shown.length < tasks.rows.length + work.length;
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
    <section className="bulk" aria-label="Change several tasks" ref={bar}>
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
        {statuses.map((s) => (
          <SetButton
            key={s}
            enabled={canApply}
            title={
              running
                ? 'Wait for the change on its way'
                : count.selected > 0
                  ? `Set ${taskCount(count.selected)} to ${bulkStatusLabel(s)}`
                  : 'Select tasks first'
            }
            expanded={s === 'not_relevant' ? asking : undefined}
            onClick={() =>
              s === 'not_relevant' ? canApply && setAsking(true) : set(statusChange(s))
            }
          >
            {bulkStatusLabel(s)}
          </SetButton>
        ))}
      </BulkGroup>
      {asking && (
        <JustificationPrompt
          initial=""
          onCancel={closeQuestion}
          onSave={(why) => {
            closeQuestion();
            set(statusChange('not_relevant', why));
          }}
        />
      )}
      <BulkGroup
        label={
          !kinds.items
            ? 'Assign the selected tasks'
            : kinds.work
              ? 'Set the priority of the selected task items to'
              : count.selected > 0
                ? `Set the priority of ${taskCount(count.selected)} to`
                : 'Set the priority of the selected tasks to'
        }
        // Compliance tasks have no priority: with both kinds, it is the task items' (the
        // group's name says so; the summary counts those left out).
        shownLabel={kinds.items ? 'Priority' : 'Assign'}
      >
        {(kinds.items ? TASK_PRIORITIES : []).map((p) => (
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
