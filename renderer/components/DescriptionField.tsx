import { useId, useRef, useState } from 'react';
import { descriptionToSend, editableDescription } from '../../common/description-edit';
import { descriptionText } from '../../common/description';
import { displayText } from '../../common/display-text';

/**
 * The description as text. Written back in its own form: plain text stays
 * plain, the web app's rich document stays a document (paragraphs and line
 * breaks kept). What plain text would drop is said first, and saving then
 * needs a second, explicit "Save anyway".
 */
export function DescriptionField(props: {
  /** As the service holds it: null, plain text, a document or its JSON text. */
  readonly value: unknown;
  readonly onSave: (description: string) => Promise<boolean>;
}) {
  const id = useId();
  const from = editableDescription(props.value);
  const [draft, setDraft] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const lost = from.wouldLose;
  const editButton = useRef<HTMLButtonElement>(null);
  // Done editing: focus back on Edit, not lost to the page.
  const close = () => {
    setDraft(null);
    setConfirming(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const save = async (confirmed: boolean) => {
    if (draft === null || busy) return;
    if (draft.replace(/\r\n?/g, '\n') === from.text) {
      close();
      return;
    }
    if (lost.length > 0 && !confirmed) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    const saved = await props.onSave(descriptionToSend(draft, from));
    setBusy(false);
    if (saved) close();
  };

  if (draft === null) {
    // Shown without bidi controls (display-text.ts); edited and sent as the service gave it.
    const text = displayText(descriptionText(props.value).replace(/\r\n?/g, '\n'));
    return (
      <div className="task-view__section">
        <div className="task-view__section-head">
          <h3 className="task-view__label">Description</h3>
          <button
            ref={editButton}
            type="button"
            className="link-button"
            onClick={() => setDraft(from.text)}
          >
            {text ? 'Edit' : 'Add'}
          </button>
        </div>
        {text ? (
          <p className="task-view__description selectable">{text}</p>
        ) : (
          <p className="muted">No description.</p>
        )}
      </div>
    );
  }

  return (
    <div className="task-view__section field">
      <label className="task-view__label" htmlFor={`${id}-desc`}>
        Description
      </label>
      <textarea
        id={`${id}-desc`}
        className="input task-view__textarea"
        value={draft}
        rows={6}
        autoFocus
        onChange={(e) => {
          setDraft(e.target.value);
          setConfirming(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            close();
          } else if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            void save(false);
          }
        }}
        aria-describedby={`${id}-desc-hint`}
      />
      <p id={`${id}-desc-hint`} className="field__hint">
        {from.form === 'doc'
          ? 'Kept as rich text in the web app: paragraphs and line breaks. Ctrl+Enter saves, Esc cancels.'
          : 'Ctrl+Enter saves, Esc cancels.'}
      </p>
      {confirming && (
        <div className="notice notice--warning" role="alert">
          <div className="notice__body">
            <strong className="notice__title">Saving as text loses {listWords(lost)}</strong>
            <p>
              The web app shows this description with {listWords(lost)}, which text cannot keep.
            </p>
          </div>
        </div>
      )}
      <div className="form__actions">
        <button
          type="button"
          className={`button ${confirming ? 'button--danger' : 'button--primary'}`}
          aria-disabled={busy}
          onClick={() => void save(confirming)}
        >
          {busy ? 'Saving…' : confirming ? 'Save anyway' : 'Save'}
        </button>
        <button type="button" className="button" onClick={close}>
          Cancel
        </button>
      </div>
    </div>
  );
}

const listWords = (items: readonly string[]): string =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
