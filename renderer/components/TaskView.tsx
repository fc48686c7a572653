import '../styles/task-view.css';
import { useCallback, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useEscape } from '../hooks/use-escape';
import { useFirstFocus } from '../hooks/use-first-focus';
import { useMe } from '../hooks/use-me';
import { useTasks } from '../hooks/use-tasks';
import { useUndoableChanges } from '../hooks/use-undoable-changes';
import { isTextEntry, taskKey } from '../lib/task-keys';
import { AssigneeSection } from './AssigneeSection';
import { DescriptionField } from './DescriptionField';
import { OpenInWebApp } from './OpenInWebApp';
import { isLocalTaskId } from '../../common/local-task-id';
import { ScreenHeader } from './primitives/ScreenHeader';
import { Notice } from './primitives/Notice';
import { PriorityControl } from './PriorityControl';
import { StatusControl } from './StatusControl';
import { ChangedHereNote, SyncText, TaskFacts } from './TaskFacts';
import { TitleField } from './TitleField';
import { StatusLine } from './primitives/Lines';

/**
 * One task, whole: its title (renamed in place), status, priority, assignee,
 * description, who changed it last and when, its vendor or risk, and a link
 * to it in the web app. Every change goes the way a status change does:
 * shown at once, through the outbox, rolled back with the service's words.
 * Esc (outside a field being edited) goes back to the list.
 */
export function TaskView(props: {
  readonly taskId: string;
  readonly apiKey: boolean;
  readonly onBack: () => void;
}) {
  const { taskId, onBack } = props;
  const tasks = useTasks();
  const me = useMe();
  const now = new Date();
  useEscape(onBack);
  const main = useRef<HTMLElement>(null);
  // On its status, as the list's row was: 1–5 and ←/→ carry on from there.
  useFirstFocus(main, '[data-first-focus] [role="radio"][tabindex="0"]', tasks.state.phase);

  const { update, dismissError } = tasks;
  const save = useCallback(
    async (patch: Parameters<typeof update>[1]) => (await update(taskId, patch)).ok,
    [update, taskId],
  );
  // Offered for undo, as in the list; nothing is sent for the value already shown.
  const { setStatus: onStatus, setPriority: onPriority } = useUndoableChanges(tasks);

  // The list's keys work here too: 1–5 the status, Shift+1–4 the priority (not while typing).
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.defaultPrevented || isTextEntry(e.target)) return;
    const change = taskKey(e);
    if (!change) return;
    e.preventDefault();
    if ('status' in change) onStatus(taskId, change.status);
    else onPriority(taskId, change.priority);
  };

  const row = tasks.rows.find((r) => r.id === taskId);
  const view =
    tasks.state.phase === 'ready' ? tasks.state.value.find((v) => v.id === taskId) : undefined;

  const header = (
    <ScreenHeader back={{ label: 'Back to tasks', onClick: onBack }}>Task</ScreenHeader>
  );

  if (!row || !view)
    return (
      <div className="app">
        {header}
        <main className="task-view" ref={main}>
          <StatusLine>
            {tasks.state.phase === 'loading'
              ? 'Loading the task…'
              : 'This task is no longer pinned.'}
          </StatusLine>
        </main>
      </div>
    );

  const snap = view.snapshot;
  const assigneeId =
    view.pendingPatch?.assigneeId !== undefined
      ? view.pendingPatch.assigneeId
      : (snap?.assignee?.id ?? null);
  const assigning = view.pendingPatch?.assigneeId !== undefined;
  const entityId = snap?.entityId ?? view.ref.entityId ?? null;

  return (
    <div className="app">
      {header}
      <main className="task-view" ref={main} onKeyDown={onKeyDown}>
        <TitleField
          value={row.hasTitle ? row.fullTitle : taskId}
          onSave={(title) => save({ title })}
        />
        <p className="task-view__meta">
          <TaskFacts row={row} now={now} apiKey={props.apiKey} />
          <SyncText row={row} />
        </p>
        <ChangedHereNote row={row} apiKey={props.apiKey} />
        {row.readNote && <p className="task__note">{row.readNote}</p>}
        {row.error && (
          <Notice
            tone="error"
            role="alert"
            onDismiss={() => dismissError(taskId)}
            dismissLabel="Dismiss the error"
          >
            <p>
              <strong>Not changed:</strong> {row.error.message}
            </p>
          </Notice>
        )}

        <div className="task-view__section" data-first-focus>
          <h3 className="task-view__label" id="task-view-status">
            Status
          </h3>
          <StatusControl taskId={taskId} value={row.status} label="Status" onChange={onStatus} />
        </div>
        <div className="task-view__section">
          <h3 className="task-view__label">Priority</h3>
          <PriorityControl
            taskId={taskId}
            value={row.priority}
            label="Priority"
            onChange={onPriority}
          />
        </div>
        <AssigneeSection
          assigneeId={assigneeId}
          assigning={assigning}
          assignee={row.assignee}
          me={me}
          onAssign={(memberId) => void save({ assigneeId: memberId })}
        />
        <DescriptionField
          value={
            view.pendingPatch?.description !== undefined
              ? view.pendingPatch.description
              : snap?.description
          }
          onSave={(description) => save({ description })}
        />
        {/* A task still being created has no page in the web app yet. */}
        {!isLocalTaskId(taskId) && (
          <OpenInWebApp taskId={taskId} entityType={row.entityType} entityId={entityId} />
        )}
      </main>
    </div>
  );
}
