import { Suspense, useCallback, useMemo, useState } from 'react';
import { useAnnouncement } from '../hooks/use-announcement';
import { useFirstScreenRows } from '../hooks/use-first-screen-rows';
import { useMyWork } from '../hooks/use-my-work';
import { useLinkedRowFocus } from '../hooks/use-linked-row-focus';
import { nothingFocused } from '../hooks/use-list-ready-on-open';
import { useNow } from '../hooks/use-now';
import { usePinnedActions } from '../hooks/use-pinned-actions';
import { useSelectBar } from '../hooks/use-select-bar';
import { useTaskFilter } from '../hooks/use-task-filter';
import { useTasks } from '../hooks/use-tasks';
import type { ComplianceRowModel } from '../lib/compliance-rows';
import { PinFooter } from './PinFooter';
import { TaskListBody } from './TaskListBody';
import { TasksBar } from './TasksBar';
// Changing several tasks at once is occasional: its bar is one of the later parts. So are
// search's results, asked for as the person first types.
import { BulkBar, Search } from './later';

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
  const [announcement, announce] = useAnnouncement();
  const { rows, state } = tasks;
  const ready = state.phase === 'ready';
  const pinnedIds = useMemo(() => new Set(rows.map((r) => r.id)), [rows]);
  const filter = useTaskFilter(rows);
  const { visible, clearQuery, setQuery, query } = filter;
  const shownIds = useMemo(() => visible.map((r) => r.id), [visible]);
  const { drawn, firstScreenOnly } = useFirstScreenRows(ready, visible);
  // My work (compliance tasks, task items assigned): its own file, asked for as the pins' first
  // screen has painted.
  const MyWork = useMyWork(!!props.onOpenAssigned && !firstScreenOnly);
  // My work's compliance tasks, as it draws them: selectable beside the pins.
  const [work, setWork] = useState<readonly ComplianceRowModel[]>([]);
  const workIds = useMemo(() => work.map((r) => r.id), [work]);
  const bar = useSelectBar(shownIds, pinnedIds, ready ? rows.length : null, workIds);
  const { select, canSelect, leaveSelect, listSelection, selectButton, footer } = bar;
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
        {MyWork && (
          // eslint-disable-next-line react-hooks/static-components -- its module's own component, the same at every render
          <MyWork {...props} onWork={setWork} selection={listSelection} />
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
            <BulkBar
              tasks={tasks}
              work={work}
              shown={bar.shownIds}
              select={select}
              onLeave={leaveSelect}
            />
          </Suspense>
        </div>
      )}
      <PinFooter
        hidden={select.active}
        announcement={announcement}
        onDismiss={() => announce(null)}
        pinOffered={actions.pinOffered}
        // Once the list's first screen is painted, or there will be none (it failed to load).
        watchClipboard={!firstScreenOnly || state.phase === 'error'}
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
