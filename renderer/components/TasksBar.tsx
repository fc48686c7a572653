import type { Ref } from 'react';
import { focusRow } from '../lib/row-focus';
import { TaskFilter } from './TaskFilter';

/** The pinned list's heading (with its count), its filter, and the Select button. */
export function TasksBar({
  count,
  filter,
  filterRef,
  select,
  selectRef,
}: {
  /** How many tasks are pinned, once main's list has come. */
  readonly count: number | null;
  readonly filter: {
    readonly value: string;
    readonly onChange: (text: string) => void;
    /** The first row the filter lets through, which ↓ goes to (search's results take it when none). */
    readonly firstId: string | null;
  };
  readonly filterRef: Ref<HTMLInputElement>;
  readonly select: {
    readonly active: boolean;
    readonly onClick: () => void;
  } | null;
  readonly selectRef: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="tasks__bar">
      <h2 id="tasks-heading" className="tasks__heading">
        Pinned tasks
        {count !== null && count > 0 && <span className="tasks__count">{count}</span>}
      </h2>
      <TaskFilter
        ref={filterRef}
        value={filter.value}
        onChange={filter.onChange}
        onLeave={() => {
          if (filter.firstId) focusRow(filter.firstId);
        }}
      />
      {select && (
        <button
          ref={selectRef}
          type="button"
          className="button button--small tasks__select"
          aria-pressed={select.active}
          title="Select several tasks to change them at once"
          onClick={select.onClick}
        >
          Select
        </button>
      )}
    </div>
  );
}
