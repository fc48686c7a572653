import { useRef } from 'react';
import type { KeyboardEvent } from 'react';

/**
 * A few options side by side, one chosen: a radiogroup, as a toolbar moves.
 * ←/→/Home/End move between the options and Space/Enter or a click chooses,
 * so walking across never sends a change by accident. One Tab stop (the
 * chosen option, else the first); none in a task row, whose one stop is the
 * row itself (Enter there comes here, Esc goes back to the row). The status
 * and priority switches are this with their values.
 */
export function RadioSwitch<V extends string>(props: {
  readonly options: readonly V[];
  readonly labels: Readonly<Record<V, string>>;
  readonly value: V | null;
  readonly label: string;
  readonly onChoose: (value: V) => void;
  /** A tooltip per option: its label and the key that sets it. */
  readonly hint: (value: V, index: number) => string;
  /** Each option is `status__option ${modifier}--${value}` (the switches share one look). */
  readonly modifier: string;
  readonly className: string;
  readonly inRow?: boolean;
}) {
  const { options, labels, value, label, onChoose, hint, modifier, inRow = false } = props;
  const group = useRef<HTMLDivElement>(null);
  const tabbable = value ?? options[0];

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const radios = Array.from(group.current?.querySelectorAll<HTMLElement>('[role="radio"]') ?? []);
    const at = radios.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    if (e.key === 'Escape' && inRow) {
      // Back to the row, not the popup hidden.
      e.preventDefault();
      group.current?.closest<HTMLElement>('li[data-task-id]')?.focus();
      return;
    }
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % radios.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + radios.length) % radios.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? radios.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    radios[to]?.focus();
  };

  return (
    <div
      ref={group}
      role="radiogroup"
      aria-label={label}
      className={props.className}
      onKeyDown={onKeyDown}
    >
      {options.map((o, i) => (
        <button
          key={o}
          type="button"
          role="radio"
          aria-checked={value === o}
          tabIndex={o === tabbable && !inRow ? 0 : -1}
          className={`status__option ${modifier}--${o}`}
          onClick={() => onChoose(o)}
          title={hint(o, i)}
        >
          {labels[o]}
        </button>
      ))}
    </div>
  );
}
