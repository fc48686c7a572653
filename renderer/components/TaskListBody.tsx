import type { ComponentProps } from 'react';
import type { TasksController } from '../hooks/use-tasks';
import { Notice } from './primitives/Notice';
import { TaskList } from './TaskList';

/**
 * The pinned list's scrolling body: loading, main's refusal (with a retry),
 * no pinned task yet, nothing matching the filter, or the rows.
 */
export function TaskListBody(props: {
  readonly tasks: TasksController;
  readonly query: string;
  readonly visibleCount: number;
  /** The rows drawn, and the rest of what the list is given. */
  readonly list: ComponentProps<typeof TaskList>;
}) {
  const { state, rows, reload } = props.tasks;
  if (state.phase === 'loading')
    return (
      <div className="task-list task-list--loading" aria-busy="true">
        <span className="visually-hidden" role="status">
          Loading your tasks…
        </span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="task task--skeleton" aria-hidden="true">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--bar" />
          </div>
        ))}
      </div>
    );
  if (state.phase === 'error')
    return (
      <Notice tone="error" role="alert" title="Could not load your tasks">
        <p>{state.error.message}</p>
        <button type="button" className="link-button" onClick={reload}>
          Try again
        </button>
      </Notice>
    );
  if (rows.length === 0)
    return (
      <div className="empty">
        <p className="empty__title">No pinned tasks yet</p>
        <p className="muted">
          Paste a task id (tski_…) or a link to a task from the web app below, and it stays here for
          a quick status change.
        </p>
      </div>
    );
  if (props.visibleCount === 0)
    return (
      <p className="empty muted" role="status">
        No pinned task matches “{props.query}”.
      </p>
    );
  return <TaskList {...props.list} />;
}
