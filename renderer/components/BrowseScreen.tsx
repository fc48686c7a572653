import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { AppError } from '../../common/result';
import type { Task, TaskStatus } from '../../common/task';
import type { BrowseEntity, BrowseList } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { useNow } from '../hooks/use-now';
import { useTasks } from '../hooks/use-tasks';
import {
  browseViews,
  entityName,
  filterEntities,
  groupEntities,
  statusCounts,
} from '../lib/browse-model';
import { entityLabel, taskRowModel } from '../lib/task-model';
import { ScreenHeader } from './primitives/ScreenHeader';
import { TaskList } from './TaskList';

type Loaded<T> =
  | { readonly phase: 'loading' }
  | { readonly phase: 'error'; readonly error: AppError }
  | { readonly phase: 'ready'; readonly value: T };

/**
 * Browse: the organization's vendors and risks (search by name), and one's
 * task items, each changeable in place. Changing or pinning a task pins it,
 * so its progress shows where the person's tasks are, as pinned ones do.
 */
export function BrowseScreen(props: { readonly onBack: () => void }) {
  const api = useApi();
  const [list, setList] = useState<Loaded<BrowseList>>({ phase: 'loading' });
  const [open, setOpen] = useState<BrowseEntity | null>(null);
  const [query, setQuery] = useState('');
  const id = useId();
  const search = useRef<HTMLInputElement>(null);
  // Where focus goes back to when an entity's tasks are closed.
  const lastOpened = useRef<string | null>(null);

  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void api.listEntities().then((r) => {
      if (live)
        setList(r.ok ? { phase: 'ready', value: r.value } : { phase: 'error', error: r.error });
    });
    return () => {
      live = false;
    };
  }, [api, attempt]);
  const load = () => {
    setList({ phase: 'loading' });
    setAttempt((n) => n + 1);
  };

  useEffect(() => {
    if (open) return;
    const back = lastOpened.current;
    const el = back
      ? document.querySelector<HTMLElement>(`[data-entity-id="${back}"]`)
      : search.current;
    el?.focus();
  }, [open, list.phase]);

  if (open)
    return (
      <EntityTasks
        entity={open}
        onBack={() => {
          lastOpened.current = open.entityId;
          setOpen(null);
        }}
      />
    );

  const shown = list.phase === 'ready' ? filterEntities(list.value.entities, query) : [];
  const { vendors, risks } = groupEntities(shown);
  return (
    <div className="app">
      <ScreenHeader back={{ label: 'Back to tasks', onClick: props.onBack }}>Browse</ScreenHeader>
      <main className="browse">
        <input
          ref={search}
          className="input browse__search"
          type="search"
          aria-label="Search vendors and risks"
          placeholder="Search vendors and risks"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              document.querySelector<HTMLElement>('.browse__entity')?.focus();
            }
          }}
        />
        {list.phase === 'loading' && (
          <p className="muted" role="status">
            Loading vendors and risks…
          </p>
        )}
        {list.phase === 'error' && (
          <div className="browse__problem" role="alert">
            <p>{list.error.message}</p>
            {list.error.kind !== 'not_found' && list.error.kind !== 'forbidden' && (
              <button type="button" className="button" onClick={load}>
                Try again
              </button>
            )}
          </div>
        )}
        {list.phase === 'ready' && (
          <>
            {list.value.note && <p className="browse__note">{list.value.note}</p>}
            {shown.length === 0 && (
              <p className="muted" role="status">
                {query
                  ? `Nothing called “${query}”.`
                  : 'This organization has no vendors or risks yet.'}
              </p>
            )}
            <EntityGroup
              id={`${id}-vendors`}
              heading="Vendors"
              entities={vendors}
              onOpen={setOpen}
            />
            <EntityGroup id={`${id}-risks`} heading="Risks" entities={risks} onOpen={setOpen} />
          </>
        )}
      </main>
    </div>
  );
}

/** ↑/↓ between the buttons of every group, as in the task list. */
const moveFocus = (from: HTMLElement, by: 1 | -1) => {
  const all = Array.from(document.querySelectorAll<HTMLElement>('.browse__entity'));
  const at = all.indexOf(from);
  if (at < 0) return;
  if (by === -1 && at === 0) document.querySelector<HTMLElement>('.browse__search')?.focus();
  else all[Math.min(Math.max(at + by, 0), all.length - 1)]?.focus();
};

