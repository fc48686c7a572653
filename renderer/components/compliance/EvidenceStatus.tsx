import '../../styles/compliance.css';
import type { EvidenceTaskUploads } from '../../../common/evidence';
import type { EvidenceProblem } from '../../hooks/use-evidence';
import { useMain } from '../../hooks/use-main';
import { Notice } from '../primitives/Notice';

/**
 * A task's uploads as one line, "Uploading 2 files… 40 %", over a bar that
 * only goes up (main never sends less); waiting (offline, signed out, its
 * turn) says so in the same words.
 */
export function EvidenceUploadLine(props: { readonly uploads: EvidenceTaskUploads }) {
  const { uploads } = props;
  const waiting = uploads.files.every((f) => f.state === 'waiting');
  const { state: connection } = useMain('connection');
  const offline = waiting && connection.phase === 'ready' && connection.value.state === 'offline';
  return (
    <div className={`evidence-upload${waiting ? ' evidence-upload--waiting' : ''}`} role="status">
      <span className="evidence-upload__words">
        {uploads.words}
        {offline && ' Offline: they upload once the service can be reached, even after a restart.'}
      </span>
      <div
        className="evidence-upload__bar"
        role="progressbar"
        aria-label={uploads.words}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={uploads.percent}
      >
        <div className="evidence-upload__done" style={{ width: `${uploads.percent}%` }} />
      </div>
    </div>
  );
}

/** Files not attached, each with the reason in the service's (or the check's) words; dismissible. */
export function EvidenceProblems(props: {
  readonly problems: readonly EvidenceProblem[];
  readonly onDismiss: (p: EvidenceProblem) => void;
}) {
  return props.problems.map((p) => (
    <Notice
      key={p.id}
      tone="error"
      role="alert"
      className="evidence-problem"
      onDismiss={() => props.onDismiss(p)}
      dismissLabel={p.name ? `Dismiss the error on ${p.name}` : 'Dismiss the error'}
    >
      <p>
        {/* The app's own words name the file; the service's do not. */}
        <strong>{p.fromMain && p.name ? `Not attached: ${p.name}.` : 'Not attached:'}</strong>{' '}
        {p.message}
      </p>
    </Notice>
  ));
}
