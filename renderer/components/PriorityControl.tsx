import { memo, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { PRIORITY_LABELS, TASK_PRIORITIES } from '../../common/task-values';
import type { TaskPriority } from '../../common/task-values';

/**
 * The four-way priority switch, built as the status one is: a radiogroup,
 * ←/→/Home/End move, Space/Enter or a click chooses, one Tab stop (the
 * chosen option). From a task row, Shift+1–4 set the same four.
 */
export const PriorityControl = memo(function PriorityControl(props: {
  readonly taskId: string;
  readonly value: TaskPriority | null;
  readonly label: string;
  readonly onChange: (taskId: string, priority: TaskPriority) => void;
}) {
  const { taskId, value, label, onChange } = props;
  const group = useRef<HTMLDivElement>(null);
  const tabbable = value ?? TASK_PRIORITIES[0];

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const radios = Array.from(group.current?.querySelectorAll<HTMLElement>('[role="radio"]') ?? []);
    const at = radios.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
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
      className="status priority-switch"
      onKeyDown={onKeyDown}
    >
      {TASK_PRIORITIES.map((p, i) => (
        <button
          key={p}
          type="button"
          role="radio"
          aria-checked={value === p}
          tabIndex={p === tabbable ? 0 : -1}
          className={`status__option priority-switch__option priority-switch__option--${p}`}
          onClick={() => onChange(taskId, p)}
          title={`${PRIORITY_LABELS[p]} (Shift+${i + 1} on a task)`}
        >
          {PRIORITY_LABELS[p]}
        </button>
      ))}
    </div>
  );
});
