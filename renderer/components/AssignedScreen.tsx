import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AppError } from '../../common/result';
import type { TaskStatus } from '../../common/task';
import type { AssignedView, PersonView } from '../../common/views';
import { useApi } from '../hooks/api-context';
import { REFRESH_EVERY_MS } from '../hooks/use-refresh-while-open';
import { useNow } from '../hooks/use-now';
import { useTasks } from '../hooks/use-tasks';
import { browseViews } from '../lib/browse-model';
import { afterNextPaint } from '../lib/after-paint';
import { FIRST_SCREEN_ROWS } from '../lib/first-screen';
import { filterPeople, personLabel, progressText } from '../lib/assigned-model';
import { relativeTime } from '../lib/relative-time';
import { taskRowModel } from '../lib/task-model';
import { ScreenHeader } from './primitives/ScreenHeader';
import { TaskList } from './TaskList';

/**
 * "Assigned to me": the person's open task items across every vendor and
 * risk, most pressing first. What main kept shows at once; main reads it
 * again behind and says how far it is. With an API key the person first
 * says who they are. Changing a task here pins it, as in Browse.
 */
export function AssignedScreen(props: { readonly onBack: () => void }) {
  const api = useApi();
  const [view, setView] = useState<AssignedView | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [choosing, setChoosing] = useState(false);

  useEffect(() => {
    let live = true;
    const off = api.on('assigned:changed', (v) => live && setView(v));
    const ask = () =>
      void api.getAssigned().then((r) => {
        if (!live) return;
        if (r.ok) setView(r.value);
        else setError(r.error);
      });
    ask();
    // While it stays open and shown, main is asked again now and then: it reads again
    // once what it kept is older than its limit (5 minutes), and not otherwise.
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') ask();
    }, REFRESH_EVERY_MS);
    return () => {
      live = false;
      off();
      clearInterval(timer);
    };
  }, [api]);

  const needsMe = view?.state === 'needs-me';
  return (
    <div className="app">
      <ScreenHeader
        back={
          choosing
            ? { label: 'Back to assigned to me', onClick: () => setChoosing(false) }
            : { label: 'Back to tasks', onClick: props.onBack }
        }
      >
        {choosing || needsMe ? 'Who are you?' : 'Assigned to me'}
      </ScreenHeader>
      <main className="browse">
        {!view && !error && (
          <p className="muted" role="status">
            Loading…
          </p>
        )}
        {error && (
          <p className="browse__problem" role="alert">
            {error.message}
          </p>
        )}
        {view && (choosing || needsMe) && (
          <ChooseMe
            view={view}
            onChosen={(v) => {
              setView(v);
              setChoosing(false);
            }}
          />
        )}
        {view && !choosing && !needsMe && (
          <AssignedTasks view={view} onChooseAgain={() => setChoosing(true)} />
        )}
      </main>
    </div>
  );
}

