import { Suspense } from 'react';
import type { ComponentProps } from 'react';
import type { TasksController } from '../hooks/use-tasks';
import { LoadProblem, NoPinsYet } from './later';
import { TaskList } from './TaskList';

/**
 * The pinned list's scrolling body: loading, main's refusal (with a retry),
 * no pinned task yet, nothing matching the filter, or the rows.
 */
export function TaskListBody(props: {
  readonly tasks: TasksController;
  readonly query: string;
  readonly visibleCount: number;
  /** On Home, where My work (above) says what no pin means, beside what is the person's. */
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
      <Suspense fallback={null}>
        <LoadProblem what="your tasks" error={state.error} onRetry={reload} />
      </Suspense>
    );
  if (rows.length === 0)
    return (
      !props.places && (
        <Suspense fallback={null}>
          <NoPinsYet />
        </Suspense>
      )
    );
  if (props.visibleCount === 0)
    return (
      <p className="empty muted" role="status">
        No pinned task matches “{props.query}”.
      </p>
    );
  return <TaskList {...props.list} />;
}
