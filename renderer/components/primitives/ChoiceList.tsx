import type { KeyboardEvent, Ref } from 'react';

/** The buttons of a list of choices (Browse's vendors and risks, the people to pick from). */
const CHOICE = '.browse__entity';

/** The search above a list of choices: ↓ goes to the first choice. */
export function ChoiceSearch({
  ref,
  label,
  placeholder,
  value,
  onChange,
}: {
  readonly ref: Ref<HTMLInputElement>;
  readonly label: string;
  readonly placeholder: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}) {
  return (
    <input
      ref={ref}
      className="input browse__search"
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown') {
          e.preventDefault();
          document.querySelector<HTMLElement>(CHOICE)?.focus();
        }
      }}
    />
  );
}

/**
 * A choice's keys, as in the task list: ↑/↓ move between the choices of
 * every group on the screen, ↑ from the first goes back to the search.
 */
export function onChoiceKeyDown(k: KeyboardEvent<HTMLElement>): void {
  if (k.key !== 'ArrowDown' && k.key !== 'ArrowUp') return;
  k.preventDefault();
  const all = Array.from(document.querySelectorAll<HTMLElement>(CHOICE));
  const at = all.indexOf(k.currentTarget);
  if (at < 0) return;
  if (k.key === 'ArrowUp' && at === 0)
    document.querySelector<HTMLElement>('.browse__search')?.focus();
  else all[Math.min(Math.max(at + (k.key === 'ArrowDown' ? 1 : -1), 0), all.length - 1)]?.focus();
}
