import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { titleProblem } from '../../common/task-values';

/**
 * The title, edited in place: Enter (or Save) saves, Esc cancels. An empty
 * title is refused here, before anything is sent; main checks again.
 */
export function TitleField(props: {
  readonly value: string;
  readonly onSave: (title: string) => Promise<boolean>;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  const cancel = () => {
    setDraft(null);
    setError(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const save = async () => {
    if (draft === null || busy) return;
    // Main's rule (TaskTitleSchema), said before anything is sent.
    const title = draft.trim();
    const problem = titleProblem(title);
    if (problem) {
      setError(problem);
      return;
    }
    if (title === props.value) return cancel();
    setBusy(true);
    const saved = await props.onSave(title);
    setBusy(false);
    if (saved) cancel();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      // Cancels the edit; the popup stays.
      e.preventDefault();
      cancel();
    }
  };

  if (draft === null)
    return (
      <div className="task-view__title-row">
        <h2 className="task-view__title selectable">{props.value}</h2>
        <button
          ref={editButton}
          type="button"
          className="link-button"
          onClick={() => setDraft(props.value)}
          aria-label="Rename the task"
        >
          Rename
        </button>
      </div>
    );

  return (
    <div className="field">
      <label className="visually-hidden" htmlFor={`${id}-title`}>
        Title
      </label>
      <input
        id={`${id}-title`}
        className="input task-view__title-input"
        type="text"
        value={draft}
        // Opened on purpose by the person: the field takes the keys.
        autoFocus
        onChange={(e) => {
          setDraft(e.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error !== null}
        aria-describedby={`${id}-title-hint`}
      />
      <p
        id={`${id}-title-hint`}
        className={error ? 'field__error' : 'field__hint'}
        role={error ? 'alert' : undefined}
      >
        {error ?? 'Enter saves, Esc cancels.'}
      </p>
      <div className="form__actions">
        <button
          type="button"
          className="button button--primary"
          aria-disabled={busy}
          onClick={() => void save()}
        >
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button" onClick={cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
