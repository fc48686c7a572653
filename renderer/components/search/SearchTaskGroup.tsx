import { useCallback } from 'react';
import type { Task } from '../../../common/task';
import { useNow } from '../../hooks/use-now';
import { usePinThenChange } from '../../hooks/use-pin-then-change';
import { listedRef } from '../../lib/assigned-model';
import { moreWords } from '../../lib/search/search-words';
import { TaskList } from '../TaskList';
import { ProblemLine } from '../primitives/Lines';

/** One group of task items found (assigned, or one vendor's or risk's), each row as Browse's: a change pins it. */
export function SearchTaskGroup(props: {
  readonly id: string;
  readonly label: string;
  readonly tasks: readonly Task[];
  readonly more: number;
  readonly onOpenTask?: ((taskId: string) => void) | undefined;
}) {
  const { tasks } = props;
  const now = useNow();
  const refOf = useCallback(
    (taskId: string) =>
      listedRef(
        tasks.find((t) => t.id === taskId),
        taskId,
      ),
    [tasks],
  );
  const { rows, problem, list } = usePinThenChange(tasks, refOf);
  return (
    <section className="search__group" aria-labelledby={`search-${props.id}`}>
      <h3 id={`search-${props.id}`} className="work__heading">
        {props.label}
        <span className="tasks__count">{tasks.length + props.more}</span>
      </h3>
      {problem && <ProblemLine>{problem}</ProblemLine>}
      <TaskList
        rows={rows}
        now={now}
        label={props.label}
        {...list}
        {...(props.onOpenTask ? { onOpen: props.onOpenTask } : {})}
      />
      {props.more > 0 && <p className="search__more">{moreWords(props.more)}</p>}
    </section>
  );
}
