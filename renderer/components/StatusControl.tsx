import { memo, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { STATUS_LABELS, TASK_STATUSES } from '../../common/task-values';
import type { TaskStatus } from '../../common/task-values';

/**
 * The five-way status switch: a radiogroup. As in a toolbar, ←/→/Home/End
 * move between the options and Space/Enter or a click chooses, so walking
 * across never sends a change by accident. One tab stop (the chosen option);
 * none in a task row, whose one stop is the row itself: Enter there comes
 * here, and Esc goes back to the row.
 */
export const StatusControl = memo(function StatusControl(props: {
  readonly taskId: string;
  readonly value: TaskStatus | null;
  readonly label: string;
  readonly onChange: (taskId: string, status: TaskStatus) => void;
  readonly inRow?: boolean;
}) {
  const { taskId, value, label, onChange, inRow = false } = props;
  const group = useRef<HTMLDivElement>(null);
  const tabbable = value ?? TASK_STATUSES[0];

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
    <div ref={group} role="radiogroup" aria-label={label} className="status" onKeyDown={onKeyDown}>
      {TASK_STATUSES.map((s, i) => (
        <button
          key={s}
          type="button"
          role="radio"
          aria-checked={value === s}
          tabIndex={s === tabbable && !inRow ? 0 : -1}
          className={`status__option status__option--${s}`}
          onClick={() => onChange(taskId, s)}
          title={`${STATUS_LABELS[s]} (${i + 1})`}
        >
          {STATUS_LABELS[s]}
        </button>
      ))}
    </div>
  );
});
