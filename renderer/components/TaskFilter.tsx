import type { Ref } from 'react';
import { SearchIcon } from './icons';

/** Filters the pinned tasks and searches every task known as you type. Esc clears it first; ↓ goes to the first match. */
export function TaskFilter({
  ref,
  value,
  onChange,
  onLeave,
}: {
  readonly ref: Ref<HTMLInputElement>;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onLeave: () => void;
}) {
  return (
    <div className="filter">
      <SearchIcon />
      <input
        ref={ref}
        className="filter__input"
        type="search"
        aria-label="Filter tasks"
        aria-keyshortcuts="/"
        placeholder="Search"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && value) {
            // Clear before the window-wide Esc hides the popup.
            e.preventDefault();
            onChange('');
          } else if (e.key === 'ArrowDown') {
            e.preventDefault();
            onLeave();
          }
        }}
      />
      <kbd className="filter__key" aria-hidden="true">
        /
      </kbd>
    </div>
  );
}
