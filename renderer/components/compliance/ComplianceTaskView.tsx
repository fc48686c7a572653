import '../../styles/task-view.css';
import '../../styles/compliance.css';
import { useCallback, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { ComplianceStatus } from '../../../common/compliance-values';
import { useApi } from '../../hooks/api-context';
import { useComplianceTask } from '../../hooks/use-compliance-task';
import { useEscape } from '../../hooks/use-escape';
import { useTaskEvidence } from '../../hooks/use-evidence';
import { useFileDrop } from '../../hooks/use-file-drop';
import { useFirstFocus } from '../../hooks/use-first-focus';
import { useLoaded } from '../../hooks/use-loaded';
import { useMe } from '../../hooks/use-me';
import { complianceStatusKey } from '../../lib/compliance-model';
import { isPasteKey } from '../../lib/paste-key';
import { isTextEntry } from '../../lib/task-keys';
import { AssigneeSection } from '../AssigneeSection';
import { DescriptionField } from '../DescriptionField';
import { WebAppLink } from '../OpenInWebApp';
import { StatusLine } from '../primitives/Lines';
import { ScreenHeader } from '../primitives/ScreenHeader';
import { TitleField } from '../TitleField';
import { ComplianceFacts, DoneNote, RefusalNotice } from './ComplianceFacts';
import { ComplianceReview, nameOf } from './ComplianceReview';
import { ComplianceStatusControl } from './ComplianceStatusControl';
import { EvidenceSection } from './EvidenceSection';
import { JustificationPrompt } from './JustificationPrompt';
import { PinToggle } from './PinToggle';

/**
 * One compliance task (`tsk_…`), whole: its title, when it is due, how often
 * and for which department, its six-way status (1–6 while the view has
 * focus; "Not relevant" asks why first), the review where the organization
 * uses one, its assignee and description, and a link to it in the web app.
 * Every change is shown at once and goes through the outbox; a refusal rolls
 * back with the service's words and offers what would work instead.
 */
export function ComplianceTaskView(props: {
  readonly taskId: string;
  /** Opened to ask for a justification at once (a row's "Not relevant…"). */
  readonly ask?: 'not_relevant';
  readonly onBack: () => void;
}) {
  const { taskId, onBack } = props;
  const api = useApi();
  const c = useComplianceTask(taskId);
  const me = useMe();
  const { state: listed } = useLoaded(useCallback(() => api.listPeople(), [api]));
  const people = listed.phase === 'ready' ? listed.value : null;
  const [asking, setAsking] = useState(props.ask === 'not_relevant');
  const [picking, setPicking] = useState(false);
  const main = useRef<HTMLElement>(null);
  const evidence = useTaskEvidence(taskId);
  // The whole view is the drop target: a file dropped anywhere on it is attached to the task.
  const drop = useFileDrop(
    () => taskId,
    (_, files) => evidence.attachFiles(files),
  );
  useEscape(onBack);
  useFirstFocus(main, '[data-first-focus] [role="radio"][tabindex="0"]', c.phase);

  const task = c.task;
  const setStatus = (status: ComplianceStatus) => {
    if (!task) return;
    if (status === 'not_relevant') return setAsking(true);
    setAsking(false);
    // With evidence approval, review is asked of someone: choose them first.
    if (status === 'in_review' && c.approvalEnabled === true) return setPicking(true);
    if (status !== task.status) void c.change({ status });
  };
  // The question gone, focus goes back to the status (not to the page), so the keys still work.
  const closeQuestion = () => {
    setAsking(false);
    requestAnimationFrame(() =>
      main.current?.querySelector<HTMLElement>('[role="radio"][tabindex="0"]')?.focus(),
    );
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.defaultPrevented || isTextEntry(e.target)) return;
    // Ctrl/⌘+V outside a text field attaches what the clipboard holds: main reads it, not the page
    // (the key, not the paste event: that one needs an Edit menu on macOS, and the page's focus in a field).
    if (isPasteKey(e)) {
      e.preventDefault();
      evidence.paste();
      return;
    }
    const status = complianceStatusKey(e);
    if (!status) return;
    e.preventDefault();
    setStatus(status);
  };

  const header = (
    <ScreenHeader back={{ label: 'Back to tasks', onClick: onBack }}>Compliance task</ScreenHeader>
  );
  if (!task)
    return (
      <div className="app">
        {header}
        <main className="task-view" ref={main}>
          <StatusLine>
            {c.phase === 'loading'
              ? 'Loading the task…'
              : c.pinned
                ? 'Pinned, but not in the organization’s list as last read: it may not exist, or was made since. It shows here once the list has it.'
                : 'This compliance task is no longer among yours.'}
          </StatusLine>
          {c.phase !== 'loading' && c.pinned && <PinToggle pinned onPin={c.setPinned} />}
        </main>
      </div>
    );

  const assigning = c.sync !== 'idle' && task.assigneeId !== (c.kept?.assigneeId ?? null);
  return (
    <div className="app">
      {header}
      <main
        className={`task-view compliance${drop.over ? ' evidence-drop--over' : ''}`}
        ref={main}
        onKeyDown={onKeyDown}
        {...drop.handlers}
      >
        <TitleField value={task.title} onSave={(title) => c.change({ title })} />
        <ComplianceFacts task={task} sync={c.sync} />
        {c.error && (
          <RefusalNotice
            message={c.error}
            offer={c.offer}
            onDismiss={c.dismissError}
            onApprove={() => void c.approve()}
            onReject={() => void c.reject()}
            onSubmit={() => setPicking(true)}
          />
        )}
        {c.doneNextReview !== null && task.status === 'done' && (
          <DoneNote reviewDate={c.doneNextReview} />
        )}
        <div className="task-view__section" data-first-focus>
          <h3 className="task-view__label">Status</h3>
          <ComplianceStatusControl value={task.status} onChange={setStatus} />
          {asking ? (
            <JustificationPrompt
              initial={task.notRelevantJustification ?? ''}
              onCancel={closeQuestion}
              onSave={(why) => {
                closeQuestion();
                void c.change({ status: 'not_relevant', notRelevantJustification: why });
              }}
            />
          ) : (
            task.status === 'not_relevant' &&
            task.notRelevantJustification && (
              <p className="compliance__justification selectable">
                Not relevant: {task.notRelevantJustification}
              </p>
            )
          )}
        </div>
        <ComplianceReview
          status={task.status}
          approverId={task.approverId}
          approvalEnabled={c.approvalEnabled}
          me={me}
          people={people}
          peopleUnavailable={listed.phase === 'error' ? listed.error.message : null}
          busy={c.reviewing}
          picking={picking}
          setPicking={setPicking}
          onSubmit={(approverId) => void c.submitForReview(approverId)}
          onApprove={() => void c.approve()}
          onReject={() => void c.reject()}
        />
        <AssigneeSection
          assigneeId={task.assigneeId}
          assigning={assigning}
          assignee={task.assigneeId === null ? null : nameOf(task.assigneeId, people, null)}
          me={me}
          onAssign={(assigneeId) => void c.change({ assigneeId })}
        />
        <DescriptionField
          value={task.description}
          onSave={(description) => c.change({ description })}
        />
        <EvidenceSection taskId={taskId} evidence={evidence} />
        {task.webUrl && <WebAppLink link={task.webUrl} />}
        <PinToggle pinned={c.pinned} onPin={c.setPinned} />
      </main>
    </div>
  );
}
