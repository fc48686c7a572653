import { useId, useState } from 'react';
import { JUSTIFICATION_MAX, justificationProblem } from '../../lib/compliance-model';

/**
 * "Not relevant" asks why, as the web app does: one line, required, sent
 * with the status. Enter (or Mark not relevant) sends it, Esc cancels.
 */
export function JustificationPrompt(props: {
  readonly initial: string;
  readonly onSave: (justification: string) => void;
  readonly onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(props.initial);
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    const why = justificationProblem(text);
    if (why) return setProblem(why);
    props.onSave(text.trim());
  };
  return (
    <form
      className="field compliance__why"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <label className="field__label" htmlFor={`${id}-why`}>
        Why is this task not relevant?
      </label>
      <input
        id={`${id}-why`}
        className="input"
        type="text"
        value={text}
        // Opened on purpose (the switch, the key or the row's offer): the field takes the keys.
        autoFocus
        maxLength={JUSTIFICATION_MAX}
        placeholder="e.g. Run by the parent company"
        aria-invalid={problem !== null}
        aria-describedby={`${id}-why-hint`}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            // Cancels the question; the popup stays.
            e.preventDefault();
            props.onCancel();
          }
        }}
      />
      <p
        id={`${id}-why-hint`}
        className={problem ? 'field__error' : 'field__hint'}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? 'The web app keeps it with the task. Enter saves, Esc cancels.'}
      </p>
      <div className="form__actions">
        <button type="submit" className="button button--primary">
          Mark not relevant
        </button>
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
