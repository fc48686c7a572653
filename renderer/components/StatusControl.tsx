import { memo } from 'react';
import { STATUS_LABELS, TASK_STATUSES } from '../../common/task-values';
import type { TaskStatus } from '../../common/task-values';
import { RadioSwitch } from './primitives/RadioSwitch';

/** The five-way status switch (RadioSwitch); 1–5 on a task row set the same five. */
export const StatusControl = memo(function StatusControl(props: {
  readonly taskId: string;
  readonly value: TaskStatus | null;
  readonly label: string;
  readonly onChange: (taskId: string, status: TaskStatus) => void;
  readonly inRow?: boolean;
}) {
  const { taskId, onChange } = props;
  return (
    <RadioSwitch
      options={TASK_STATUSES}
      labels={STATUS_LABELS}
      value={props.value}
      label={props.label}
      onChoose={(s) => onChange(taskId, s)}
      hint={(s, i) => `${STATUS_LABELS[s]} (${i + 1})`}
      modifier="status__option"
      className="status"
      inRow={props.inRow ?? false}
    />
  );
});
