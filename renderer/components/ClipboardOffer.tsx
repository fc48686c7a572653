import { useState } from 'react';
import { displayText } from '../../common/display-text';
import type { ClipboardTaskRef, TaskRef } from '../../common/task-ref';
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
          void props.onPin(ref).finally(() => setBusy(false));
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
    </div>
  );
}
