import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { Result } from '../../common/result';
import type { parseTaskRef } from '../../common/task-ref';
import type { PinnedTaskView } from '../../common/views';

/** The link parser is needed only when a task is pinned: it loads then, or as the field is first used. */
type TaskRefParser = typeof parseTaskRef;
export const loadTaskRefParser = (): Promise<TaskRefParser> =>
  import('../../common/task-ref').then((m) => m.parseTaskRef);

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
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || submitting.current) return; // one pin at a time
    submitting.current = true;
    try {
      await pinText(await loadTaskRefParser());
    } finally {
      submitting.current = false;
    }
  };

  const pinText = async (parseTaskRef: TaskRefParser) => {
    const parsed = parseTaskRef(text);
    if (!parsed.ok) {
      setError(parsed.error.message);
      return;
    }
    if (props.pinnedIds.has(parsed.value.taskId)) {
      setText('');
      setError(null);
      props.onAlreadyPinned(parsed.value.taskId);
      return;
    }
    setBusy(true);
    setError(null);
    const r = await props.onPin(text.trim());
    setBusy(false);
    if (r.ok) {
      setText('');
      props.onPinned(r.value);
    } else {
      setError(r.error.message);
      props.onStale?.();
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
        onFocus={() => void loadTaskRefParser().catch(() => undefined)}
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
