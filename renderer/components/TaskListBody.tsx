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
  /** Where the empty list sends a person first: their assigned tasks, then Browse. */
  readonly places?: { readonly onOpenAssigned: () => void; readonly onOpenBrowse: () => void };
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
  if (rows.length === 0) return <NoPinsYet places={props.places} />;
  if (props.visibleCount === 0)
    return (
      <p className="empty muted" role="status">
        No pinned task matches “{props.query}”.
      </p>
    );
  return <TaskList {...props.list} />;
}

/**
 * No pinned task: the app can list the person's tasks itself, so it offers
 * that first (what is assigned to them, then Browse); pasting an id comes last.
 */
function NoPinsYet(props: {
  readonly places:
    { readonly onOpenAssigned: () => void; readonly onOpenBrowse: () => void } | undefined;
}) {
  const { places } = props;
  return (
    <div className="empty">
      <p className="empty__title">No pinned tasks yet</p>
      {places && (
        <div className="empty__actions">
          <button type="button" className="button button--primary" onClick={places.onOpenAssigned}>
            Show what is assigned to me
          </button>
          <button type="button" className="button" onClick={places.onOpenBrowse}>
            Browse vendors and risks
          </button>
        </div>
      )}
      <p className="muted">
        {places ? 'Or paste' : 'Paste'} a task id (tski_…) or a link to a task from the web app
        below, and it stays here for a quick status change.
      </p>
    </div>
  );
}
