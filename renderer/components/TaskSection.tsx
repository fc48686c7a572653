import { displayText } from '../../common/display-text';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import type { TaskRef } from '../../common/task-ref';
import type { TaskPriority } from '../../common/task-values';
import { useClipboardRef } from '../hooks/use-clipboard-ref';
import { focusFirstRow, nothingFocused, useListReadyOnOpen } from '../hooks/use-list-ready-on-open';
import { useNow } from '../hooks/use-now';
import { useSelectMode } from '../hooks/use-select-mode';
import { useTasks } from '../hooks/use-tasks';
import { useUnlistedLink } from '../hooks/use-unlisted-link';
import { filterRows } from '../lib/filter-tasks';
import { afterNextPaint } from '../lib/after-paint';
import { FIRST_SCREEN_ROWS } from '../lib/first-screen';
import { Notice } from './primitives/Notice';
import { PinForm } from './PinForm';
import { TaskFilter } from './TaskFilter';
import { TaskList } from './TaskList';

// Shown only when the clipboard holds a task link, which is read after the first paint anyway.
const ClipboardOffer = lazy(() =>
  import('./ClipboardOffer').then((m) => ({ default: m.ClipboardOffer })),
);

/** With fewer tasks than this, a filter is clutter: they all fit at a glance. */
export const FILTER_FROM = 6;

/** One task is changed on its row: selecting starts to make sense from two. */
export const SELECT_FROM = 2;

// Changing several tasks at once is occasional: its bar loads on first use (a local file, milliseconds).
const BulkBar = lazy(() => import('./BulkBar').then((m) => ({ default: m.BulkBar })));

interface Announcement {
  readonly text: string;
  readonly tone: 'info' | 'error';
  readonly undoPinOf?: TaskRef;
}

/**
 * How long news stays: long enough to read (and to undo an unpin), then it
 * goes, so it never sits over later errors. Errors stay until dismissed.
 */
export const ANNOUNCEMENT_MS = { info: 6_000, undo: 10_000 } as const;

/** Brings a row into view (not focus: the person may be typing in the pin field). */
const revealRow = (taskId: string): void => {
  requestAnimationFrame(() =>
    document
      .querySelector<HTMLElement>(`li[data-task-id="${taskId}"]`)
      ?.scrollIntoView({ block: 'nearest' }),
  );
};

const focusRow = (taskId: string): void => {
  // Ids are tski_ + letters and digits (checked by main), safe inside a selector.
  document.querySelector<HTMLElement>(`li[data-task-id="${taskId}"]`)?.focus();
};

const isTextEntry = (el: EventTarget | null): boolean =>
  el instanceof HTMLElement &&
  (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable);

