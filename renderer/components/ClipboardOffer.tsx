import { useState } from 'react';
import type { TaskRef } from '../../common/task-ref';
import { entityLabel } from '../lib/task-model';
import { ClipboardIcon, CloseIcon } from './icons';

/** "On your clipboard: tski_… [Pin]": one click for the most likely next action. */
export function ClipboardOffer(props: {
  readonly offer: TaskRef;
  readonly onPin: (ref: TaskRef) => Promise<unknown>;
  readonly onDismiss: () => void;
}) {
  const { offer } = props;
  const [busy, setBusy] = useState(false);
  return (
    <div className="clip" role="group" aria-label="Task on the clipboard">
      <ClipboardIcon />
      <span className="clip__text">
        On your clipboard: <code>{offer.taskId}</code>
        {offer.entityType && <> · {entityLabel(offer.entityType)}</>}
      </span>
      <button
        type="button"
        className="button button--small button--primary"
        aria-disabled={busy}
        onClick={() => {
          if (busy) return;
          setBusy(true);
          void props.onPin(offer).finally(() => setBusy(false));
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
