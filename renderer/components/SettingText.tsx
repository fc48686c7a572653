import { useId, useState } from 'react';
import type { Result } from '../../common/result';

/**
 * A typed setting that saves when the person is done with it (Enter, or
 * leaving the field), as every setting saves at once. What is typed is kept
 * while it is refused (here or by main), with the reason under it; Esc puts
 * back the saved value.
 */
export function SettingText(props: {
  readonly label: string;
  readonly value: string;
  readonly hint: string;
  readonly type?: 'url' | 'number';
  /** Why the text cannot be saved, before main is asked; null when it can. */
  readonly check?: (text: string) => string | null;
  readonly onCommit: (text: string) => Promise<Result<unknown>>;
  /** Words after the field ("a minute"). */
  readonly unit?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const text = draft ?? props.value;

  const commit = async () => {
    if (draft === null || draft.trim() === props.value) {
      setDraft(null);
      setProblem(null);
      return;
    }
    const why = props.check?.(draft.trim()) ?? null;
    if (why) return setProblem(why);
    const r = await props.onCommit(draft.trim());
    if (r.ok) {
      setDraft(null);
      setProblem(null);
    } else setProblem(r.error.message);
  };

  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-input`}>
        {props.label}
      </label>
      <div className="setting-text">
        <input
          id={`${id}-input`}
          className={`input${props.type === 'number' ? ' input--short' : ''}`}
          type={props.type ?? 'text'}
          value={text}
          spellCheck={false}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onBlur={() => void commit()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void commit();
            } else if (e.key === 'Escape' && draft !== null) {
              // Back to the saved value; the screen stays.
              e.preventDefault();
              setDraft(null);
              setProblem(null);
            }
          }}
        />
        {props.unit && <span className="muted">{props.unit}</span>}
      </div>
      <p id={`${id}-hint`} className={problem ? 'field__error' : 'field__hint'}>
        {problem ?? props.hint}
      </p>
    </div>
  );
}
