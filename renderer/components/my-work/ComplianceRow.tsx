import { memo } from 'react';
import { COMPLIANCE_STATUS_LABELS, COMPLIANCE_STATUSES } from '../../../common/compliance-values';
import type { ComplianceStatus } from '../../../common/compliance-values';
import type { EvidenceTaskUploads } from '../../../common/evidence';
import type { EvidenceProblem } from '../../hooks/use-evidence';
import type { ComplianceRowModel } from '../../lib/compliance-rows';
import { EvidenceProblems, EvidenceUploadLine } from '../compliance/EvidenceStatus';
import { ChevronRightIcon } from '../icons';
import { RadioSwitch } from '../primitives/RadioSwitch';
import { SYNC_TEXT } from '../TaskFacts';

/** A Shift-click extends the selection (as on a pinned task's row). */
const withShift = (e: Event): boolean => e instanceof MouseEvent && e.shiftKey;

/**
 * One compliance task on My work: its status mark, title and when it is
 * due on one line; the open row (holding focus) adds its schedule and the
 * six-way status switch. A refusal shows the service's words, and where
 * the task's view has a way on (review, approve), a button to it.
 */
export const ComplianceRow = memo(function ComplianceRow(props: {
  readonly row: ComplianceRowModel;
  readonly open: boolean;
  readonly tabStop: boolean;
  readonly onStatus: (taskId: string, status: ComplianceStatus) => void;
  readonly onOpen: (taskId: string) => void;
  readonly onDismiss: (taskId: string) => void;
  /** In select mode: whether this task is chosen (a checkbox shows); undefined otherwise. */
  readonly selected?: boolean;
  readonly onSelect?: (taskId: string, range: boolean) => void;
  /** Files are dragged over the row: dropped, they are attached to the task. */
  readonly dropping: boolean;
  readonly uploads: EvidenceTaskUploads | null;
  readonly problems: readonly EvidenceProblem[];
  readonly onDismissProblem: (p: EvidenceProblem) => void;
}) {
  const { row, open, selected } = props;
  const titleId = `ctask-${row.id}-title`;
  const metaId = `ctask-${row.id}-meta`;
  const waiting = row.sync !== 'idle';
  return (
    <li
      className={`task ctask task--${row.error ? 'failed' : row.sync}${selected ? ' task--selected' : ''}${open ? ' task--open' : ''}${props.dropping ? ' evidence-drop--over' : ''}`}
      tabIndex={props.tabStop ? 0 : -1}
      data-task-id={row.id}
      aria-labelledby={titleId}
      aria-describedby={metaId}
    >
      <div className="task__line">
        {selected !== undefined && (
          <input
            type="checkbox"
            className="task__check"
            tabIndex={-1}
            checked={selected}
            aria-labelledby={titleId}
            onChange={(e) => props.onSelect?.(row.id, withShift(e.nativeEvent))}
          />
        )}
        <span
          className={`pill pill--${row.status ?? 'unknown'}`}
          title={row.statusLabel}
          aria-hidden="true"
        >
          {row.statusLabel}
        </span>
        <span id={titleId} className="task__title" title={row.title}>
          {row.title}
        </span>
        {waiting && (
          <span className={`sync sync--${row.sync}`} title={SYNC_TEXT[row.sync as 'pending']} />
        )}
        {row.due && <span className={`due due--${row.due.kind}`}>{row.due.words}</span>}
        <span className="task__end">
          <button
            type="button"
            className="icon-button task__open"
            tabIndex={-1}
            onClick={() => props.onOpen(row.id)}
            aria-label={`Open ${row.title}`}
            title="Open the task (Enter)"
          >
            <ChevronRightIcon />
          </button>
        </span>
      </div>
      <p id={metaId} className="task__meta" hidden={!open}>
        <span className="visually-hidden">
          Status: {row.statusLabel}.{row.due && ` ${row.due.words}.`}{' '}
        </span>
        {open && row.schedule && <span className="ctask__schedule">{row.schedule}</span>}
        {waiting && <span className="visually-hidden"> {SYNC_TEXT[row.sync as 'pending']}</span>}
      </p>
      {open && (
        <div className="task__more">
          <RadioSwitch
            options={COMPLIANCE_STATUSES}
            labels={COMPLIANCE_STATUS_LABELS}
            value={row.status}
            label={`Status of ${row.title}`}
            onChoose={(s) => props.onStatus(row.id, s)}
            hint={(s, i) => `${COMPLIANCE_STATUS_LABELS[s]} (${i + 1})`}
            modifier="status__option"
            className="status ctask__status"
            inRow
          />
        </div>
      )}
      {props.uploads && <EvidenceUploadLine uploads={props.uploads} />}
      <EvidenceProblems problems={props.problems} onDismiss={props.onDismissProblem} />
      {row.error && (
        <div className="task__error" role="alert">
          <span>
            <strong>Not changed:</strong> {row.error}
          </span>
          {row.offer && (
            <button type="button" className="link-button" onClick={() => props.onOpen(row.id)}>
              Open the task
            </button>
          )}
          <button
            type="button"
            className="link-button"
            onClick={() => props.onDismiss(row.id)}
            aria-label={`Dismiss the error on ${row.title}`}
          >
            Dismiss
          </button>
        </div>
      )}
    </li>
  );
});
