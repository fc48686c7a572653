import { useEffect, useRef } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../common/task-values';
import type { TaskPriority, TaskStatus } from '../../common/task-values';
import type { TaskRowModel } from '../lib/task-model';
import { useOpenRow } from '../hooks/use-open-row';
import { TaskRow } from './TaskRow';

// A row's checkbox is not text entry: the row keys (↑/↓, 1–5, Delete) work from it too.
const isTextEntry = (el: EventTarget | null): boolean =>
  (el instanceof HTMLInputElement && el.type !== 'checkbox') ||
  (el instanceof HTMLElement && el.tagName === 'TEXTAREA');

/** Clicks on these do their own thing; a click anywhere else on a row toggles it in select mode. */
const CONTROLS = 'button, input, a, [role="alert"]';

/** Select mode, as the list needs it: which rows are ticked and how to change that. */
export interface ListSelection {
  readonly ids: ReadonlySet<string>;
  toggle(taskId: string, range: boolean): void;
  add(taskIds: readonly string[]): void;
}

/**
 * The rows and their keys: ↑/↓ move between tasks, 1–5 set the status of
 * the task holding focus, Shift+1–4 its priority, Enter opens it (or,
 * where there is no task view, goes into its status switch; Esc comes
 * back), Delete (or Backspace, the Mac's delete key) unpins it, P pins it
 * where it is not pinned, and any other letter starts filtering. The row
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
  const { openId, handlers } = useOpenRow(props.initialOpenId);
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
    if (e.altKey || e.ctrlKey || e.metaKey || isTextEntry(e.target)) return;
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
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const to = e.key === 'ArrowDown' ? Math.min(at + 1, els.length - 1) : Math.max(at - 1, 0);
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
    const n = /^[1-5]$/.test(e.key) ? Number(e.key) : 0;
    if (n > 0) {
      e.preventDefault();
      onStatus(taskId, TASK_STATUSES[n - 1]!);
      return;
    }
    // Shift+1–4 set the priority, by the key's place (Shift+digit types a sign). After the
    // status keys: where a digit itself needs Shift (AZERTY), those keys stay statuses.
    const p = e.shiftKey && props.onPriority ? /^Digit([1-4])$/.exec(e.code) : null;
    if (p) {
      e.preventDefault();
      props.onPriority!(taskId, TASK_PRIORITIES[Number(p[1]) - 1]!);
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
    if (onTypeToFilter && e.key.length === 1 && /\S/.test(e.key) && e.key !== '/') {
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
