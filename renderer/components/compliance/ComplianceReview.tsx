import type { PersonView } from '../../../common/views';
import { personName } from '../../lib/people';
import { ApproverPicker } from './ApproverPicker';

/**
 * The evidence review, where the organization uses it: "Submit for review"
 * to an approver chosen from the people, and for the approver of a task in
 * review "Approve" / "Reject". Each goes at once (main never queues them).
 */
export function ComplianceReview(props: {
  readonly status: string;
  readonly approverId: string | null;
  readonly approvalEnabled: boolean | null;
  readonly me: PersonView | null;
  readonly people: readonly PersonView[] | null;
  readonly peopleUnavailable: string | null;
  readonly busy: string | null;
  readonly picking: boolean;
  readonly setPicking: (picking: boolean) => void;
  readonly onSubmit: (approverId: string) => void;
  readonly onApprove: () => void;
  readonly onReject: () => void;
}) {
  const { status, approverId, me, people } = props;
  const inReview = status === 'in_review';
  const canSubmit = props.approvalEnabled === true && status !== 'done' && !inReview;
  if (!inReview && !canSubmit && !props.picking) return null;
  const approver = approverId === null ? null : nameOf(approverId, people, me);
  const iApprove = inReview && me !== null && approverId === me.id;
  return (
    <div className="task-view__section">
      <h3 className="task-view__label">Review</h3>
      {inReview && (
        <p>{approver ? `Waiting for ${approver} to review the evidence.` : 'In review.'}</p>
      )}
      {iApprove && (
        <div className="form__actions">
          <button
            type="button"
            className="button button--primary"
            aria-disabled={props.busy !== null}
            onClick={() => props.busy === null && props.onApprove()}
          >
            {props.busy === 'approve' ? 'Approving…' : 'Approve'}
          </button>
          <button
            type="button"
            className="button"
            aria-disabled={props.busy !== null}
            onClick={() => props.busy === null && props.onReject()}
          >
            {props.busy === 'reject' ? 'Rejecting…' : 'Reject'}
          </button>
        </div>
      )}
      {canSubmit && !props.picking && (
        <div className="form__actions">
          <button
            type="button"
            className="button"
            aria-disabled={props.busy !== null}
            onClick={() => props.setPicking(true)}
          >
            {props.busy === 'submit_for_review' ? 'Submitting…' : 'Submit for review…'}
          </button>
        </div>
      )}
      {props.picking && (
        <ApproverPicker
          people={people}
          unavailable={props.peopleUnavailable}
          current={approverId}
          meId={me?.id ?? null}
          onClose={() => props.setPicking(false)}
          onChoose={(p) => {
            props.setPicking(false);
            props.onSubmit(p.id);
          }}
        />
      )}
    </div>
  );
}

/** "Daniel Okafor", "you", or the member id where the people are not listed. */
export function nameOf(
  memberId: string,
  people: readonly PersonView[] | null,
  me: PersonView | null,
): string {
  if (me?.id === memberId) return 'you';
  const p = people?.find((x) => x.id === memberId);
  return p ? personName(p) : memberId;
}
