import { useId } from 'react';
import type { Ref } from 'react';
import { PRIORITY_LABELS, TASK_PRIORITIES } from '../../common/task-values';
import type { TaskPriority } from '../../common/task-values';
import type { BrowseEntity, PersonView } from '../../common/views';
import { entityName } from '../lib/browse-model';
import { personName } from '../lib/people';
import { entityLabel } from '../lib/task-model';

/** The assignee choices that are not a member id: the person using the app, and nobody. */
export const ME = 'me';
export const NOBODY = '';

/**
 * Where a new task belongs: a search, and the vendors and risks it leaves
 * (the last used first), one always chosen while any is offered. Tab goes
 * from the search to the list, where ↑/↓ choose.
 */
export function EntityField({
  ref,
  ...props
}: {
  /** The search: where focus goes when no vendor or risk is chosen. */
  readonly ref: Ref<HTMLInputElement>;
  readonly query: string;
  readonly onQuery: (query: string) => void;
  readonly choices: readonly BrowseEntity[];
  readonly chosen: BrowseEntity | null;
  readonly onChoose: (entityId: string) => void;
  readonly invalid: boolean;
  /** Why the list is empty or short, or ''. */
  readonly hint: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-where`}>
        Where it belongs
      </label>
      <input
        ref={ref}
        id={`${id}-where`}
        className="input"
        type="search"
        placeholder="Search vendors and risks"
        value={props.query}
        onChange={(e) => props.onQuery(e.target.value)}
        aria-invalid={props.invalid}
        aria-describedby={`${id}-where-hint`}
      />
      <select
        className="input new-task__where"
        size={4}
        aria-label="Vendor or risk"
        value={props.chosen?.entityId ?? ''}
        onChange={(e) => props.onChoose(e.target.value)}
      >
        {props.choices.map((e) => (
          <option key={e.entityId} value={e.entityId}>
            {entityName(e)} · {entityLabel(e.entityType)}
          </option>
        ))}
      </select>
      <p id={`${id}-where-hint`} className="field__hint">
        {props.hint}
      </p>
    </div>
  );
}

/** Priority (medium, as the service's default) and assignee (me where the app knows who that is). */
export function PriorityAndAssignee(props: {
  readonly priority: TaskPriority;
  readonly onPriority: (priority: TaskPriority) => void;
  /** ME, NOBODY or a member id. */
  readonly who: string;
  readonly onWho: (who: string) => void;
  readonly me: PersonView | null;
  /** The members a task may be assigned to. */
  readonly others: readonly PersonView[];
}) {
  const id = useId();
  const { me } = props;
  return (
    <div className="new-task__pair">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-priority`}>
          Priority
        </label>
        <select
          id={`${id}-priority`}
          className="input"
          value={props.priority}
          onChange={(e) => props.onPriority(e.target.value as TaskPriority)}
        >
          {TASK_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-assignee`}>
          Assignee
        </label>
        <select
          id={`${id}-assignee`}
          className="input"
          value={props.who}
          onChange={(e) => props.onWho(e.target.value)}
        >
          {me && <option value={ME}>Me ({personName(me)})</option>}
          <option value={NOBODY}>Unassigned</option>
          {props.others
            .filter((p) => p.id !== me?.id)
            .map((p) => (
              <option key={p.id} value={p.id}>
                {personName(p)}
              </option>
            ))}
        </select>
      </div>
    </div>
  );
}
