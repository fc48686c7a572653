import { memo } from 'react';
import { PRIORITY_LABELS, TASK_PRIORITIES } from '../../common/task-values';
import type { TaskPriority } from '../../common/task-values';
import { RadioSwitch } from './primitives/RadioSwitch';

/**
 * The four-way priority switch, as the status one (RadioSwitch); Shift+1–4
 * on a task row set the same four.
 */
export const PriorityControl = memo(function PriorityControl(props: {
  readonly taskId: string;
  readonly value: TaskPriority | null;
  readonly label: string;
  readonly onChange: (taskId: string, priority: TaskPriority) => void;
}) {
  const { taskId, onChange } = props;
  return (
    <RadioSwitch
      options={TASK_PRIORITIES}
      labels={PRIORITY_LABELS}
      value={props.value}
      label={props.label}
      onChoose={(p) => onChange(taskId, p)}
      hint={(p, i) => `${PRIORITY_LABELS[p]} (Shift+${i + 1} on a task)`}
      modifier="priority-switch__option"
      className="status priority-switch"
    />
  );
});
