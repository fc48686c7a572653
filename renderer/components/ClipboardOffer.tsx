import { useState } from 'react';
import { displayText } from '../../common/display-text';
import { isComplianceRef } from '../../common/task-ref';
import type { ClipboardTaskRef, TaskRef } from '../../common/task-ref';
import { useApi } from '../hooks/api-context';
import { entityLabel } from '../lib/task-model';
import { ClipboardIcon, CloseIcon } from './icons';

/**
 * "On your clipboard: “Collect the SOC 2 report” [Pin it]": one click for the
 * most likely next action. The task's title where main has read it, else its id.
 */
export function ClipboardOffer(props: {
  readonly offer: ClipboardTaskRef;
  readonly onPin: (ref: TaskRef) => Promise<unknown>;
  readonly onDismiss: () => void;
}) {
  const { ref, title } = props.offer;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const api = useApi();
  const pin = async (): Promise<unknown> => {
    if (!isComplianceRef(ref)) return props.onPin(ref);
    const { taskId, organizationId } = ref;
    const r = await api.pinComplianceTask({
      ref: organizationId ? { taskId, organizationId } : { taskId },
      open: true,
    });
    // Pinned, main shows it in its own view (view:open), as a link's; nothing left to offer.
    if (r.ok) props.onDismiss();
    else setError(`Could not pin ${taskId}: ${r.error.message}`);
    return r;
  };
  return (
    <div className="clip" role="group" aria-label="Task on the clipboard">
      <ClipboardIcon />
      <span className="clip__text">
        On your clipboard:{' '}
        {title ? (
          <span className="clip__title" title={ref.taskId}>
            “{displayText(title)}”
          </span>
        ) : (
          <code>{ref.taskId}</code>
        )}
        {ref.entityType && <> · {entityLabel(ref.entityType)}</>}
      </span>
      <button
        type="button"
        className="button button--small button--primary"
        aria-disabled={busy}
        onClick={() => {
          if (busy) return;
          setBusy(true);
          void pin().finally(() => setBusy(false));
        }}
      >
        {busy ? 'Pinning…' : 'Pin it'}
      </button>
      <button
        type="button"
        className="icon-button"
        onClick={props.onDismiss}
        aria-label="Not now"
        title="Not now"
      >
        <CloseIcon size={12} />
      </button>
      {error && (
        <p className="pin__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