/** The pinned tasks: filter, list, what was just done (with undo), clipboard offer, pin field. */
export function TaskSection(
  props: {
    /** Main asked to show this task: bring it into view and focus it once it is listed. */
    readonly focusTask?: { readonly taskId: string } | null;
    readonly onFocused?: () => void;
    /** Signed in with an API key: the service records changes under the organization's owner. */
    readonly apiKey?: boolean;
    /** Opens a task's own view. */
    readonly onOpenTask?: (taskId: string) => void;
  } = {},
) {
  const tasks = useTasks();
  const now = useNow();
  const clip = useClipboardRef();
  const [query, setQuery] = useState('');
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const selectButton = useRef<HTMLButtonElement>(null);
  const footer = useRef<HTMLDivElement>(null);
  const marked = useRef(false);
  const [firstScreenOnly, setFirstScreenOnly] = useState(true);

  const { rows, state } = tasks;
  const pinnedIds = useMemo(() => new Set(rows.map((r) => r.id)), [rows]);
  const showFilter = rows.length >= FILTER_FROM || query !== '';
  const visible = useMemo(() => (query ? filterRows(rows, query) : rows), [rows, query]);
  const shownIds = useMemo(() => visible.map((r) => r.id), [visible]);
  // A short list is the same array either way: nothing redraws when the rest is let in.
  const drawn = useMemo(
    () =>
      firstScreenOnly && visible.length > FIRST_SCREEN_ROWS
        ? visible.slice(0, FIRST_SCREEN_ROWS)
        : visible,
    [firstScreenOnly, visible],
  );
  const select = useSelectMode(shownIds, pinnedIds);
  const canSelect = state.phase === 'ready' && (rows.length >= SELECT_FROM || select.active);

  const { stop: stopSelecting } = select;
  const leaveSelect = useCallback(() => {
    // The bar is about to go: focus must not fall to the page.
    const fromBar = footer.current?.contains(document.activeElement) ?? false;
    stopSelecting();
    if (fromBar) requestAnimationFrame(() => selectButton.current?.focus());
  }, [stopSelecting]);
  const listSelection = useMemo(
    () =>
      select.active
        ? { ids: select.selection.ids, toggle: select.toggle, add: select.add }
        : undefined,
    [select.active, select.selection.ids, select.toggle, select.add],
  );

  // The benchmark waits for this: the first screen of the list has been drawn
  // with main's data. Set right after the frame that shows the rows is painted
  // (afterNextPaint), so the mark means "on screen", not merely "committed".
  // Asked for in a layout effect, which runs before that frame: passive effects
  // may run after its paint, and the mark would then wait a whole frame more.
  // The rows below the first screen follow it.
  useLayoutEffect(() => {
    if (state.phase !== 'ready' || marked.current) return;
    return afterNextPaint(() => {
      marked.current = true;
      performance.mark('tasks-painted');
      setFirstScreenOnly(false);
    });
  }, [state.phase]);

  const { focusTask, onFocused } = props;
  const firstRowTakesFocus = state.phase === 'ready' && !focusTask;
  // The task to focus as soon as it is on screen (a filter may be hiding it).
  const pendingFocus = useRef<string | null>(null);
  const linkedRowComing = useCallback(() => pendingFocus.current !== null, []);
  useListReadyOnOpen(firstRowTakesFocus, drawn[0]?.id ?? null, linkedRowComing);
  const listed = focusTask ? pinnedIds.has(focusTask.taskId) : false;
  useUnlistedLink(
    focusTask?.taskId ?? null,
    listed,
    state.phase === 'ready' ? rows : null,
    onFocused,
  );
  const focusPending = useCallback((shown: readonly { id: string }[]) => {
    const id = pendingFocus.current;
    if (!id || !shown.some((r) => r.id === id)) return;
    pendingFocus.current = null;
    const el = document.querySelector<HTMLElement>(`li[data-task-id="${id}"]`);
    el?.scrollIntoView({ block: 'nearest' });
    el?.focus();
  }, []);
  useEffect(() => {
    if (!focusTask || !listed) return;
    pendingFocus.current = focusTask.taskId;
    onFocused?.();
    if (visible.some((r) => r.id === focusTask.taskId)) focusPending(drawn);
    // A filter must not hide the task asked for; cleared outside the effect's own pass.
    else queueMicrotask(() => setQuery(''));
  }, [focusTask, listed, onFocused, visible, drawn, focusPending]);
  // Once drawn: a task below the first screen is focused when the rest of the rows arrive.
  useEffect(() => {
    // Unpinned before its row was drawn: no row is coming, and the first one takes focus as it
    // would have.
    if (pendingFocus.current !== null && !pinnedIds.has(pendingFocus.current)) {
      pendingFocus.current = null;
      if (firstRowTakesFocus && nothingFocused() && drawn[0]) focusFirstRow(drawn[0].id);
    }
    focusPending(drawn);
  }, [drawn, pinnedIds, focusPending, firstRowTakesFocus]);

  // `/` jumps to the filter from anywhere that is not a text field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || isTextEntry(e.target)) return;
      if (!filterRef.current) return;
      e.preventDefault();
      filterRef.current.focus();
      filterRef.current.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!announcement || announcement.tone === 'error') return;
    const timer = setTimeout(
      () => setAnnouncement((a) => (a === announcement ? null : a)),
      announcement.undoPinOf ? ANNOUNCEMENT_MS.undo : ANNOUNCEMENT_MS.info,
    );
    return () => clearTimeout(timer);
  }, [announcement]);

  const { unpin, pin, update } = tasks;

  // Read when a row is unpinned, not when drawn: the handler keeps its identity across main's events.
  const shownRows = useRef(rows);
  useEffect(() => {
    shownRows.current = rows;
  }, [rows]);
  const setPriority = useCallback(
    (taskId: string, priority: TaskPriority) => {
      // As a status click on the one shown: nothing to send.
      if (shownRows.current.find((r) => r.id === taskId)?.priority === priority) return;
      void update(taskId, { priority });
    },
    [update],
  );
  const onUnpin = useCallback(
    (taskId: string) => {
      const row = shownRows.current.find((r) => r.id === taskId);
      const title = row?.title ?? taskId;
      void unpin(taskId).then((r) =>
        setAnnouncement(
          r.ok
            ? { text: `Unpinned “${title}”.`, tone: 'info', undoPinOf: row?.ref ?? { taskId } }
            : { text: `Could not unpin “${title}”: ${r.error.message}`, tone: 'error' },
        ),
      );
    },
    [unpin],
  );

  const pinOffered = useCallback(
    async (ref: TaskRef) => {
      const { taskId } = ref;
      const r = await pin(ref);
      if (r.ok) revealRow(r.value.id);
      setAnnouncement(
        r.ok
          ? { text: `Pinned ${displayText(r.value.snapshot?.title ?? taskId)}.`, tone: 'info' }
          : { text: `Could not pin ${taskId}: ${r.error.message}`, tone: 'error' },
      );
      return r;
    },
    [pin],
  );

  // The person filters: a linked row still on its way is no longer what they are after.
  const filterBy = useCallback((text: string) => {
    pendingFocus.current = null;
    setQuery(text);
  }, []);
  const typeToFilter = useCallback((text: string) => {
    pendingFocus.current = null;
    setQuery((q) => q + text);
    filterRef.current?.focus();
  }, []);

  let body: ReactNode;
  if (state.phase === 'loading')
    body = (
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
  else if (state.phase === 'error')
    body = (
      <Notice tone="error" role="alert" title="Could not load your tasks">
        <p>{state.error.message}</p>
        <button type="button" className="link-button" onClick={tasks.reload}>
          Try again
        </button>
      </Notice>
    );
  else if (rows.length === 0)
    body = (
      <div className="empty">
        <p className="empty__title">No pinned tasks yet</p>
        <p className="muted">
          Paste a task id (tski_…) or a link to a task from the web app below, and it stays here for
          a quick status change.
        </p>
      </div>
    );
  else if (visible.length === 0)
    body = (
      <p className="empty muted" role="status">
        No pinned task matches “{query}”.
      </p>
    );
  else
    body = (
      <TaskList
        rows={drawn}
        now={now}
        onStatus={tasks.setStatus}
        onUnpin={onUnpin}
        onDismissError={tasks.dismissError}
        apiKey={props.apiKey ?? false}
        onPriority={setPriority}
        // Closed rows show their buttons' glyphs on hover only (opacity 0 otherwise): their
        // SVG, two per row, was about a seventh of the first screen's work. Drawn right after it.
        glyphs={!firstScreenOnly}
        // Opened by the focus it is about to get, it would be drawn twice and laid out twice
        // before the first paint (~7 ms of the popup's first frame here). Read only as the list mounts.
        initialOpenId={firstRowTakesFocus && nothingFocused() ? (drawn[0]?.id ?? null) : null}
        {...(props.onOpenTask ? { onOpen: props.onOpenTask } : {})}
        {...(showFilter ? { onTypeToFilter: typeToFilter } : {})}
        {...(listSelection ? { selection: listSelection } : {})}
      />
    );

  return (
    <main className="tasks" aria-labelledby="tasks-heading">
      <div className="tasks__bar">
        <h2 id="tasks-heading" className="tasks__heading">
          Pinned tasks
          {state.phase === 'ready' && rows.length > 0 && (
            <span className="tasks__count">{rows.length}</span>
          )}
        </h2>
        {showFilter && (
          <TaskFilter
            ref={filterRef}
            value={query}
            onChange={filterBy}
            onLeave={() => {
              const first = visible[0];
              if (first) focusRow(first.id);
            }}
          />
        )}
        {canSelect && (
          <button
            ref={selectButton}
            type="button"
            className="button button--small tasks__select"
            aria-pressed={select.active}
            title="Select several tasks to change them at once"
            onClick={select.active ? leaveSelect : select.start}
          >
            Select
          </button>
        )}
      </div>
      <div className="tasks__scroll">{body}</div>
      {select.active && (
        <div className="tasks__footer" ref={footer}>
          <Suspense fallback={<div className="bulk bulk--loading" aria-busy="true" />}>
            <BulkBar tasks={tasks} shown={shownIds} select={select} onLeave={leaveSelect} />
          </Suspense>
        </div>
      )}
      {/* Hidden, not removed, in select mode: a half-typed id in the pin field is kept. */}
      <div className="tasks__footer" hidden={select.active}>
        <div role="status" className="announce">
          {announcement && (
            <Notice
              tone={announcement.tone}
              onDismiss={() => setAnnouncement(null)}
              dismissLabel="Dismiss message"
            >
              <p>
                {announcement.text}{' '}
                {announcement.undoPinOf && (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => void pinOffered(announcement.undoPinOf!)}
                  >
                    Undo
                  </button>
                )}
              </p>
            </Notice>
          )}
        </div>
        {clip.offer && !pinnedIds.has(clip.offer.taskId) && (
          <Suspense fallback={null}>
            <ClipboardOffer offer={clip.offer} onPin={pinOffered} onDismiss={clip.dismiss} />
          </Suspense>
        )}
        <PinForm
          pinnedIds={pinnedIds}
          onPin={pin}
          onPinned={(v) => {
            revealRow(v.id);
            setAnnouncement({
              text: `Pinned ${displayText(v.snapshot?.title ?? v.id)}.`,
              tone: 'info',
            });
          }}
          // An unpin's Undo stays its ten seconds: typing a new id does not take it away.
          onStale={() => setAnnouncement((a) => (a?.undoPinOf ? a : null))}
          onAlreadyPinned={(taskId) => {
            setQuery('');
            setAnnouncement({ text: 'That task is already pinned.', tone: 'info' });
            // After the filter is cleared the row is in the list again.
            requestAnimationFrame(() => focusRow(taskId));
          }}
        />
      </div>
    </main>
  );
}