function EntityGroup(props: {
  readonly id: string;
  readonly heading: string;
  readonly entities: readonly BrowseEntity[];
  readonly onOpen: (e: BrowseEntity) => void;
}) {
  if (props.entities.length === 0) return null;
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id} className="browse__heading">
        {props.heading} <span className="muted">{props.entities.length}</span>
      </h2>
      <ul className="browse__entities">
        {props.entities.map((e) => (
          <li key={e.entityId}>
            <button
              type="button"
              className="browse__entity"
              data-entity-id={e.entityId}
              onClick={() => props.onOpen(e)}
              onKeyDown={(k) => {
                if (k.key === 'ArrowDown' || k.key === 'ArrowUp') {
                  k.preventDefault();
                  moveFocus(k.currentTarget, k.key === 'ArrowDown' ? 1 : -1);
                }
              }}
            >
              {entityName(e)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One vendor's or risk's task items, each changeable in place and pinnable. */
function EntityTasks(props: { readonly entity: BrowseEntity; readonly onBack: () => void }) {
  const { entity } = props;
  const api = useApi();
  const tasks = useTasks();
  const now = useNow();
  const [listed, setListed] = useState<Loaded<Task[]>>({ phase: 'loading' });
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    void api
      .listEntityTasks({ entityType: entity.entityType, entityId: entity.entityId })
      .then((r) => {
        if (live)
          setListed(r.ok ? { phase: 'ready', value: r.value } : { phase: 'error', error: r.error });
      });
    return () => {
      live = false;
    };
  }, [api, entity]);
  useEffect(() => heading.current?.focus(), []);

  const pinnedViews = useMemo(
    () => (tasks.state.phase === 'ready' ? tasks.state.value : []),
    [tasks.state],
  );
  const pinnedIds = useMemo(() => new Set(pinnedViews.map((v) => v.id)), [pinnedViews]);
  const pinnedRows = useMemo(() => new Map(tasks.rows.map((r) => [r.id, r])), [tasks.rows]);
  const rows = useMemo(
    () =>
      listed.phase === 'ready'
        ? browseViews(listed.value, pinnedViews).map((v) => pinnedRows.get(v.id) ?? taskRowModel(v))
        : [],
    [listed, pinnedViews, pinnedRows],
  );

  const pin = useCallback(
    async (taskId: string) => {
      setProblem(null);
      const r = await tasks.pin({
        taskId,
        entityType: entity.entityType,
        entityId: entity.entityId,
      });
      if (!r.ok) setProblem(r.error.message);
      return r.ok;
    },
    [tasks, entity],
  );
  const onStatus = useCallback(
    (taskId: string, status: TaskStatus) => {
      // A change pins the task first: its way to the service then shows as a pinned one's does.
      if (pinnedIds.has(taskId)) tasks.setStatus(taskId, status);
      else void pin(taskId).then((pinned) => pinned && tasks.setStatus(taskId, status));
    },
    [pinnedIds, pin, tasks],
  );
  const onUnpin = useCallback((taskId: string) => void tasks.unpin(taskId), [tasks]);
  const pinning = useMemo(
    () => ({
      isPinned: (taskId: string) => pinnedIds.has(taskId),
      onPin: (taskId: string) => void pin(taskId),
    }),
    [pinnedIds, pin],
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
          <p className="muted" role="status">
            Loading its tasks…
          </p>
        )}
        {listed.phase === 'error' && (
          <p className="browse__problem" role="alert">
            {listed.error.message}
          </p>
        )}
        {listed.phase === 'ready' && (
          <>
            <p className="browse__counts" role="status">
              {rows.length === 0
                ? 'No task items here.'
                : `${rows.length} task${rows.length === 1 ? '' : 's'}: ${statusCounts(rows.map((r) => r.status ?? r.unknownStatus))}`}
            </p>
            {problem && (
              <p className="browse__problem" role="alert">
                {problem}
              </p>
            )}
            <TaskList
              rows={rows}
              now={now}
              label={`Tasks of ${label}`}
              onStatus={onStatus}
              onUnpin={onUnpin}
              onDismissError={tasks.dismissError}
              pinning={pinning}
            />
          </>
        )}
      </main>
    </div>
  );
}
