import { useCallback, useEffect, useRef } from 'react';
import type { Task } from '../../common/task';
import type { BrowseEntity } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useLoaded } from '../hooks/use-loaded';
import { useMain } from '../hooks/use-main';
import { useNow } from '../hooks/use-now';
import { usePinThenChange } from '../hooks/use-pin-then-change';
import { entityName, statusCounts } from '../lib/browse-model';
import { entityLabel } from '../lib/task-model';
import { ScreenHeader } from './primitives/ScreenHeader';
import { TaskList } from './TaskList';
import { ProblemLine, StatusLine } from './primitives/Lines';

const NONE: readonly Task[] = [];

/** One vendor's or risk's task items (Browse), each changeable in place and pinnable. */
export function EntityTasks(props: { readonly entity: BrowseEntity; readonly onBack: () => void }) {
  const { entity } = props;
  const api = useApi();
  const now = useNow();
  const { state: listed } = useLoaded(
    useCallback(
      () => api.listEntityTasks({ entityType: entity.entityType, entityId: entity.entityId }),
      [api, entity],
    ),
  );
  const connection = useMain('connection').state;
  const waiting = connection.phase === 'ready' ? connection.value.readsWaiting : undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const refOf = useCallback(
    (taskId: string) => ({ taskId, entityType: entity.entityType, entityId: entity.entityId }),
    [entity],
  );
  const { rows, problem, list } = usePinThenChange(
    listed.phase === 'ready' ? listed.value.tasks : NONE,
    refOf,
  );

  const label = `${entityLabel(entity.entityType)} ${entityName(entity)}`;
  return (
    <div className="app">
      <ScreenHeader
        back={{ label: 'Back to vendors and risks', onClick: props.onBack }}
        titleRef={heading}
      >
        <span className={`chip chip--${entity.entityType}`}>{entityLabel(entity.entityType)}</span>{' '}
        {entityName(entity)}
      </ScreenHeader>
      <main className="browse">
        {listed.phase === 'loading' && (
          <StatusLine>{waiting ? `${waiting}…` : 'Loading its tasks…'}</StatusLine>
        )}
        {listed.phase === 'error' && <ProblemLine>{listed.error.message}</ProblemLine>}
        {listed.phase === 'ready' && (
          <>
            <p className="browse__counts" role="status">
              {rows.length === 0
                ? 'No task items here.'
                : `${rows.length} task${rows.length === 1 ? '' : 's'}: ${statusCounts(rows.map((r) => r.status ?? r.unknownStatus))}`}
            </p>
            {listed.value.note && <p className="browse__note">{listed.value.note}</p>}
            {problem && <ProblemLine>{problem}</ProblemLine>}
            <TaskList rows={rows} now={now} label={`Tasks of ${label}`} {...list} />
          </>
        )}
      </main>
    </div>
  );
}
