import { Suspense, useCallback, useMemo } from 'react';
import { useAnnouncement } from '../hooks/use-announcement';
import { useClipboardRef } from '../hooks/use-clipboard-ref';
import { useFirstScreenRows } from '../hooks/use-first-screen-rows';
import { useLinkedRowFocus } from '../hooks/use-linked-row-focus';
import { nothingFocused } from '../hooks/use-list-ready-on-open';
import { useNow } from '../hooks/use-now';
import { usePinnedActions } from '../hooks/use-pinned-actions';
import { useSelectBar } from '../hooks/use-select-bar';
import { useTaskFilter } from '../hooks/use-task-filter';
import { useTasks } from '../hooks/use-tasks';
import { PinFooter } from './PinFooter';
import { TaskListBody } from './TaskListBody';
import { TasksBar } from './TasksBar';
// Changing several tasks at once is occasional: its bar is one of the later parts. So is My
// work (compliance tasks, task items assigned), asked for as the pins' first screen has painted.
import { BulkBar, MyWork, Search } from './later';

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
    /** The places the empty list sends a person to first (pasting comes last). */
    readonly onOpenAssigned?: () => void;
    readonly onOpenBrowse?: () => void;
    /** A compliance task's own view, from My work (shown on Home, above the pins, with the places). */
    readonly onOpenComplianceTask?: ((taskId: string, ask?: 'not_relevant') => void) | undefined;
  } = {},
) {
  const tasks = useTasks();
  const now = useNow();
  const clip = useClipboardRef();
  const [announcement, announce] = useAnnouncement();
  const { rows, state } = tasks;
  const ready = state.phase === 'ready';
  const pinnedIds = useMemo(() => new Set(rows.map((r) => r.id)), [rows]);
  const filter = useTaskFilter(rows);
  const { visible, clearQuery, setQuery, query } = filter;
  const shownIds = useMemo(() => visible.map((r) => r.id), [visible]);
  const { drawn, firstScreenOnly } = useFirstScreenRows(ready, visible);
  const { select, canSelect, leaveSelect, listSelection, selectButton, footer } = useSelectBar(
    shownIds,
    pinnedIds,
    ready ? rows.length : null,
  );
  const { firstRowTakesFocus, forget } = useLinkedRowFocus({
    focusTask: props.focusTask,
    onFocused: props.onFocused,
    rows: ready ? rows : null,
    pinnedIds,
    visible,
    drawn,
    clearFilter: clearQuery,
  });
  const actions = usePinnedActions(tasks, announce, clearQuery);

  const filterBy = useCallback(
    (text: string) => {
      forget();
      setQuery(text);
    },
    [forget, setQuery],
  );
  const { filterRef } = filter;
  const typeToFilter = useCallback(
    (text: string) => {
      forget();
      setQuery((q) => q + text);
      filterRef.current?.focus();
    },
    [forget, setQuery, filterRef],
  );

  return (
    <main className="tasks" aria-labelledby="tasks-heading">
      <TasksBar
        count={ready ? rows.length : null}
        filter={{
          value: query,
          onChange: filterBy,
          firstId: visible[0]?.id ?? null,
        }}
        select={
          canSelect
            ? { active: select.active, onClick: select.active ? leaveSelect : select.start }
            : null
        }
        filterRef={filterRef}
        selectRef={selectButton}
      />
      <div className="tasks__scroll">
        {props.onOpenAssigned && !firstScreenOnly && (
          <Suspense fallback={null}>
            <MyWork {...props} />
          </Suspense>
        )}
        <TaskListBody
          tasks={tasks}
          query={query}
          visibleCount={visible.length}
          {...(props.onOpenAssigned && props.onOpenBrowse
            ? { places: { onOpenAssigned: props.onOpenAssigned, onOpenBrowse: props.onOpenBrowse } }
            : {})}
          list={{
            rows: drawn,
            now,
            onStatus: actions.setStatus,
            onUnpin: actions.onUnpin,
            onDismissError: tasks.dismissError,
            apiKey: props.apiKey ?? false,
            onPriority: actions.setPriority,
            // Closed rows show their buttons' glyphs on hover only (opacity 0 otherwise): their
            // SVG, two per row, was about a seventh of the first screen's work. Drawn right after it.
            glyphs: !firstScreenOnly,
            // Opened by the focus it is about to get, it would be drawn twice and laid out twice
            // before the first paint (~7 ms of the popup's first frame here). Read only as the list mounts.
            initialOpenId: firstRowTakesFocus && nothingFocused() ? (drawn[0]?.id ?? null) : null,
            ...(props.onOpenTask ? { onOpen: props.onOpenTask } : {}),
            onTypeToFilter: typeToFilter,
            ...(listSelection ? { selection: listSelection } : {}),
          }}
        />
        {query && (
          <Suspense fallback={null}>
            <Search {...props} query={query} />
          </Suspense>
        )}
      </div>
      {select.active && (
        <div className="tasks__footer" ref={footer}>
          <Suspense fallback={<div className="bulk bulk--loading" aria-busy="true" />}>
            <BulkBar tasks={tasks} shown={shownIds} select={select} onLeave={leaveSelect} />
          </Suspense>
        </div>
      )}
      <PinFooter
        hidden={select.active}
        announcement={announcement}
        onDismiss={() => announce(null)}
        pinOffered={actions.pinOffered}
        offer={clip.offer && !pinnedIds.has(clip.offer.ref.taskId) ? clip.offer : null}
        onDismissOffer={clip.dismiss}
        form={{
          pinnedIds,
          onPin: tasks.pin,
          onPinned: actions.onPinned,
          onStale: actions.onStale,
          onAlreadyPinned: actions.onAlreadyPinned,
        }}
      />
    </main>
  );
}
