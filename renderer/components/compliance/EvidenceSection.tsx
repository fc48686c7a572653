import { useCallback, useEffect, useRef, useState } from 'react';
import { displayText } from '../../../common/display-text';
import { sizeWords } from '../../../common/evidence';
import type { EvidenceItem } from '../../../common/evidence';
import { useApi } from '../../hooks/api-context';
import type { TaskEvidence } from '../../hooks/use-evidence';
import { useLoaded } from '../../hooks/use-loaded';
import { useNow } from '../../hooks/use-now';
import { fullDateTime, relativeTime } from '../../lib/relative-time';
import { StatusLine } from '../primitives/Lines';
import { EvidenceProblems, EvidenceUploadLine } from './EvidenceStatus';

const PASTE_KEY = /Mac/.test(navigator.platform) ? '⌘V' : 'Ctrl+V';

/**
 * The task's evidence: how to add some (drop files on the view, or paste),
 * the uploads on their way and what was refused, then the attachments as
 * the service lists them, each opened in the browser through its link.
 */
export function EvidenceSection(props: {
  readonly taskId: string;
  readonly evidence: TaskEvidence;
}) {
  const { taskId, evidence } = props;
  const api = useApi();
  const now = useNow();
  const { state: listed, retry } = useLoaded(
    useCallback(() => api.listEvidence({ taskId }), [api, taskId]),
  );
  const [opening, setOpening] = useState<{ id: string; error: string | null } | null>(null);
  // A file that landed (the task has fewer on their way): the list is read again to show it.
  const inFlight = evidence.uploads?.files.length ?? 0;
  const before = useRef(inFlight);
  useEffect(() => {
    if (inFlight < before.current) retry();
    before.current = inFlight;
  }, [inFlight, retry]);

  const open = async (item: EvidenceItem) => {
    setOpening({ id: item.id, error: null });
    const r = await api.openEvidence({ taskId, attachmentId: item.id });
    setOpening(r.ok ? null : { id: item.id, error: r.error.message });
  };

  return (
    <section className="task-view__section evidence" aria-labelledby="evidence-label">
      <div className="task-view__section-head">
        <h3 className="task-view__label" id="evidence-label">
          Evidence
        </h3>
        <span className="evidence__hint">Drop files here, or paste ({PASTE_KEY})</span>
      </div>
      {evidence.uploads && <EvidenceUploadLine uploads={evidence.uploads} />}
      <EvidenceProblems problems={evidence.problems} onDismiss={evidence.dismiss} />
      {listed.phase === 'loading' && <StatusLine>Loading the attachments…</StatusLine>}
      {listed.phase === 'error' && (
        <StatusLine>
          The attachments could not be read: {listed.error.message}{' '}
          <button type="button" className="link-button" onClick={retry}>
            Try again
          </button>
        </StatusLine>
      )}
      {listed.phase === 'ready' &&
        (listed.value.items.length === 0 ? (
          !evidence.uploads && <StatusLine>No evidence attached yet.</StatusLine>
        ) : (
          <ul className="evidence__list" aria-label="Attachments">
            {listed.value.items.map((item) => (
              <li key={item.id} className="evidence__item">
                <button
                  type="button"
                  className="link-button evidence__name"
                  title={`Open ${displayText(item.name)} in the browser`}
                  onClick={() => void open(item)}
                >
                  {displayText(item.name)}
                </button>
                <span className="evidence__meta">
                  {[item.size === null ? '' : sizeWords(item.size), item.by ? `by ${item.by}` : '']
                    .filter(Boolean)
                    .map((part) => `${part} · `)
                    .join('')}
                  <time dateTime={item.createdAt} title={fullDateTime(item.createdAt)}>
                    {relativeTime(item.createdAt, now)}
                  </time>
                </span>
                {opening?.id === item.id && opening.error && (
                  <span className="evidence__error" role="alert">
                    {opening.error}
                  </span>
                )}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
