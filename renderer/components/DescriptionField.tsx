import { useEffect, useId, useRef, useState } from 'react';
import { descriptionEdit, editableDescription } from '../../common/description-edit';
import { descriptionText } from '../../common/description';
import { displayText } from '../../common/display-text';

/**
 * The description as text. Written back in its own form: plain text stays
 * plain, the web app's rich document stays a document: the paragraphs not
 * changed go back as they were (mentions, lists, links), the others as
 * paragraphs and line breaks. What the changed ones would drop is said
 * first, in view, and saving then needs a second, explicit "Save anyway".
 */
export function DescriptionField(props: {
  /** As the service holds it: null, plain text, a document or its JSON text. */
  readonly value: unknown;
  readonly onSave: (description: string) => Promise<boolean>;
}) {
  const id = useId();
  const from = editableDescription(props.value);
  const [draft, setDraft] = useState<string | null>(null);
  /** What saving the draft would lose, once the person was asked; null when not asking. */
  const [confirming, setConfirming] = useState<readonly string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const warning = useRef<HTMLDivElement>(null);
  // The question is seen where it is asked: below a long description it would open off-screen.
  useEffect(() => {
    if (!confirming) return;
    warning.current?.scrollIntoView?.({ block: 'nearest' });
    saveButton.current?.scrollIntoView?.({ block: 'nearest' });
    saveButton.current?.focus();
  }, [confirming]);
  // Done editing: focus back on Edit, not lost to the page.
  const close = () => {
    setDraft(null);
    setConfirming(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const save = async (confirmed: boolean) => {
    if (draft === null || busy) return;
    if (draft.replace(/\r\n?/g, '\n') === from.text) {
      close();
      return;
    }
    const edit = descriptionEdit(draft, from);
    if (edit.wouldLose.length > 0 && !confirmed) {
      setConfirming(edit.wouldLose);
      return;
    }
    setBusy(true);
    const saved = await props.onSave(edit.send);
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
          setConfirming(null);
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
          ? 'Rich text in the web app: the paragraphs you do not change stay as they are. Ctrl+Enter saves, Esc cancels.'
          : 'Ctrl+Enter saves, Esc cancels.'}
      </p>
      {confirming && (
        <div ref={warning} className="notice notice--warning" role="alert">
          <div className="notice__body">
            <strong className="notice__title">Saving as text loses {listWords(confirming)}</strong>
            <p>
              The paragraphs you changed have {listWords(confirming)} in the web app, which text
              cannot keep. The others stay as they are.
            </p>
          </div>
        </div>
      )}
      <div className="form__actions">
        <button
          ref={saveButton}
          type="button"
          className={`button ${confirming ? 'button--danger' : 'button--primary'}`}
          aria-disabled={busy}
          onClick={() => void save(confirming !== null)}
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
