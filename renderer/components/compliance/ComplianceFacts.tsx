import type { ComplianceOffer } from '../../../common/compliance-change';
import type { ComplianceTaskView } from '../../../common/compliance-view';
import { useNow } from '../../hooks/use-now';
import { departmentWords, dueWords, frequencyWords } from '../../lib/compliance-model';
import { Notice } from '../primitives/Notice';
import { SYNC_TEXT } from '../TaskFacts';

/** When it is due ("Due tomorrow", "3 days overdue"), how often, which department, and a change on its way. */
export function ComplianceFacts(props: {
  readonly task: ComplianceTaskView;
  readonly sync: 'idle' | 'pending' | 'queued';
}) {
  const now = useNow().getTime();
  const { task, sync } = props;
  const due = dueWords(task, now);
  const facts = [frequencyWords(task.frequency), departmentWords(task.department)].filter(
    (f): f is string => f !== null,
  );
  return (
    <p className="task-view__meta">
      {due && (
        <span
          className={due.overdue ? 'compliance__due compliance__due--overdue' : 'compliance__due'}
        >
          {due.words}
        </span>
      )}
      {facts.map((f) => (
        <span key={f}>{f}</span>
      ))}
      {sync !== 'idle' && <span className={`sync sync--${sync}`}>{SYNC_TEXT[sync]}</span>}
    </p>
  );
}

/** Marked done: the next review date the service answered with. */
export function DoneNote(props: { readonly reviewDate: string | null }) {
  const now = useNow().getTime();
  const next =
    props.reviewDate === null
      ? null
      : dueWords({ status: 'done', reviewDate: props.reviewDate }, now);
  return (
    <p className="compliance__done" role="status">
      {next ? `Done. ${next.words}.` : 'Done. No next review: the task has no schedule.'}
    </p>
  );
}

const OFFER_WORDS: Readonly<Record<ComplianceOffer, string>> = {
  approve: 'Approve',
  reject: 'Reject',
  submit_for_review: 'Submit for review…',
};

/** A refusal in the service's words, rolled back, with what would work instead. */
export function RefusalNotice(props: {
  readonly message: string;
  readonly offer: readonly ComplianceOffer[];
  readonly onDismiss: () => void;
  readonly onApprove: () => void;
  readonly onReject: () => void;
  readonly onSubmit: () => void;
}) {
  const act: Record<ComplianceOffer, () => void> = {
    approve: props.onApprove,
    reject: props.onReject,
    submit_for_review: props.onSubmit,
  };
  return (
    <Notice tone="error" role="alert" onDismiss={props.onDismiss} dismissLabel="Dismiss the error">
      <p>
        <strong>Not changed:</strong> {props.message}
      </p>
      {props.offer.length > 0 && (
        <div className="form__actions">
          {props.offer.map((o) => (
            <button key={o} type="button" className="button button--small" onClick={act[o]}>
              {OFFER_WORDS[o]}
            </button>
          ))}
        </div>
      )}
    </Notice>
  );
}
