import { useEffect, useRef } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { TaskPriority, TaskStatus } from '../../common/task-values';
import type { TaskRowModel } from '../lib/task-model';
import { isTextEntry, taskKey } from '../lib/task-keys';
import { useOpenRow } from '../hooks/use-open-row';
import { TaskRow } from './TaskRow';

/** Clicks on these do their own thing; a click anywhere else on a row toggles it in select mode. */
const CONTROLS = 'button, input, a, [role="alert"]';

/** Rows a Page key moves: a screenful of closed rows, less one kept in sight. */
function pageOf(els: readonly HTMLElement[], at: number): number {
  const scroller = els[0]?.closest<HTMLElement>('.tasks__scroll, .browse') ?? null;
  const rowHeight = els[at === 0 ? 1 : 0]?.offsetHeight ?? 0;
  if (!scroller || rowHeight === 0) return 10;
  return Math.max(1, Math.floor(scroller.clientHeight / rowHeight) - 1);
}

/** Where ↑/↓, Home/End and PageUp/PageDown go from row `at`; null for other keys. */
function moveTo(key: string, at: number, els: readonly HTMLElement[]): number | null {
  const last = els.length - 1;
  switch (key) {
    case 'ArrowDown':
      return Math.min(at + 1, last);
    case 'ArrowUp':
      return Math.max(at - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return Math.min(at + pageOf(els, at), last);
    case 'PageUp':
      return Math.max(at - pageOf(els, at), 0);
    default:
      return null;
  }
}

/** Select mode, as the list needs it: which rows are ticked and how to change that. */
export interface ListSelection {
  readonly ids: ReadonlySet<string>;
  toggle(taskId: string, range: boolean): void;
  add(taskIds: readonly string[]): void;
}

/**
 * The rows and their keys, one handler for all: the list is one Tab stop,
 * ↑/↓ move between tasks, Home/End to the first and last, PageUp/PageDown a
 * screenful, 1–5 set the status of
 * the task holding focus, Shift+1–4 its priority, Enter opens it (or,
 * where there is no task view, goes into its status switch; Esc comes
 * back), Delete (or Backspace, the Mac's delete key) unpins it, P pins it
 * where it is not pinned, and any other letter starts filtering (`/` and `?`
 * are the page's: the filter, the keys). The row
 * holding focus is the open one. In select mode, Space
 * (or a click on the row) ticks the focused task, Shift+Space or Shift-click
 * ticks the range from the last one, and Shift+↑/↓ extend the selection.
 */
export function TaskList(props: {
  readonly rows: readonly TaskRowModel[];
  readonly now: Date;
  readonly onStatus: (taskId: string, status: TaskStatus) => void;
  readonly onUnpin: (taskId: string) => void;
  readonly onDismissError: (taskId: string) => void;
  readonly onTypeToFilter?: (text: string) => void;
  readonly selection?: ListSelection;
  /** Browse lists tasks that may not be pinned: each row offers Pin or Unpin as it is. */
  readonly pinning?: {
    readonly isPinned: (taskId: string) => boolean;
    readonly onPin: (taskId: string) => void;
  };
  readonly label?: string;
  /** Signed in with an API key: rows changed from here say whose name the service put on it. */
  readonly apiKey?: boolean;
  /** Opens a task's own view (Enter, or the row's Open button); without it Enter goes into the status switch. */
  readonly onOpen?: (taskId: string) => void;
  readonly onPriority?: (taskId: string, priority: TaskPriority) => void;
  /** Closed rows' button glyphs (shown on hover only); an open row always has them. */
  readonly glyphs?: boolean;
  /**
   * The row about to take focus as the list appears: drawn open from the first render,
   * so that focus changes nothing and the first frame is already the final one.
   */
  readonly initialOpenId?: string | null;
}) {
  const { rows, onStatus, onUnpin, onTypeToFilter, selection, pinning } = props;
  const list = useRef<HTMLUListElement>(null);
  const { openId, lastId, handlers } = useOpenRow(props.initialOpenId);
  // One Tab stop for the whole list (the row last focused, else the first): ↑/↓ move inside.
  const stopId = lastId !== null && rows.some((r) => r.id === lastId) ? lastId : rows[0]?.id;
  // After an unpin, focus goes to the row that took its place.
  const focusIndexAfterChange = useRef<number | null>(null);

  const rowElements = () =>
    Array.from(list.current?.querySelectorAll<HTMLElement>(':scope > li[data-task-id]') ?? []);

  useEffect(() => {
    const index = focusIndexAfterChange.current;
    if (index === null) return;
    focusIndexAfterChange.current = null;
    const els = rowElements();
    els[Math.min(index, els.length - 1)]?.focus();
  }, [rows]);

  // A change the service refused rolls its row back with the reason: bring that into view.
  const errorsShown = useRef(new Map<string, unknown>());
  useEffect(() => {
    const before = errorsShown.current;
    const fresh = rows.find((r) => r.error !== null && before.get(r.id) !== r.error);
    errorsShown.current = new Map(rows.map((r) => [r.id, r.error]));
    if (!fresh || before.size === 0) return;
    list.current
      ?.querySelector<HTMLElement>(`li[data-task-id="${fresh.id}"] .task__error`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [rows]);

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented || isTextEntry(e.target)) return;
    const els = rowElements();
    const row = (e.target as HTMLElement).closest<HTMLElement>('li[data-task-id]');
    const at = row ? els.indexOf(row) : -1;
    const taskId = row?.dataset.taskId;
    if (at < 0 || !taskId) return;

    if (e.key === 'Enter' && e.target === row) {
      e.preventDefault();
      if (props.onOpen) props.onOpen(taskId);
      else
        (
          row.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]') ??
          row.querySelector<HTMLElement>('[role="radio"]')
        )?.focus();
      return;
    }
    const to = moveTo(e.key, at, els);
    if (to !== null) {
      e.preventDefault();
      els[to]?.focus();
      const toId = els[to]?.dataset.taskId;
      if (selection && e.shiftKey && toId) selection.add([taskId, toId]);
      return;
    }
    // Space on the row itself: on a checkbox or a button inside, Space is theirs.
    if (selection && e.key === ' ' && e.target === row) {
      e.preventDefault();
      selection.toggle(taskId, e.shiftKey);
      return;
    }
    const change = taskKey(e);
    if (change && ('status' in change || props.onPriority)) {
      e.preventDefault();
      if ('status' in change) onStatus(taskId, change.status);
      else props.onPriority!(taskId, change.priority);
      return;
    }
    if (e.key === 'Delete' || e.key === 'Backspace') {
      if (pinning && !pinning.isPinned(taskId)) return;
      e.preventDefault();
      focusIndexAfterChange.current = at;
      onUnpin(taskId);
      return;
    }
    if (pinning && (e.key === 'p' || e.key === 'P') && !pinning.isPinned(taskId)) {
      e.preventDefault();
      pinning.onPin(taskId);
      return;
    }
    // `/` goes to the filter and `?` shows the keys, both from the page (KeysHelp).
    if (onTypeToFilter && e.key.length === 1 && /\S/.test(e.key) && !'/?'.includes(e.key)) {
      e.preventDefault();
      onTypeToFilter(e.key);
    }
  };

  const onClick = (e: MouseEvent<HTMLUListElement>) => {
    const target = e.target as HTMLElement;
    if (!selection || target.closest(CONTROLS)) return;
    const taskId = target.closest<HTMLElement>('li[data-task-id]')?.dataset.taskId;
    if (taskId) selection.toggle(taskId, e.shiftKey);
  };

  return (
    // Key and click handling is delegated here from the focusable rows inside.
    <ul
      ref={list}
      className="task-list"
      aria-label={props.label ?? 'Pinned tasks'}
      onKeyDown={onKeyDown}
      onClick={onClick}
      {...handlers}
    >
      {rows.map((r) => (
        <TaskRow
          key={r.id}
          row={r}
          now={props.now}
          open={r.id === openId}
          tabStop={r.id === stopId}
          apiKey={props.apiKey ?? false}
          glyphs={props.glyphs ?? true}
          {...(props.onOpen ? { onOpen: props.onOpen } : {})}
          onStatus={onStatus}
          onUnpin={onUnpin}
          onDismissError={props.onDismissError}
          {...(selection ? { selected: selection.ids.has(r.id), onSelect: selection.toggle } : {})}
          {...(pinning ? { pinned: pinning.isPinned(r.id), onPin: pinning.onPin } : {})}
        />
      ))}
    </ul>
  );
}
