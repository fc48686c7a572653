import { useState } from 'react';

/**
 * "Pin to My work" / "Unpin": a compliance task that is not the person's
 * stays in My work while pinned (a link or a paste pins it). A refusal says
 * why, beside the button.
 */
export function PinToggle(props: {
  readonly pinned: boolean | null;
  readonly onPin: (pinned: boolean) => Promise<string | null>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (props.pinned === null) return null;
  const pinned = props.pinned;
  return (
    <div className="task-view__section">
      <button
        type="button"
        className="button button--small"
        aria-disabled={busy}
        onClick={() => {
          if (busy) return;
          setBusy(true);
          setError(null);
          void props.onPin(!pinned).then((words) => {
            setBusy(false);
            setError(words);
          });
        }}
      >
        {pinned ? 'Unpin from My work' : 'Pin to My work'}
      </button>
      {error && (
        <p className="pin__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
