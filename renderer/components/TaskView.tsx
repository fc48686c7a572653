import '../styles/task-view.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TaskPriority, TaskStatus } from '../../common/task-values';
import type { PersonView } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useMain } from '../hooks/use-main';
import { useTasks } from '../hooks/use-tasks';
import { webAppTaskLink } from '../../common/task-ref';
import { AssigneePicker } from './AssigneePicker';
import { DescriptionField } from './DescriptionField';
import { ExternalIcon } from './icons';
import { ScreenHeader } from './primitives/ScreenHeader';
import { Notice } from './primitives/Notice';
import { PriorityControl } from './PriorityControl';
import { StatusControl } from './StatusControl';
import { ChangedHereNote, SyncText, TaskFacts } from './TaskFacts';
import { TitleField } from './TitleField';

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
  const api = useApi();
  const tasks = useTasks();
  const organization = useMain('organization').state;
  const settings = useMain('settings').state;
  const [picking, setPicking] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  // The picker gone, focus goes back to what opened it (not to the page).
  const closePicker = useCallback(() => {
    setPicking(false);
    requestAnimationFrame(() => changeButton.current?.focus());
  }, []);
  const [me, setMe] = useState<PersonView | null>(null);
  // The name of the member just chosen, to say who the task is being assigned to.
  const [chosenName, setChosenName] = useState<string | null>(null);
  const now = new Date();

  useEffect(() => {
    let alive = true;
    // Who "me" is, as kept: asking for Assigned to me itself would start its gathering.
    void api.getMe().then((r) => {
      if (alive && r.ok) setMe(r.value);
    });
    return () => {
      alive = false;
    };
  }, [api]);

  // Esc goes back, once fields and the picker have had theirs (they prevent the default).
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      onBack();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onBack]);

  const { update, setStatus, dismissError } = tasks;
  const save = useCallback(
    async (patch: Parameters<typeof update>[1]) => (await update(taskId, patch)).ok,
    [update, taskId],
  );
  const onStatus = useCallback((id: string, s: TaskStatus) => setStatus(id, s), [setStatus]);
  const shownPriority = tasks.rows.find((r) => r.id === taskId)?.priority ?? null;
  const onPriority = useCallback(
    (id: string, p: TaskPriority) => {
      // The one it has: nothing to send (an update would still bump who and when).
      if (p !== shownPriority) void update(id, { priority: p });
    },
    [update, shownPriority],
  );

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
        <main className="task-view">
          <p className="muted" role="status">
            {tasks.state.phase === 'loading'
              ? 'Loading the task…'
              : 'This task is no longer pinned.'}
          </p>
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
  const link =
    settings.phase === 'ready' && organization.phase === 'ready'
      ? webAppTaskLink({
          signInUrl: settings.value.signInUrl,
          organizationId: organization.value?.id ?? null,
          entityType: row.entityType,
          entityId,
          taskId,
        })
      : null;

  return (
    <div className="app">
      {header}
      <main className="task-view">
        <TitleField
          value={row.hasTitle ? row.fullTitle : taskId}
          onSave={(title) => save({ title })}
        />
        <p className="task-view__meta">
          <TaskFacts row={row} now={now} />
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

        <div className="task-view__section">
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
            {assigning
              ? assigneeId === null
                ? 'Unassigning…'
                : `Assigning to ${me?.id === assigneeId ? 'you' : (chosenName ?? assigneeId)}…`
              : (row.assignee ?? 'Nobody')}
          </p>
          {picking && (
            <AssigneePicker
              current={assigneeId}
              me={me}
              onClose={closePicker}
              onChoose={(memberId, name) => {
                closePicker();
                setChosenName(name ?? null);
                if (memberId !== assigneeId) void save({ assigneeId: memberId });
              }}
            />
          )}
        </div>
        <DescriptionField
          value={
            view.pendingPatch?.description !== undefined
              ? view.pendingPatch.description
              : snap?.description
          }
          onSave={(description) => save({ description })}
        />
        {link && (
          <p>
            <a
              className="org__site"
              href={link}
              onClick={(e) => {
                // The page never navigates: main opens http(s) links in the browser.
                e.preventDefault();
                void api.openExternal({ url: link }); // eng-disable OPEN_EXTERNAL_JS_CHECK -- the IPC bridge; main opens only parsed http(s) URLs
              }}
            >
              Open in the web app
              <ExternalIcon />
              <span className="visually-hidden"> (opens in your browser)</span>
            </a>
          </p>
        )}
      </main>
    </div>
  );
}
