import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { Result } from '../../common/result';
import type { PinnedTaskView } from '../../common/views';
import { useApi } from '../hooks/api-context';

/** The check and the pin, with the link parser, are needed only when a task is pinned: they load then, or as the field is first used. */
const loadPinText = () => import('../lib/pin-text');

/**
 * Takes a tski_ id or a pasted web-app link. The text is checked here first
 * (the message says exactly what is wrong); main checks again and asks the
 * service. The text stays in the field until the pin succeeds.
 */
export function PinForm(props: {
  readonly pinnedIds: ReadonlySet<string>;
  readonly onPin: (ref: string) => Promise<Result<PinnedTaskView>>;
  readonly onPinned: (view: PinnedTaskView) => void;
  readonly onAlreadyPinned: (taskId: string) => void;
  /** The person is typing again or the pin failed: an earlier "Pinned …" no longer applies. */
  readonly onStale?: () => void;
}) {
  const id = useId();
  const api = useApi();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || submitting.current) return; // one pin at a time
    submitting.current = true;
    try {
      const { pinText } = await loadPinText();
      await pinText({ ...props, api, text, setText, setError, setBusy });
    } finally {
      submitting.current = false;
    }
  };

  return (
    <form className="pin" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={`${id}-ref`} className="visually-hidden">
        Pin a task by id or link
      </label>
      <input
        id={`${id}-ref`}
        className="input pin__input"
        type="text"
        placeholder="Pin a task: paste its id or link"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onFocus={() => void loadPinText().catch(() => undefined)}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
          props.onStale?.();
        }}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button type="submit" className="button" aria-disabled={busy || !text.trim()}>
        {busy ? 'Pinning…' : 'Pin'}
      </button>
      {error && (
        <p id={`${id}-error`} className="pin__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