function AssignedTasks(props: { readonly view: AssignedView; readonly onChooseAgain: () => void }) {
  const { view } = props;
  const api = useApi();
  const tasks = useTasks();
  const now = useNow();
  const [problem, setProblem] = useState<string | null>(null);

  const pinnedViews = useMemo(
    () => (tasks.state.phase === 'ready' ? tasks.state.value : []),
    [tasks.state],
  );
  const pinnedIds = useMemo(() => new Set(pinnedViews.map((v) => v.id)), [pinnedViews]);
  const pinnedRows = useMemo(() => new Map(tasks.rows.map((r) => [r.id, r])), [tasks.rows]);
  // As the pinned list does: the first screenful of rows in the first frame, the rest right after.
  const [firstScreenOnly, setFirstScreenOnly] = useState(true);
  useEffect(() => afterNextPaint(() => setFirstScreenOnly(false)), []);
  const rows = useMemo(() => {
    const all = browseViews(view.tasks, pinnedViews);
    const shown = firstScreenOnly ? all.slice(0, FIRST_SCREEN_ROWS) : all;
    return shown.map((v) => pinnedRows.get(v.id) ?? taskRowModel(v));
  }, [view.tasks, pinnedViews, pinnedRows, firstScreenOnly]);

  const pin = useCallback(
    async (taskId: string) => {
      setProblem(null);
      const task = view.tasks.find((t) => t.id === taskId);
      const entity =
        task?.entityType === 'vendor' || task?.entityType === 'risk'
          ? { entityType: task.entityType, ...(task.entityId ? { entityId: task.entityId } : {}) }
          : {};
      const r = await tasks.pin({ taskId, ...entity });
      if (!r.ok) setProblem(r.error.message);
      return r.ok;
    },
    [tasks, view.tasks],
  );
  const onStatus = useCallback(
    (taskId: string, status: TaskStatus) => {
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

  const built = relativeTime(view.builtAt, now);
  return (
    <>
      <p className="browse__counts">
        {view.me && <>As {personLabel(view.me)}. </>}
        {view.canChooseMe && (
          <button type="button" className="link-button" onClick={props.onChooseAgain}>
            Not you?
          </button>
        )}
      </p>
      {view.state === 'building' && (
        <div className="assigned__progress" role="status">
          <span>{progressText(view.progress, view.tasks.length > 0)}</span>
          {view.progress && view.progress.total > 0 && (
            <progress
              value={view.progress.done}
              max={view.progress.total}
              aria-label="Vendors and risks read"
            />
          )}
        </div>
      )}
      {(view.state === 'failed' || view.state === 'unavailable') && view.message && (
        <p className="browse__problem" role="alert">
          {view.message}
        </p>
      )}
      {view.state !== 'failed' && view.state !== 'unavailable' && view.message && (
        <p className="browse__note">{view.message}</p>
      )}
      {problem && (
        <p className="browse__problem" role="alert">
          {problem}
        </p>
      )}
      {view.state !== 'unavailable' && (
        <p className="browse__counts">
          {view.tasks.length === 0
            ? view.state === 'building'
              ? ''
              : 'Nothing open is assigned to you.'
            : `${view.tasks.length} open task${view.tasks.length === 1 ? '' : 's'}`}
          {built && view.state !== 'building' && (
            <>
              {view.tasks.length > 0 ? ' · ' : ' '}read {built}{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => void api.refreshAssigned()}
              >
                Read again
              </button>
            </>
          )}
        </p>
      )}
      {rows.length > 0 && (
        <TaskList
          rows={rows}
          now={now}
          label="Tasks assigned to me"
          onStatus={onStatus}
          onUnpin={onUnpin}
          onDismissError={tasks.dismissError}
          pinning={pinning}
        />
      )}
    </>
  );
}

/** An API key has no identity: the person picks themselves from the organization's people. */
function ChooseMe(props: {
  readonly view: AssignedView;
  readonly onChosen: (v: AssignedView) => void;
}) {
  const api = useApi();
  const [people, setPeople] = useState<PersonView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    void api.listPeople().then((r) => {
      if (!live) return;
      if (r.ok) setPeople(r.value);
      else setError(r.error.message);
    });
    return () => {
      live = false;
    };
  }, [api]);
  useEffect(() => search.current?.focus(), []);

  const choose = async (memberId: string) => {
    setError(null);
    const r = await api.setMe({ memberId });
    if (r.ok) props.onChosen(r.value);
    else setError(r.error.message);
  };

  const shown = people ? filterPeople(people, query) : [];
  return (
    <>
      <p className="browse__note">
        {props.view.message ??
          'An API key does not say who you are: choose yourself, and Task Tray gathers the open tasks assigned to you.'}
      </p>
      <input
        ref={search}
        className="input browse__search"
        type="search"
        aria-label="Search people by name or email"
        placeholder="Search by name or email"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            document.querySelector<HTMLElement>('.browse__entity')?.focus();
          }
        }}
      />
      {error && (
        <p className="browse__problem" role="alert">
          {error}
        </p>
      )}
      {!people && !error && (
        <p className="muted" role="status">
          Loading people…
        </p>
      )}
      {people && shown.length === 0 && (
        <p className="muted" role="status">
          Nobody matches “{query}”.
        </p>
      )}
      <ul className="browse__entities" aria-label="People">
        {shown.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className="browse__entity"
              aria-current={props.view.me?.id === p.id ? 'true' : undefined}
              onClick={() => void choose(p.id)}
              onKeyDown={(k) => {
                if (k.key !== 'ArrowDown' && k.key !== 'ArrowUp') return;
                k.preventDefault();
                const all = Array.from(document.querySelectorAll<HTMLElement>('.browse__entity'));
                const at = all.indexOf(k.currentTarget);
                if (k.key === 'ArrowUp' && at === 0) search.current?.focus();
                else
                  all[
                    Math.max(0, Math.min(all.length - 1, at + (k.key === 'ArrowDown' ? 1 : -1)))
                  ]?.focus();
              }}
            >
              <span className="person__name">{personLabel(p)}</span>
              {p.name && p.email && <span className="person__email"> {p.email}</span>}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
